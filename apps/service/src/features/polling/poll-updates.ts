/**
 * Polling (`GET /works/updates`): the events of the works a caller may see, by update_id.
 *
 * - Rows ascend by update_id. Only events of a work are in the feed; organisation-level
 *   events (contracts and the like) are delivered by notification only.
 * - Cursor: when more rows exist than the page holds, `next_update` is the update_id of the
 *   last row returned, and the client sends it back as `update_id` ("ids above it"), so no
 *   row is skipped or repeated. When no further rows exist, `next_update` is null.
 * - Stale cursor (interface rule 3): when `update_id` is given and nothing comes back, and the
 *   event at that id (or the greatest one below it) is more than seven days old,
 *   `next_update` is the latest update_id (over all events) at least one hour old; otherwise
 *   `next_update` is left out.
 * - `start_date` is inclusive and `end_date` exclusive, so consecutive periods tile.
 * - `exclude_events_from` leaves out the events a username caused.
 * - The query runs under a statement time limit (30 s by default); see query-timeout.ts.
 */
import type { operations, WorkUpdateResponse } from '@street-events/types';
import { parameterConstraints } from '@street-events/types';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { visibilityOf, type Caller, type Visibility } from '../../directory/caller.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { auditEvents, organisations } from '../../db/schema.js';
import { workUpdateSummary } from '../../events/poll-rows.js';
import { ForbiddenError, ValidationError } from '../../shared/errors.js';
import {
  decodedRows,
  enumColumn,
  numberColumn,
  rowKind,
  rowQuery,
  storedColumn,
  timeColumn,
  valueColumn,
  type RowQuery,
} from '../../db/array-rows.js';
import type { FeedHeads } from './feed-heads.js';
import { jsonListBytes } from '../../db/json-bytes.js';
import { defaultStatementTimeoutMs, withQueryTimeout, type TimedQuery } from '../../db/query-timeout.js';

/** The query of `GET /works/updates`, as validated against the document. */
export type PollUpdatesParams = NonNullable<operations['getWorkUpdates']['parameters']['query']>;

export interface QueryOptions extends TimedQuery {
  now?: Clock;
  /** The heads of the feed, when kept: a poll at its caller's head is then answered without a query. */
  heads?: FeedHeads;
  /**
   * Called just before the database is queried (a poll answered from the feed's heads is not):
   * throws when the caller may not query now; the function it returns is called when done.
   */
  admit?: () => () => void;
  /** Update ids one poll reads past its cursor at most; `defaultPollScanUpdates` by default. */
  pollScanUpdates?: number;
  /**
   * The last update_id polling shows now (undefined: all), asked before each query: the feed ends
   * there, so what is shown is always a prefix of it (the sandbox's visibility lag, sandbox/chaos).
   */
  horizon?: () => Promise<number | undefined>;
}

/**
 * Update ids one poll reads past its cursor at most, whatever its filters: a page that does not
 * fill within them ends there, with `next_update` to continue from. Update ids are allocated one
 * by one at commit, so this bounds the rows one request reads.
 */
export const defaultPollScanUpdates = 100_000;

const hourMs = 60 * 60 * 1000;
const staleCursorAgeMs = 7 * 24 * hourMs;
const replacementCursorMinAgeMs = hourMs;

/**
 * A page of polling as stored text: each row's JSON (see events/poll-rows.ts), and
 * `next_update` (a number, null, or undefined when the answer leaves it out).
 */
export interface PollPage {
  rows: string[];
  nextUpdate: number | null | undefined;
}

/** The answer's bytes: the same as `JSON.stringify` of the `WorkUpdateResponse`, UTF-8 encoded. */
export function pageBytes(page: PollPage): Buffer {
  const next = page.nextUpdate === undefined ? '' : `,"next_update":${page.nextUpdate}`;
  return jsonListBytes('{"rows":[', page.rows, `]${next}}`);
}

