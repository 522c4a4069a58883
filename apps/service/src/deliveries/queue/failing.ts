/**
 * Failing endpoints. A subscription's endpoint is failing from the first failed attempt after a
 * success (`failing_since`) until the next delivered one. While failing it gets one attempt in
 * flight at a time (claim.ts), each delivery still retried on the retry schedule, so a dead
 * receiver holds at most one slot of a worker. Failing for `WEBHOOK_DISABLE_AFTER_DAYS` (5 days by
 * default) disables it: the worker removes the subscription (`disableFailing`,
 * features/notifications/upkeep.ts), its pending deliveries with it.
 *
 * Also the pruning of dead letters older than `DEAD_LETTER_DAYS`.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';

/** How long an endpoint may fail before its subscription is disabled unless told otherwise: 5 days. */
export const defaultDisableAfterMs = 5 * 24 * 60 * 60 * 1000;

/** How long dead letters are kept unless told otherwise: 30 days after their message was created. */
export const defaultDeadLetterRetentionMs = 30 * 24 * 60 * 60 * 1000;

/** The subscription's endpoint failed at `at`: failing from then, unless failing already. */
export async function markFailing(db: Database, subscriptionId: number, at: Date): Promise<void> {
  await db.execute(
    sql`update subscriptions set failing_since = ${at} where id = ${subscriptionId} and failing_since is null`,
  );
}

/** The subscription's endpoint took a delivery: no longer failing. */
export async function markRecovered(db: Database, subscriptionId: number): Promise<void> {
  await db.execute(
    sql`update subscriptions set failing_since = null where id = ${subscriptionId} and failing_since is not null`,
  );
}

/** How many subscriptions are failing now (for the metrics). */
export async function failingCount(db: Database): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from subscriptions where failing_since is not null`,
  );
  return Number(row!.count);
}

/** Removes dead letters whose message was created before `before`, in batches; answers how many. */
export async function pruneDeadLetters(db: Database, before: Date, batch = 10_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from deliveries where id in (
            select id from deliveries where status = 'dead' and created_at < ${before} limit ${batch})
          returning id`,
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}
