/**
 * The app's local picture, in an embedded PostgreSQL (PGlite) in a data directory: the works
 * seen in the feed, every update of each, their permit summaries, the polling cursor and the
 * subscription. The cursor is written in the same transaction as the updates it covers, so a
 * restart (even after SIGKILL) resumes exactly after the last stored update: nothing is lost
 * and nothing is stored twice.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { NotificationPayload, PermitSummaryResponse, WorkUpdateSummary } from '@street-events/client';
import { migrations, type Migration } from './migrations.js';

/** A work whose stored permits are older than its latest update. */
export interface StaleWork {
  work_reference_number: string;
  /** The work's latest update_id when it was read: what the permits will be fetched for. */
  last_update_id: number;
}

export interface StoredWork {
  work_reference_number: string;
  last_update_id: number;
  last_update_date_time: string;
  /** Whether a permit search has been done since the work's latest update. */
  permits_current: boolean;
  /** The active permit, or else the latest one; null before the first permit search. */
  permit: PermitSummaryResponse | null;
  /** The most recent updates, newest first. */
  events: WorkUpdateSummary[];
  event_count: number;
}

export interface StoredSubscription {
  subscription_reference_number: string;
  api_endpoint: string;
  confirmed_at: string | null;
}

export interface StoreCounts {
  works: number;
  events: number;
  permits: number;
  stale_works: number;
  notifications: number;
}

export class WatchStore {
  private constructor(private readonly db: PGlite) {}

  /** Opens (creating it if needed) the database in `dataDir`, or in memory, and migrates it. */
  static async open(dataDir?: string): Promise<WatchStore> {
    if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create(dataDir);
    const store = new WatchStore(db);
    await store.migrate(migrations);
    return store;
  }