/** Polling, as the document's objects (for callers in this process; the HTTP answer is `pageBytes`). */
export async function pollUpdates(
  db: Database,
  caller: Caller,
  params: PollUpdatesParams,
  options: QueryOptions = {},
): Promise<WorkUpdateResponse> {
  return JSON.parse(pageBytes(await pollPage(db, caller, params, options)).toString()) as WorkUpdateResponse;
}

export async function pollPage(
  db: Database,
  caller: Caller,
  params: PollUpdatesParams,
  options: QueryOptions = {},
): Promise<PollPage> {
  const pageSize = params.page_size ?? parameterConstraints.getWorkUpdates.page_size.default;
  const cursor = params.update_id ?? 0;
  const startDate = params.start_date === undefined ? undefined : new Date(params.start_date);
  const endDate = params.end_date === undefined ? undefined : new Date(params.end_date);
  if (startDate && endDate && endDate < startDate) {
    throw new ValidationError('end_date must not be earlier than start_date', 'end_date', { rule: 'formatMinimum' });
  }
  const prefixes = params.workstream_prefix ?? [];
  const now = (options.now ?? systemClock)();
  const narrowed = narrowToPromoter(caller, params.swa_code);
  if (
    params.update_id !== undefined &&
    narrowed !== swaCodeLookup &&
    options.heads?.emptyAfter(narrowed, cursor, now.getTime())
  ) {
    return { rows: [], nextUpdate: undefined };
  }

  const horizon = await options.horizon?.();
  const release = options.admit?.();
  try {
    const limitMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
    const filter = { cursor, startDate, endDate, excluded: params.exclude_events_from, prefixes, limit: pageSize + 1 };
    const scanUpdates = options.pollScanUpdates ?? defaultPollScanUpdates;
    return await withQueryTimeout(
      db,
      limitMs,
      async (tx) => {
        const visibility =
          narrowed === swaCodeLookup ? await promotersOfSwaCode(tx, caller, params.swa_code!) : narrowed;
        const walk = (await outsideFeedTimes(tx, filter))
          ? { found: [], bound: undefined }
          : await boundedWalk(tx, { ...filter, ...visibility }, scanUpdates, horizon);
        return pageOf(tx, walk, params, pageSize, now);
      },
      options.startedAt,
    );
  } finally {
    release?.();
  }
}

/** The events, as the queries below name them (`audit_events a`). */
const a = alias(auditEvents, 'a');

/** Rows found after the cursor, and the last update id read when the walk stopped at its bound (more updates follow). */
interface Walk {
  found: FeedRow[];
  bound: number | undefined;
}

/** The page of a walk: full (with the cursor of its last row), stopped at the bound, or the end of the feed (rule 3 then). */
async function pageOf(
  db: Database,
  walk: Walk,
  params: PollUpdatesParams,
  pageSize: number,
  now: Date,
): Promise<PollPage> {
  const page = walk.found.slice(0, pageSize);
  const rows = await storedRows(db, page);
  if (walk.found.length > pageSize) return { rows, nextUpdate: page[page.length - 1]!.updateId };
  if (walk.bound !== undefined) return { rows, nextUpdate: walk.bound };
  if (rows.length > 0 || params.update_id === undefined) return { rows, nextUpdate: null };
  return { rows, nextUpdate: await replacementCursor(db, params.update_id, now) };
}

/** Whether the period lies wholly outside the times of every event (end before the oldest, start after the newest): then nothing matches. */
async function outsideFeedTimes(db: Database, filter: { startDate?: Date; endDate?: Date }): Promise<boolean> {
  if (filter.startDate === undefined && filter.endDate === undefined) return false;
  const end = filter.endDate?.toISOString() ?? null;
  const start = filter.startDate?.toISOString() ?? null;
  const [span] = await decodedRows(db, 'poll_feed_times', feedTimes, [end, end, start, start]);
  return span?.outside === true;
}

