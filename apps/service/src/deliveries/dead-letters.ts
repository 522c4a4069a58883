/**
 * Dead letters: deliveries whose every attempt failed. An operator lists them and re-queues
 * them, one by message id or all of a subscription since a time; a replayed message keeps its
 * `webhook-id` (`MessageId`), so receivers that got it after all still deduplicate it.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { deliveries, subscriptions } from '../db/schema.js';
import { NotFoundError } from '../errors.js';
import { wakeWorkers } from './outbox.js';

export interface DeadLetter {
  messageId: string;
  subscription: string;
  kind: 'confirmation' | 'notification';
  attempts: number;
  createdAt: Date;
  lastError: string | null;
}

const deadIn = (subscription?: string) =>
  and(
    eq(deliveries.status, 'dead'),
    subscription === undefined ? undefined : eq(subscriptions.reference, subscription),
  );

export async function listDeadLetters(db: Database, filter: { subscription?: string } = {}): Promise<DeadLetter[]> {
  return db
    .select({
      messageId: deliveries.messageId,
      subscription: subscriptions.reference,
      kind: deliveries.kind,
      attempts: deliveries.attempts,
      createdAt: deliveries.createdAt,
      lastError: deliveries.lastError,
    })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(deadIn(filter.subscription))
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id));
}

export type ReplaySelection = { messageId: string } | { subscription: string; since: Date };

/** Re-queues dead letters for delivery now, from the first attempt of the schedule; returns how many. */
export async function replayDeadLetters(db: Database, selection: ReplaySelection): Promise<number> {
  return db.transaction(async (tx) => {
    const chosen =
      'messageId' in selection
        ? eq(deliveries.messageId, selection.messageId)
        : and(
            sql`${deliveries.subscriptionId} = (select id from subscriptions where reference = ${selection.subscription})`,
            gte(deliveries.createdAt, selection.since),
          );
    const replayed = await tx
      .update(deliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
      .where(and(eq(deliveries.status, 'dead'), chosen))
      .returning({ id: deliveries.id });
    if (replayed.length === 0) {
      throw new NotFoundError(
        'messageId' in selection
          ? `no dead letter ${selection.messageId}`
          : `no dead letters of ${selection.subscription} since ${selection.since.toISOString()}`,
      );
    }
    await wakeWorkers(tx);
    return replayed.length;
  });
}
