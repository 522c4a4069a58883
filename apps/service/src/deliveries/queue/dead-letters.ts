/**
 * Dead letters: deliveries whose every attempt failed. An operator lists them and re-queues
 * them (an organisation's own caller, those of its own subscription only), one by message id or
 * all of a subscription since a time; a replayed message keeps its
 * `webhook-id` (`MessageId`), so receivers that got it after all still deduplicate it. A
 * delivered notification can be sent again too (`replayMessage`), from the message log, while
 * the log still holds it.
 */
import type { DeliveryKind } from '@street-events/types/operator';
import { and, asc, desc, eq, gte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { deliveries, deliveryAttempts, subscriptions } from '../../db/schema.js';
import { withinScope, type OrganisationScope } from '../../db/organisation-scope.js';
import { utcText } from '../../db/array-rows.js';
import { ConflictError, NotFoundError } from '../../shared/errors.js';
import { cursorOf, readCursor, rowId, utcTime } from '../attempts/history-cursors.js';
import { notifyQueued } from '../attempts/attempt-log.js';
import { holdBehindEarlier, wakeWorkers } from './outbox.js';
import {
  countReplay,
  defaultReplayBounds,
  pruneReplayedAttempts,
  recordReplays,
  type ReplayBounds,
} from './replay-bounds.js';

export interface DeadLetter {
  messageId: string;
  subscription: string;
  kind: DeliveryKind;
  attempts: number;
  createdAt: Date;
  lastError: string | null;
}

const deadIn = (subscription: string | undefined, scope: OrganisationScope) =>
  and(
    eq(deliveries.status, 'dead'),
    subscription === undefined ? undefined : eq(subscriptions.reference, subscription),
    withinScope(subscriptions.organisationId, scope),
  );

/** Rows whose subscription (by its id in `subscriptionId`) is within `scope`. */
const ofSubscriptionWithin = (subscriptionId: AnyColumn, scope: OrganisationScope) =>
  scope === 'any'
    ? undefined
    : sql`${subscriptionId} in (select ${subscriptions.id} from ${subscriptions} where ${subscriptions.organisationId} = ${scope})`;

/** A page of dead letters, and the cursor of the next (null on the last). */
export interface DeadLetterPage {
  letters: DeadLetter[];
  nextCursor: string | null;
}

/**
 * A page of the dead letters within `scope` (every organisation's by default), of one
 * subscription if named, oldest first: at most `limit`, after the cursor `after`.
 */
export async function listDeadLetters(
  db: Database,
  filter: { subscription?: string; scope?: OrganisationScope; limit: number; after?: string },
): Promise<DeadLetterPage> {
  const [createdAt, id] = filter.after === undefined ? [] : readCursor(filter.after, 'after', [utcTime, rowId]);
  const rows = await db
    .select({
      id: deliveries.id,
      messageId: deliveries.messageId,
      subscription: subscriptions.reference,
      kind: deliveries.kind,
      attempts: deliveries.attempts,
      createdAt: deliveries.createdAt,
      createdAtText: sql<string>`${utcText(deliveries.createdAt)}`,
      lastError: deliveries.lastError,
    })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(
      and(
        deadIn(filter.subscription, filter.scope ?? 'any'),
        createdAt === undefined
          ? undefined
          : sql`(${deliveries.createdAt}, ${deliveries.id}) > (${createdAt}::timestamp at time zone 'UTC', ${id}::bigint)`,
      ),
    )
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id))
    .limit(filter.limit + 1);
  const letters = rows.slice(0, filter.limit);
  const last = letters.at(-1);
  return {
    letters: letters.map((row) => ({
      messageId: row.messageId,
      subscription: row.subscription,
      kind: row.kind,
      attempts: row.attempts,
      createdAt: row.createdAt,
      lastError: row.lastError,
    })),
    nextCursor: rows.length > filter.limit && last ? cursorOf(last.createdAtText, String(last.id)) : null,
  };
}