/**
 * True when the period ends ($1) before the oldest event, or starts ($3) after the newest:
 * each a probe of the index of event times.
 */
const feedTimes = rowQuery(
  rowKind({
    outside: valueColumn<boolean>(
      sql`(${sql.param('')}::timestamptz is not null and not exists
             (select 1 from audit_events a where a.update_date_time < ${sql.param('')}::timestamptz))
          or (${sql.param('')}::timestamptz is not null and not exists
             (select 1 from audit_events a where a.update_date_time >= ${sql.param('')}::timestamptz))`,
    ),
  }),
  (columns) => sql`select ${columns}`,
);

/**
 * The walk of `pollRows` within `scanUpdates` update ids of the cursor and up to the horizon (the
 * feed's end for this poll); a page not filled before the horizon asks whether the feed goes on.
 */
async function boundedWalk(
  db: Database,
  filter: PollFilter,
  scanUpdates: number,
  horizon = Number.MAX_SAFE_INTEGER,
): Promise<Walk> {
  const bound = Math.min(filter.cursor + scanUpdates, horizon, Number.MAX_SAFE_INTEGER);
  const found = await pollRows(db, { ...filter, bound });
  if (found.length >= filter.limit || bound >= horizon) return { found, bound: undefined };
  const [after] = await decodedRows(db, 'poll_feed_after', feedAfter, [bound]);
  return { found, bound: after?.more === true ? bound : undefined };
}

/** Whether any update id is above $1. */
const feedAfter = rowQuery(
  rowKind({
    more: valueColumn<boolean>(sql`exists (select 1 from audit_events a where a.update_id > ${sql.param(0)}::bigint)`),
  }),
  (columns) => sql`select ${columns}`,
);

/** The rows' stored JSON; a row not stored yet (an event older than the stored rows) is built from its columns. */
async function storedRows(db: Database, page: FeedRow[]): Promise<string[]> {
  const missing = page.filter((row) => row.pollRow === null).map((row) => row.updateId);
  if (missing.length === 0) return page.map((row) => row.pollRow!);
  const built = new Map<number, string>();
  for (const row of await decodedRows(db, 'poll_rows_unstored', unstoredRows, [missing])) {
    built.set(row.updateId, JSON.stringify(workUpdateSummary(row, row.updateId)));
  }
  return page.map((row) => row.pollRow ?? built.get(row.updateId)!);
}

/** The rows whose JSON is not stored yet: the columns it is built from (`PollRowFields`), with the update id. */
const unstoredRows = rowQuery(
  rowKind({
    updateId: numberColumn(a.updateId),
    // The feed holds only events of a work, which name it.
    workReferenceNumber: valueColumn<string>(sql`${a.workReferenceNumber}`),
    updateDateTime: timeColumn(a.updateDateTime),
    eventType: enumColumn(a.eventType),
    objectType: enumColumn(a.objectType),
    parentObjectReferenceNumber: storedColumn(a.parentObjectReferenceNumber),
    objectReferenceNumber: storedColumn(a.objectReferenceNumber),
  }),
  (columns) => sql`select ${columns} from audit_events a where a.update_id = any(${sql.param([])}::bigint[])`,
);

interface PollFilter extends Visibility {
  cursor: number;
  /** The last update id the walk may read; none when undefined. */
  bound?: number;
  startDate: Date | undefined;
  endDate: Date | undefined;
  excluded: string | undefined;
  prefixes: readonly string[];
  limit: number;
}

type Given<F extends keyof PollFilter> = Exclude<PollFilter[F], undefined>;

/**
 * One filter of the poll: the field of `PollFilter` it reads, the letter it adds to the name of
 * the statement, whether a poll has it (whenever the field is given, unless `when` says
 * otherwise), its condition, and the condition's parameter made from the field (none when the
 * condition takes none).
 */
