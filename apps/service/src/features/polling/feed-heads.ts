/**
 * The heads of the feed, kept in memory: for each promoter and each highway authority, the
 * newest event of its works, and the newest event of all. A poll at or past the head of
 * what its caller may see is answered without a query (the most common request: an
 * integrator polling at its head every 30 to 60 seconds).
 *
 * - Current through LISTEN: every event of a work, once numbered at commit, is announced on
 *   `feedChannel` (migration 0010). The heads are read once LISTEN is established, and read
 *   again whenever the LISTEN connection comes back after a loss; until then no poll is
 *   answered from them.
 * - Never ahead of the database: an event is known here only once committed, so a poll
 *   answered empty from the heads is one the database would have answered empty a moment
 *   earlier. An empty page never moves the caller's cursor, so the event is on its next poll:
 *   nothing is skipped, only, for the time a notification takes, not yet seen.
 * - Conservative: the head of a caller's scope is the lower of its promoters' and its
 *   authority's heads (narrower filters, such as dates or workstream prefixes, only leave
 *   events out). A head that is unknown, or a cursor below it, goes to the database.
 * - Stale cursors (interface rule 3): the page at a cursor whose event is more than seven days
 *   old carries a replacement cursor, which needs the database. A poll is answered from the
 *   heads only when a known event at or below the cursor is at most six days old: the event at
 *   the cursor was committed after it, so it is younger than seven days (a transaction lasts
 *   far less than the day between the two).
 */
import { sql } from 'drizzle-orm';
import type { Visibility } from '../../directory/caller.js';
import { queryRows, type Database, type DatabaseHandle } from '../../db/database.js';

/** The channel of migration 0010: `update_id,promoter_org_id,highway_authority_org_id,epoch ms`. */
export const feedChannel = 'street_events_feed';

const dayMs = 24 * 60 * 60 * 1000;
/** How recent a known event at or below the cursor must be for the cursor not to be stale. */
const surelyFreshMs = 6 * dayMs;

interface KnownEvent {
  updateId: number;
  atMs: number;
}

const newer = (a: KnownEvent | undefined, b: KnownEvent | undefined) =>
  a === undefined || (b !== undefined && b.updateId > a.updateId) ? b : a;

export class FeedHeads {
  private readonly byPromoter = new Map<number, KnownEvent>();
  private readonly byAuthority = new Map<number, KnownEvent>();
  private latest: KnownEvent | undefined;
  private ready = false;
  /** Counts the readings of the heads: one overtaken by a lost connection does not make them ready. */
  private readings = 0;

  constructor(private readonly db: Database) {}

  /** Listens on `feedChannel` and reads the heads; resolves to the function that stops listening. */
  async listen(listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
    const stop = await listen(feedChannel, (payload) => (payload === undefined ? this.reread() : this.heard(payload)));
    await this.read();
    return stop;
  }

  /**
   * Whether the feed a caller may see holds nothing after `cursor`, as far as the heads show,
   * with the cursor surely not stale at `nowMs`; false whenever that is not known.
   */
  emptyAfter(visibility: Visibility, cursor: number, nowMs: number): boolean {
    if (!this.ready) return false;
    const known: (KnownEvent | undefined)[] = [this.latest];
    let head = Number.POSITIVE_INFINITY;
    if (visibility.promoterOrgIds !== 'any') {
      const heads = visibility.promoterOrgIds.map((id) => this.byPromoter.get(id));
      // An organisation with no event heard yet may have one committed a moment ago: ask the database.
      if (heads.length === 0 || heads.some((event) => event === undefined)) return false;
      known.push(...heads);
      head = Math.max(...heads.map((event) => event!.updateId));
    }
    if (visibility.highwayAuthorityOrgId !== 'any') {
      const event = this.byAuthority.get(visibility.highwayAuthorityOrgId);
      if (event === undefined) return false;
      known.push(event);
      head = Math.min(head, event.updateId);
    }
    if (head === Number.POSITIVE_INFINITY) head = this.latest?.updateId ?? 0;
    if (cursor < head) return false;
    const evidence = known.filter((event) => event !== undefined && event.updateId <= cursor).reduce(newer, undefined);
    return evidence !== undefined && evidence.atMs >= nowMs - surelyFreshMs;
  }

  private heard(payload: string): void {
    const [updateId, promoter, authority, atMs] = payload.split(',').map(Number) as [number, number, number, number];
    const event = { updateId, atMs };
    this.raise(this.byPromoter, promoter, event);
    this.raise(this.byAuthority, authority, event);
    this.latest = newer(this.latest, event);
  }

  private raise(heads: Map<number, KnownEvent>, id: number, event: KnownEvent): void {
    const head = newer(heads.get(id), event);
    if (head !== undefined) heads.set(id, head);
  }

  /** Notifications were missed (the LISTEN connection was lost): nothing is answered until the heads are read again. */
  private reread(): void {
    this.ready = false;
    this.read().catch(() => undefined);
  }

  /** Reads every organisation's head (an index probe each) and the newest event; notifications heard meanwhile are kept. */
  private async read(): Promise<void> {
    const reading = ++this.readings;
    const newestOf = (side: string, column: string) =>
      sql`select o.id as org, ${sql.raw(`'${side}'`)} as side, e.update_id, (extract(epoch from e.update_date_time) * 1000)::bigint as at_ms
          from organisations o
          cross join lateral (
            select a.update_id, a.update_date_time from audit_events a
            where ${sql.raw(`a.${column}`)} = o.id and a.update_id is not null
            order by a.update_id desc limit 1) e`;
    const rows = await queryRows<{ org: number | null; side: string; update_id: string; at_ms: string }>(
      this.db,
      sql`${newestOf('promoter', 'promoter_org_id')}
          union all ${newestOf('authority', 'highway_authority_org_id')}
          union all
          select null, 'latest', a.update_id, (extract(epoch from a.update_date_time) * 1000)::bigint
          from (select update_id, update_date_time from audit_events where update_id is not null
                order by update_id desc limit 1) a`,
    );
    for (const row of rows) {
      const event = { updateId: Number(row.update_id), atMs: Number(row.at_ms) };
      if (row.side === 'latest') this.latest = newer(this.latest, event);
      else this.raise(row.side === 'promoter' ? this.byPromoter : this.byAuthority, row.org!, event);
    }
    if (reading === this.readings) this.ready = true;
  }
}
