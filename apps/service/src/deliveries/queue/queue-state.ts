/** The state of the outbox as a whole, for the metrics: what waits, for how long, and what is dead. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';

export interface QueueState {
  /** Deliveries waiting: due, leased, retried later or queued behind another. */
  pending: number;
  /** Age of the oldest pending delivery; null when none is pending. */
  oldestPendingSeconds: number | null;
  /** Dead letters. */
  dead: number;
}

/** The outbox's depth, oldest pending age and dead letters, in one query. */
export async function queueState(db: Database): Promise<QueueState> {
  const [row] = await queryRows<{ pending: number; oldest_seconds: number | null; dead: number }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest_seconds,
               count(*) filter (where status = 'dead')::int as dead
        from deliveries`,
  );
  return { pending: Number(row!.pending), oldestPendingSeconds: row!.oldest_seconds, dead: Number(row!.dead) };
}