interface PollFilterEntry<F extends keyof PollFilter> {
  field: F;
  letter: string;
  when?(value: Given<F>): boolean;
  condition: SQL;
  parameter?(value: Given<F>): unknown;
}

const filterOn = <F extends keyof PollFilter>(entry: PollFilterEntry<F>): PollFilterEntry<keyof PollFilter> => entry;

/**
 * The filters a poll may have, in the order of their conditions and parameters. The promoters
 * and the workstream prefixes are one array parameter each, so that the text does not vary with
 * their number; no promoter at all is a condition without a parameter.
 */
const pollFilters: readonly PollFilterEntry<keyof PollFilter>[] = [
  filterOn({
    field: 'bound',
    letter: 'b',
    condition: sql`a.update_id <= ${sql.param(0)}::bigint`,
    parameter: (bound) => bound,
  }),
  filterOn({
    field: 'promoterOrgIds',
    letter: 'n',
    when: (ids) => ids !== 'any' && ids.length === 0,
    condition: sql`false`,
  }),
  filterOn({
    field: 'promoterOrgIds',
    letter: 'p',
    when: (ids) => ids !== 'any' && ids.length > 0,
    condition: sql`a.promoter_org_id = any(${sql.param([])}::int[])`,
    parameter: (ids) => ids,
  }),
  filterOn({
    field: 'highwayAuthorityOrgId',
    letter: 'h',
    when: (id) => id !== 'any',
    condition: sql`a.highway_authority_org_id = ${sql.param(0)}`,
    parameter: (id) => id,
  }),
  filterOn({
    field: 'startDate',
    letter: 's',
    condition: sql`a.update_date_time >= ${sql.param('')}::timestamptz`,
    parameter: (date) => date.toISOString(),
  }),
  filterOn({
    field: 'endDate',
    letter: 'e',
    condition: sql`a.update_date_time < ${sql.param('')}::timestamptz`,
    parameter: (date) => date.toISOString(),
  }),
  filterOn({
    field: 'excluded',
    letter: 'x',
    condition: sql`(a.acting_username is null or a.acting_username <> ${sql.param('')})`,
    parameter: (username) => username,
  }),
  filterOn({
    field: 'prefixes',
    letter: 'w',
    when: (prefixes) => prefixes.length > 0,
    condition: sql`a.workstream_prefix = any(${sql.param([])}::text[])`,
    parameter: (prefixes) => prefixes,
  }),
];

/** A row of the feed: its update id and its stored JSON (null while not stored yet). */
const feedRow = rowKind({ updateId: numberColumn(a.updateId), pollRow: storedColumn(a.pollRow) });
type FeedRow = ReturnType<typeof feedRow.decode>;

/** The queries of the shapes met so far, by statement name. */
const pollStatements = new Map<string, RowQuery<FeedRow>>();

/**
 * The SQL text of a shape (the filters a poll has), compiled once. Parameters in order: the
 * cursor, then those of the filters present, and the limit last. The limit is a parameter, so
 * that a connection prepares one statement per shape, not one per page size: the polling pool's
 * planner walks the index in order whatever limit it assumes (see db/database.ts).
 */
function pollQuery(filters: readonly PollFilterEntry<keyof PollFilter>[]): RowQuery<FeedRow> {
  const conditions = [
    sql`a.update_id > ${sql.param(0)}::bigint`,
    sql`a.work_id is not null`,
    ...filters.map((filter) => filter.condition),
  ];
  return rowQuery(
    feedRow,
    (columns) => sql`select ${columns}
        from audit_events a
        where ${sql.join(conditions, sql` and `)}
        order by a.update_id
        limit ${sql.param(0)}::int`,
  );
}

/**
 * The feed's rows after the cursor (and up to the bound). One table, read along `update_id` (or
 * along the promoter's or authority's `(…, update_id)` index); the SQL text depends only on which
 * filters are present (`pollFilters`), so each shape is one named statement, compiled once and
 * prepared once per connection (see array-rows.ts).
 */
