/**
 * Dead letters: deliveries whose every attempt failed. An operator lists them and re-queues
 * them, one by message id or all of a subscription since a time; a replayed message keeps its
 * `webhook-id` (`MessageId`), so receivers that got it after all still deduplicate it. A
 * delivered notification can be sent again too (`replayMessage`), from the message log, while
 * the log still holds it.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { deliveries, deliveryAttempts, subscriptions } from '../db/schema.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { notifyQueued } from './attempt-log.js';
import { holdBehindEarlier, wakeWorkers } from './outbox.js';

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
    await notifyQueued(
      tx,
      replayed.map((row) => row.id),
    );
    await wakeWorkers(tx);
    return replayed.length;
  });
}

/**
 * Queues one message again with its `webhook-id`, from the first attempt of the schedule: a dead
 * letter (as `replayDeadLetters`), or a notification the message log shows delivered, which
 * joins the end of its queue. A message still pending, or a delivered confirmation (its token is
 * used), is `409`; a message neither in the outbox nor in the log is `404`.
 */
export async function replayMessage(db: Database, messageId: string): Promise<void> {
  const [queued] = await db
    .select({ status: deliveries.status })
    .from(deliveries)
    .where(eq(deliveries.messageId, messageId));
  if (queued?.status === 'dead') {
    await replayDeadLetters(db, { messageId });
    return;
  }
  if (queued) throw new ConflictError(`message ${messageId} is queued already`, 'message_id');
  await db.transaction(async (tx) => {
    const [logged] = await tx
      .select()
      .from(deliveryAttempts)
      .where(and(eq(deliveryAttempts.messageId, messageId), eq(deliveryAttempts.outcome, 'delivered')))
      .orderBy(desc(deliveryAttempts.id))
      .limit(1);
    if (!logged) throw new NotFoundError(`no message ${messageId} in the outbox or the message log`, 'message_id');
    if (logged.kind === 'confirmation') {
      throw new ConflictError(`message ${messageId} is a delivered confirmation: its token is used`, 'message_id');
    }
    const [inserted] = await tx
      .insert(deliveries)
      .values({
        subscriptionId: logged.subscriptionId,
        messageId,
        kind: logged.kind,
        auditEventId: logged.auditEventId,
        orderingKey: logged.orderingKey,
        nextAttemptAt: sql`now()`,
        createdAt: logged.messageCreatedAt,
      })
      .onConflictDoNothing({ target: deliveries.messageId })
      .returning({ id: deliveries.id });
    if (!inserted) throw new ConflictError(`message ${messageId} is queued already`, 'message_id');
    await holdBehindEarlier(tx, [inserted.id]);
    await notifyQueued(tx, [inserted.id]);
    await wakeWorkers(tx);
  });
}