export type ReplaySelection = { messageId: string } | { subscription: string; since: Date };

/**
 * Whether the subscription of a delivery still covers what its event regards (the coverage of
 * enqueueNotifications, outbox.ts): a contractor whose contract has ended no longer gets the
 * promoter's messages, replayed or not. A confirmation regards no event and is always covered.
 */
const stillCovered = (
  auditEventId: SQL | AnyColumn,
  subscriptionId: SQL | AnyColumn,
) => sql`(${auditEventId} is null or exists (
  select 1 from audit_events e
  join subscription_coverage c on c.organisation_id in (e.promoter_org_id, e.highway_authority_org_id)
  where e.id = ${auditEventId} and c.subscription_id = ${subscriptionId}))`;

/**
 * Re-queues dead letters for delivery from the first attempt of the schedule, each at the end
 * of its queue (due once the deliveries of its work queued before the replay are done, so a
 * work's messages still arrive one at a time); returns how many. Only those within `scope` (of
 * one organisation's subscription, or any). Dead letters the subscription no longer covers stay
 * dead: a replay of those alone is `409`. Bounded by no replay limit (the operator's bulk
 * replay); each replay is recorded, and the log keeps the newest attempts of each message.
 */
export async function replayDeadLetters(
  db: Database,
  selection: ReplaySelection,
  scope: OrganisationScope = 'any',
): Promise<number> {
  return db.transaction(async (tx) => {
    const messageIds = await requeueDead(tx, selection, scope);
    await recordReplays(tx, messageIds);
    return messageIds.length;
  });
}

/** Puts the chosen dead letters back in their queues (inside the caller's transaction); answers their message ids. */
async function requeueDead(tx: Database, selection: ReplaySelection, scope: OrganisationScope): Promise<string[]> {
  const chosen = and(
    eq(deliveries.status, 'dead'),
    ofSubscriptionWithin(deliveries.subscriptionId, scope),
    'messageId' in selection
      ? eq(deliveries.messageId, selection.messageId)
      : and(
          sql`${deliveries.subscriptionId} = (select id from subscriptions where reference = ${selection.subscription})`,
          gte(deliveries.createdAt, selection.since),
        ),
  );
  const dead = await tx
    .delete(deliveries)
    .where(and(chosen, stillCovered(deliveries.auditEventId, deliveries.subscriptionId)))
    .returning();
  if (dead.length === 0) throw await nothingToReplay(tx, chosen, selection);
  const replayed = await tx
    .insert(deliveries)
    .values(
      dead
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((row) => ({
          subscriptionId: row.subscriptionId,
          messageId: row.messageId,
          kind: row.kind,
          auditEventId: row.auditEventId,
          orderingKey: row.orderingKey,
          body: row.body,
          createdAt: row.createdAt,
          nextAttemptAt: sql`now()`,
        })),
    )
    .returning({ id: deliveries.id, messageId: deliveries.messageId });
  await queueAtTheEnd(
    tx,
    replayed.map((row) => row.id),
  );
  const messageIds = replayed.map((row) => row.messageId);
  await pruneReplayedAttempts(tx, messageIds);
  return messageIds;
}

/** Why nothing was replayed: the dead letters chosen are no longer covered (`409`), or there are none (`404`). */
async function nothingToReplay(tx: Database, chosen: SQL | undefined, selection: ReplaySelection): Promise<Error> {
  const [uncovered] = await tx.select({ id: deliveries.id }).from(deliveries).where(chosen).limit(1);
  const what =
    'messageId' in selection
      ? `dead letter ${selection.messageId}`
      : `dead letters of ${selection.subscription} since ${selection.since.toISOString()}`;
  return uncovered
    ? new ConflictError(`the ${what} regard organisations the subscription no longer covers`, 'message_id')
    : new NotFoundError(`no ${what}`);
}