function pollRows(db: Database, filter: PollFilter): Promise<FeedRow[]> {
  let name = 'poll_';
  const present: PollFilterEntry<keyof PollFilter>[] = [];
  const params: unknown[] = [filter.cursor];
  for (const entry of pollFilters) {
    const value = filter[entry.field];
    if (value === undefined || entry.when?.(value) === false) continue;
    name += entry.letter;
    present.push(entry);
    if (entry.parameter) params.push(entry.parameter(value));
  }
  params.push(Math.trunc(filter.limit));
  let query = pollStatements.get(name);
  if (query === undefined) pollStatements.set(name, (query = pollQuery(present)));
  return decodedRows(db, name, query, params);
}

/** A highway authority's `swa_code`: which promoter it names needs the database. */
const swaCodeLookup = Symbol('swa_code lookup');

/**
 * Applies `swa_code`. A contractor must name a promoter it holds an active contract with (the
 * refusal is the same whether or not the code exists); a planner may name only its own
 * promoter; a highway authority may name a promoter to see only its works in the authority
 * (`promotersOfSwaCode`).
 */
function narrowToPromoter(caller: Caller, swaCode: string | undefined): Visibility | typeof swaCodeLookup {
  const visibility = visibilityOf(caller);
  if (caller.role === 'Contractor') {
    if (swaCode === undefined) {
      throw new ValidationError('a contractor must give swa_code, the promoter it acts for', 'swa_code', {
        rule: 'required',
      });
    }
    const promoter = caller.activeContracts.find((contracted) => contracted.swaCode === swaCode);
    if (!promoter)
      throw new ForbiddenError(
        'the contractor holds no active contract with the promoter of that swa_code',
        'swa_code',
      );
    return { ...visibility, promoterOrgIds: [promoter.id] };
  }
  if (swaCode === undefined) return visibility;
  if (caller.role === 'Planner') {
    if (swaCode !== caller.organisation.swaCode)
      throw new ForbiddenError('a planner may poll only its own promoter', 'swa_code');
    return visibility;
  }
  return swaCodeLookup;
}

async function promotersOfSwaCode(db: Database, caller: Caller, swaCode: string): Promise<Visibility> {
  const promoters = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.swaCode, swaCode), eq(organisations.kind, 'promoter')));
  return { ...visibilityOf(caller), promoterOrgIds: promoters.map((promoter) => promoter.id) };
}

/** Whether the event at the cursor (or the nearest before it) is older than a time. */
const cursorOlderThan = rowQuery(
  rowKind({ olderThan: valueColumn<boolean>(sql`a.update_date_time < ${sql.param('')}::timestamptz`) }),
  (columns) => sql`select ${columns} from audit_events a
      where a.update_id <= ${sql.param(0)}::bigint order by a.update_id desc limit 1`,
);

/** The latest update id at or before a time. */
const latestUpdateAtOrBefore = rowQuery(
  rowKind({ updateId: numberColumn(a.updateId) }),
  (columns) => sql`select ${columns} from audit_events a where a.update_date_time <= ${sql.param('')}::timestamptz
      order by a.update_id desc limit 1`,
);

/** Rule 3: the replacement for a stale cursor, or undefined when the cursor is not stale. */
async function replacementCursor(db: Database, cursor: number, now: Date): Promise<number | undefined> {
  const staleBefore = new Date(now.getTime() - staleCursorAgeMs).toISOString();
  const [stale] = await decodedRows(db, 'poll_cursor_stale', cursorOlderThan, [staleBefore, cursor]);
  if (stale?.olderThan !== true) return undefined;
  const settledBy = new Date(now.getTime() - replacementCursorMinAgeMs).toISOString();
  const [latest] = await decodedRows(db, 'poll_settled_head', latestUpdateAtOrBefore, [settledBy]);
  return latest?.updateId;
}