  /** Applies the migrations not yet recorded, each in its own transaction. Returns their versions. */
  async migrate(list: readonly Migration[]): Promise<number[]> {
    await this.db.exec(
      'create table if not exists watch_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await this.db.query<{ version: number }>('select version from watch_migrations')).rows.map((row) => row.version),
    );
    const done: number[] = [];
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await this.db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('insert into watch_migrations (version, name) values ($1, $2)', [
          migration.version,
          migration.name,
        ]);
      });
      done.push(migration.version);
    }
    return done;
  }

  close(): Promise<void> {
    return this.db.close();
  }

  /** Where polling resumes (the `update_id` to send), or undefined before the first poll. */
  async cursor(): Promise<number | undefined> {
    const { rows } = await this.db.query<{ update_id: number }>(
      'select update_id::float8 as update_id from watch_cursor',
    );
    return rows[0]?.update_id;
  }

  /**
   * Stores a page of updates and the cursor that follows it, in one transaction. Updates
   * already stored are left as they are; each work's latest update moves forward only.
   * Returns how many updates were new.
   */
  async applyUpdates(rows: readonly WorkUpdateSummary[], cursor: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      let added = 0;
      if (rows.length > 0) {
        const page = JSON.stringify(rows);
        await tx.query(
          `insert into works (work_reference_number, last_update_id, last_update_date_time)
           select distinct on (r->>'work_reference_number')
                  r->>'work_reference_number', (r->>'update_id')::bigint, (r->>'update_date_time')::timestamptz
           from jsonb_array_elements($1::jsonb) r
           order by r->>'work_reference_number', (r->>'update_id')::bigint desc
           on conflict (work_reference_number) do update
             set last_update_id = excluded.last_update_id, last_update_date_time = excluded.last_update_date_time
             where excluded.last_update_id > works.last_update_id`,
          [page],
        );
        const inserted = await tx.query(
          `insert into work_events (update_id, work_reference_number, row)
           select (r->>'update_id')::bigint, r->>'work_reference_number', r
           from jsonb_array_elements($1::jsonb) r
           on conflict (update_id) do nothing`,
          [page],
        );
        added = inserted.affectedRows ?? 0;
      }
      await tx.query(
        `insert into watch_cursor (update_id) values ($1)
         on conflict (singleton) do update set update_id = excluded.update_id, stored_at = now()`,
        [cursor],
      );
      return added;
    });
  }

  /** Works whose permits are older than their latest update, oldest change first. */
  async staleWorks(limit: number): Promise<StaleWork[]> {
    const { rows } = await this.db.query<StaleWork>(
      `select work_reference_number, last_update_id::float8 as last_update_id from works
       where permits_as_of is null or permits_as_of < last_update_id
       order by last_update_id limit $1`,
      [limit],
    );
    return rows;
  }

  /**
   * Replaces the permits of `searched` works with the summaries a permit search returned
   * (summaries of other works are ignored), and records which update each search reflects:
   * a work updated again meanwhile stays stale and is searched again.
   */
  async storePermits(searched: readonly StaleWork[], summaries: readonly PermitSummaryResponse[]): Promise<void> {
    if (searched.length === 0) return;
    await this.db.transaction(async (tx) => {
      const works = JSON.stringify(searched);
      await tx.query(
        `delete from permits where work_reference_number in
           (select w->>'work_reference_number' from jsonb_array_elements($1::jsonb) w)`,
        [works],
      );
      await tx.query(
        `insert into permits (permit_reference_number, work_reference_number, summary)
         select s->>'permit_reference_number', s->>'work_reference_number', s
         from jsonb_array_elements($1::jsonb) s
         where s->>'work_reference_number' in
           (select w->>'work_reference_number' from jsonb_array_elements($2::jsonb) w)
         on conflict (permit_reference_number) do update set summary = excluded.summary`,
        [JSON.stringify(summaries), works],
      );
      await tx.query(
        `update works set permits_as_of = (w->>'last_update_id')::bigint
         from jsonb_array_elements($1::jsonb) w
         where works.work_reference_number = w->>'work_reference_number'`,
        [works],
      );
    });
  }

  /** The most recently updated works, with their latest permit and their latest `eventsPerWork` updates. */
  async recentWorks(limit: number, eventsPerWork = 20): Promise<StoredWork[]> {
    const { rows } = await this.db.query<StoredWork>(
      `select w.work_reference_number,
              w.last_update_id::float8 as last_update_id,
              to_json(w.last_update_date_time) #>> '{}' as last_update_date_time,
              coalesce(w.permits_as_of >= w.last_update_id, false) as permits_current,
              (select p.summary from permits p where p.work_reference_number = w.work_reference_number
               order by (p.summary->>'is_active_permit')::boolean desc, p.permit_reference_number desc limit 1) as permit,
              (select coalesce(jsonb_agg(e.row order by e.update_id desc), '[]'::jsonb) from
                 (select row, update_id from work_events where work_reference_number = w.work_reference_number
                  order by update_id desc limit $2) e) as events,
              (select count(*)::int from work_events where work_reference_number = w.work_reference_number) as event_count
       from works w
       order by w.last_update_id desc
       limit $1`,
      [limit, eventsPerWork],
    );
    return rows;
  }

  /** Every stored update, in update_id order. */
  async allUpdates(): Promise<WorkUpdateSummary[]> {
    const { rows } = await this.db.query<{ row: WorkUpdateSummary }>('select row from work_events order by update_id');
    return rows.map((r) => r.row);
  }

  /** Every stored permit summary, by permit reference. */
  async allPermits(): Promise<PermitSummaryResponse[]> {
    const { rows } = await this.db.query<{ summary: PermitSummaryResponse }>(
      'select summary from permits order by permit_reference_number',
    );
    return rows.map((r) => r.summary);
  }

  async counts(): Promise<StoreCounts> {
    const { rows } = await this.db.query<StoreCounts>(
      `select (select count(*)::int from works) as works,
              (select count(*)::int from work_events) as events,
              (select count(*)::int from permits) as permits,
              (select count(*)::int from works where permits_as_of is null or permits_as_of < last_update_id) as stale_works,
              (select count(*)::int from received_messages where type = 'Notification') as notifications`,
    );
    return rows[0]!;
  }

  async subscription(): Promise<StoredSubscription | undefined> {
    const { rows } = await this.db.query<StoredSubscription>(
      `select subscription_reference_number, api_endpoint, to_json(confirmed_at) #>> '{}' as confirmed_at
       from watch_subscription`,
    );
    return rows[0];
  }

  /** Records the subscription of `apiEndpoint`; a different reference or endpoint starts unconfirmed. */
  async saveSubscription(subscriptionReferenceNumber: string, apiEndpoint: string): Promise<void> {
    await this.db.query(
      `insert into watch_subscription (subscription_reference_number, api_endpoint) values ($1, $2)
       on conflict (singleton) do update
         set subscription_reference_number = excluded.subscription_reference_number,
             api_endpoint = excluded.api_endpoint,
             subscribed_at = now(),
             confirmed_at = null
         where (watch_subscription.subscription_reference_number, watch_subscription.api_endpoint)
               is distinct from (excluded.subscription_reference_number, excluded.api_endpoint)`,
      [subscriptionReferenceNumber, apiEndpoint],
    );
  }

  /**
   * Records that the subscription was confirmed. The confirmation can arrive before the
   * answer to the subscribe call has been stored, so this records the subscription too.
   */
  async markConfirmed(subscriptionReferenceNumber: string, apiEndpoint: string): Promise<void> {
    await this.db.query(
      `insert into watch_subscription (subscription_reference_number, api_endpoint, confirmed_at) values ($1, $2, now())
       on conflict (singleton) do update
         set subscription_reference_number = excluded.subscription_reference_number,
             api_endpoint = excluded.api_endpoint,
             confirmed_at = coalesce(watch_subscription.confirmed_at, now())`,
      [subscriptionReferenceNumber, apiEndpoint],
    );
  }

  /** Whether a message with this id was received before. */
  async hasReceived(messageId: string): Promise<boolean> {
    const { rows } = await this.db.query('select 1 from received_messages where message_id = $1', [messageId]);
    return rows.length > 0;
  }

  /** Records a received message (with its event, for a notification); false when its id was seen before. */
  async recordReceived(messageId: string, type: string, payload?: NotificationPayload): Promise<boolean> {
    const result = await this.db.query(
      `insert into received_messages (message_id, type, update_id, work_reference_number, event_type) values ($1, $2, $3, $4, $5)
       on conflict (message_id) do nothing`,
      [
        messageId,
        type,
        payload?.update_id ?? null,
        payload?.work_reference_number ?? null,
        payload?.event_type ?? null,
      ],
    );
    return (result.affectedRows ?? 0) > 0;
  }

  /** Runs a query on the store's connection (for tests and tools). */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.db.query<T>(sql, params)).rows;
  }
}
