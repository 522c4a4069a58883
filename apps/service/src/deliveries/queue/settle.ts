/**
 * Recording what became of claimed deliveries, each only while its claim is still this worker's
 * (its lease unchanged): delivered (the delivery leaves the outbox), tried again later on the
 * retry schedule, or dead-lettered after the last attempt. A delivery that leaves its queue
 * (delivered or dead) releases the next one of its queue in the same transaction, so a
 * subscription's deliveries about one work go out in order (see outbox.ts). The attempt goes to
 * the message log in the same transaction (attempt-log.ts).
 *
 * Lock order: the subscription first, then its deliveries. Removing a subscription locks it and
 * then deletes its deliveries; recording an outcome takes the subscription's `KEY SHARE` lock
 * (which the message log's foreign key takes anyway) before any delivery's row, so the two wait
 * for each other instead of deadlocking.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import { subscriptions } from '../../db/schema.js';
import { logAttempts, type AttemptEntry, type Settlement } from '../attempts/attempt-log.js';
import type { Claim } from './claim.js';
import { nextAttempt, type RetryPolicy } from '../attempts/retry-schedule.js';

/** A delivery that has just left its queue (delivered and deleted, or dead). */
interface FinishedDelivery {
  id: string | number;
  subscription_id: number;
  ordering_key: string;
}

/**
 * Makes due the next delivery queued behind each of these, which have just left `pending`;
 * run in the same transaction as that change.
 */
async function releaseSuccessors(tx: Database, finished: readonly FinishedDelivery[]): Promise<void> {
  if (finished.length === 0) return;
  const rows = JSON.stringify(finished.map((row) => ({ ...row, id: String(row.id) })));
  await tx.execute(sql`
    update deliveries s set next_attempt_at = now()
    from (
      select (select min(n.id) from deliveries n
              where n.subscription_id = f.subscription_id and n.ordering_key = f.ordering_key
                and n.status = 'pending' and n.id > f.id) as id
      from jsonb_to_recordset(${rows}::jsonb) as f(id bigint, subscription_id integer, ordering_key text)
    ) next
    where s.id = next.id and s.next_attempt_at = 'infinity'`);
}

/** Takes the `KEY SHARE` locks of the claims' subscriptions, in id order (see lock order above). */
async function lockSubscriptions(tx: Database, claims: readonly AttemptedClaim[]): Promise<void> {
  const ids = claims.map((claim) => claim.entry.delivery.subscription_id);
  await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids))
    .orderBy(asc(subscriptions.id))
    .for('key share');
}

/** A claim whose attempt has been made: the outcome is recorded with the attempt, if the claim is still this worker's. */
export interface AttemptedClaim extends Claim {
  entry: AttemptEntry;
}

const claimsJson = (claims: readonly Claim[]) =>
  JSON.stringify(claims.map(({ id, lease }) => ({ id: String(id), lease: lease.toISOString() })));

/** The claims among `attempted` whose delivery is one of `settled` (their claim was still this worker's). */
const stillMine = (attempted: readonly AttemptedClaim[], settled: readonly { id: string | number }[]) => {
  const ids = new Set(settled.map((row) => String(row.id)));
  return attempted.filter((claim) => ids.has(String(claim.id)));
};

/**
 * Removes delivered deliveries from the outbox (those whose claim is still this worker's, locked
 * in id order), releases what waits behind them and logs their attempts, in one transaction.
 */
export async function markDelivered(db: Database, claims: readonly AttemptedClaim[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSubscriptions(tx, claims);
    const done = await queryRows<FinishedDelivery>(
      tx,
      sql`
      with mine as (
        select d.id from deliveries d
        join jsonb_to_recordset(${claimsJson(claims)}::jsonb) as v(id bigint, lease timestamptz)
          on d.id = v.id and d.lease_until = v.lease
        order by d.id
        for update of d
      )
      delete from deliveries d using mine where d.id = mine.id
      returning d.id, d.subscription_id, d.ordering_key`,
    );
    await releaseSuccessors(tx, done);
    const delivered = { outcome: 'delivered' as const, nextAttemptAt: null };
    await logAttempts(
      tx,
      stillMine(claims, done).map(({ entry }) => ({ entry, settlement: delivered })),
    );
  });
}

/** A failed attempt: the receiver's `Retry-After`, if it sent one, and why it failed. */
export interface Failure {
  retryAfterMs: number | null;
  reason: string;
}

const mine = (claim: Claim) => sql`id = ${String(claim.id)}::bigint and lease_until = ${claim.lease}`;

/**
 * Records a failed attempt with its log entry, provided the claim is still this worker's: the
 * next attempt at the time the retry schedule gives, or, once the schedule is used up, the dead
 * letter (which releases the delivery's successor). Answers what it settled.
 */
export async function settleFailure(
  db: Database,
  claim: AttemptedClaim & { attempts: number },
  failure: Failure,
  now: Date,
  retryPolicy: RetryPolicy,
): Promise<Settlement> {
  const next = nextAttempt(claim.attempts + 1, failure.retryAfterMs, now, retryPolicy);
  return db.transaction(async (tx) => {
    await lockSubscriptions(tx, [claim]);
    if (next.action === 'dead-letter') {
      const dead = await queryRows<FinishedDelivery>(
        tx,
        sql`
        update deliveries set status = 'dead', attempts = attempts + 1, lease_until = null, last_error = ${failure.reason}
        where ${mine(claim)} returning id, subscription_id, ordering_key`,
      );
      await releaseSuccessors(tx, dead);
      const settlement: Settlement = { outcome: 'dead', nextAttemptAt: null };
      await logAttempts(
        tx,
        stillMine([claim], dead).map(({ entry }) => ({ entry, settlement })),
      );
      return settlement;
    }
    const retried = await queryRows<{ id: string }>(
      tx,
      sql`
      update deliveries set attempts = attempts + 1, next_attempt_at = ${next.at}, lease_until = null,
        last_error = ${failure.reason}
      where ${mine(claim)} returning id`,
    );
    const settlement: Settlement = { outcome: 'retry', nextAttemptAt: next.at };
    await logAttempts(
      tx,
      stillMine([claim], retried).map(({ entry }) => ({ entry, settlement })),
    );
    return settlement;
  });
}

/**
 * Gives a claim back without counting an attempt (its attempt was aborted: the subscription was
 * pointed at another endpoint), due again at `now`, provided it is still this worker's. A
 * removed subscription's deliveries are gone already.
 */
export async function releaseClaim(db: Database, claim: Claim, now: Date): Promise<void> {
  await db.execute(sql`update deliveries set next_attempt_at = ${now}, lease_until = null where ${mine(claim)}`);
}