/** Holds the queued deliveries behind the earlier ones of their queues, and wakes the workers. */
async function queueAtTheEnd(tx: Database, ids: readonly (number | string)[]): Promise<void> {
  await holdBehindEarlier(tx, ids);
  await notifyQueued(tx, ids);
  await wakeWorkers(tx);
}

/** Where a message stands: queued (pending or dead) in the outbox, or delivered as the log shows; and its organisation. */
type Standing =
  | { in: 'outbox'; status: 'pending' | 'dead'; organisationId: number }
  | { in: 'log'; attempt: typeof deliveryAttempts.$inferSelect; organisationId: number };

/** Where the message stands, within `scope`; `404` when it is in neither the outbox nor the log as delivered. */
async function standingOf(tx: Database, messageId: string, scope: OrganisationScope): Promise<Standing> {
  const [queued] = await tx
    .select({ status: deliveries.status, organisationId: subscriptions.organisationId })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(and(eq(deliveries.messageId, messageId), withinScope(subscriptions.organisationId, scope)));
  if (queued) return { in: 'outbox', ...queued };
  const [logged] = await tx
    .select({ attempt: deliveryAttempts, organisationId: subscriptions.organisationId })
    .from(deliveryAttempts)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveryAttempts.subscriptionId))
    .where(
      and(
        eq(deliveryAttempts.messageId, messageId),
        eq(deliveryAttempts.outcome, 'delivered'),
        withinScope(subscriptions.organisationId, scope),
      ),
    )
    .orderBy(desc(deliveryAttempts.id))
    .limit(1);
  if (!logged) throw new NotFoundError(`no message ${messageId} in the outbox or the message log`, 'message_id');
  return { in: 'log', ...logged };
}

/**
 * Queues one message again with its `webhook-id`, from the first attempt of the schedule: a dead
 * letter (as `replayDeadLetters`), or a notification the message log shows delivered, which
 * joins the end of its queue. A message still pending, or a delivered confirmation (its token is
 * used), is `409`; a message neither in the outbox nor in the log is `404`, and so is one of a
 * subscription outside `scope` (another organisation's), whatever its state. Counted against
 * `bounds` (replay-bounds.ts): the organisation's bound applies unless `scope` is `any` (the
 * Operator's replays).
 */
export async function replayMessage(
  db: Database,
  messageId: string,
  scope: OrganisationScope = 'any',
  bounds: ReplayBounds = defaultReplayBounds,
): Promise<void> {
  await db.transaction(async (tx) => {
    const standing = await standingOf(tx, messageId, scope);
    if (standing.in === 'outbox' && standing.status === 'pending') {
      throw new ConflictError(`message ${messageId} is queued already`, 'message_id');
    }
    if (standing.in === 'log' && standing.attempt.kind === 'confirmation') {
      throw new ConflictError(`message ${messageId} is a delivered confirmation: its token is used`, 'message_id');
    }
    const replay = { messageId, organisationId: standing.organisationId, organisationBound: scope !== 'any' };
    await countReplay(tx, replay, bounds);
    if (standing.in === 'outbox') await requeueDead(tx, { messageId }, scope);
    else await requeueDelivered(tx, standing.attempt);
  });
}

/** Queues a delivered message again at the end of its queue, from its newest delivered attempt in the log. */
async function requeueDelivered(tx: Database, logged: typeof deliveryAttempts.$inferSelect): Promise<void> {
  const { messageId } = logged;
  const [covered] = await tx
    .select({ yes: sql<boolean>`true` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, logged.subscriptionId),
        stillCovered(sql`${logged.auditEventId}::bigint`, subscriptions.id),
      ),
    );
  if (!covered) {
    throw new ConflictError(
      `message ${messageId} regards an organisation its subscription no longer covers (or the subscription is gone)`,
      'message_id',
    );
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
  await queueAtTheEnd(tx, [inserted.id]);
  await pruneReplayedAttempts(tx, [messageId]);
}
