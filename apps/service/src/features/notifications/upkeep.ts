/**
 * What the delivery worker asks of the subscriptions it delivers to (`SubscriptionUpkeep`):
 * removing those left unconfirmed for 48 hours and those whose endpoint answered `410 Gone`, and
 * disabling those whose endpoint has failed every attempt for `WEBHOOK_DISABLE_AFTER_DAYS`:
 * removed with their pending deliveries, recording `event_subscription_removed` (no acting user),
 * so that the organisation reads in its feed that it must subscribe again.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { organisations, subscriptions } from '../../db/schema.js';
import type { SubscriptionUpkeep } from '../../deliveries/worker.js';
import { eventContext } from '../../events/record-events.js';
import { confirmationWindowMs } from './confirmation.js';
import { removeSubscription } from './removal.js';

/** The subscriptions left unconfirmed for 48 hours at `now`. */
const unconfirmedTooLong = (now: Date) =>
  and(
    eq(subscriptions.status, 'unconfirmed'),
    lte(subscriptions.createdAt, new Date(now.getTime() - confirmationWindowMs)),
  );

/** Removes, with their coverage and deliveries, the subscriptions left unconfirmed for 48 hours. */
export async function expireUnconfirmed(db: Database, now: Date): Promise<string[]> {
  const removed = await db
    .delete(subscriptions)
    .where(unconfirmedTooLong(now))
    .returning({ reference: subscriptions.reference });
  return removed.map((row) => row.reference);
}

/** The references of the subscriptions that will have been left unconfirmed for 48 hours at `at`. */
export async function unconfirmedTooLongAt(db: Database, at: Date): Promise<string[]> {
  const due = await db
    .select({ reference: subscriptions.reference })
    .from(subscriptions)
    .where(unconfirmedTooLong(at))
    .orderBy(asc(subscriptions.id));
  return due.map((row) => row.reference);
}

/**
 * Removes a subscription whose endpoint answered `410 Gone`, with its coverage and deliveries
 * (`on delete cascade`). No event is recorded: nobody of the organisation acted.
 */
export async function removeGoneSubscription(db: Database, subscriptionId: number): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
}

/**
 * Removes the subscriptions whose endpoint has been failing since `failingSince` or earlier (see
 * src/deliveries/queue/failing.ts), with their coverage and deliveries, recording
 * `event_subscription_removed` for each organisation each covered. Answers their references.
 */
export async function disableFailing(db: Database, failingSince: Date, now: Date): Promise<string[]> {
  const context = eventContext({ now: () => now });
  return db.transaction(async (tx) => {
    const failing = await tx
      .select({ id: subscriptions.id, reference: subscriptions.reference, kind: organisations.kind })
      .from(subscriptions)
      .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
      .where(lte(subscriptions.failingSince, failingSince))
      .orderBy(asc(subscriptions.id))
      .for('update', { of: subscriptions, skipLocked: true });
    for (const found of failing) await removeSubscription(tx, found, found.kind === 'highway_authority', context);
    return failing.map((found) => found.reference);
  });
}

/** What the delivery worker asks of the subscriptions it delivers to. */
export const subscriptionUpkeep = (db: Database): SubscriptionUpkeep => ({
  removeGone: (subscriptionId) => removeGoneSubscription(db, subscriptionId),
  expireUnconfirmed: (now) => expireUnconfirmed(db, now),
  disableFailing: (failingSince, now) => disableFailing(db, failingSince, now),
});
