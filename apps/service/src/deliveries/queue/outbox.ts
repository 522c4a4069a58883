/**
 * The outbox, on the way in: the deliveries of an event are inserted in the transaction that
 * records the event, so a committed event always has its deliveries in the database, whatever
 * crashes afterwards; a subscription's confirmation message is queued in the transaction that
 * creates it. Workers are woken by a NOTIFY that PostgreSQL sends only when the transaction
 * commits; a worker that misses it finds the rows on its next poll.
 *
 * An event regards the promoter of its work and the highway authority of its work (or, for an
 * organisation-level event, the organisation it names). It goes to every confirmed
 * subscription covering one of them: the organisation's own, and those of contractors
 * contracted to the promoter (see src/deliveries/queue/coverage.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import { deliveries } from '../../db/schema.js';
import { notifyQueued } from '../attempts/attempt-log.js';
import type { UnsignedConfirmation } from '../messages/pubsub-signature.js';

/** The channel workers LISTEN on; a notification means "deliveries may be due". */
export const deliveriesChannel = 'street_events_deliveries';

/** A new message id (the Standard Webhooks `webhook-id`, stable across retries): `msg_` and 32 hex digits. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;
const messageIdSql = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/** Wakes the workers once the caller's transaction commits. */
export async function wakeWorkers(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${deliveriesChannel}, '')`);
}

/**
 * Inserts one notification delivery per confirmed subscription covering each event's
 * organisations, inside the caller's transaction. A subscription's deliveries form FIFO queues,
 * one per work (key `work:<id>`; organisation-level events: `organisation:<id>`), in id order,
 * which for one work is update_id order because operations on a work are serialised by its row
 * lock (src/events/work-scope.ts). Only the head of a queue is due: a delivery that finds an
 * earlier one of its queue pending waits with `next_attempt_at = infinity` until the worker
 * finishes that one and releases it (`releaseSuccessors`, settle.ts). The earlier one is locked
 * (`FOR SHARE`) while this is decided, so it cannot finish unseen in between. The subscriptions are
 * locked too (`FOR KEY SHARE`): one removed meanwhile (disabled, gone, deleted by its owner) is
 * passed over rather than failing the event's transaction, and one removed later takes these
 * deliveries with it.
 */
export async function enqueueNotifications(tx: Database, auditEventIds: readonly number[]): Promise<void> {
  if (auditEventIds.length === 0) return;
  const events = idList(auditEventIds);
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`
      with covering as (
        select s.id from subscriptions s
        where s.status = 'confirmed' and s.id in (
          select c.subscription_id from audit_events e
          join subscription_coverage c on c.organisation_id in (e.promoter_org_id, e.highway_authority_org_id)
          where e.id in (${events}))
        order by s.id
        for key share
      )
      insert into deliveries (subscription_id, message_id, kind, audit_event_id, ordering_key, next_attempt_at, created_at)
      select distinct on (s.id, e.id) s.id, ${messageIdSql}, 'notification', e.id,
             coalesce('work:' || e.work_id, 'organisation:' || coalesce(e.promoter_org_id, e.highway_authority_org_id)),
             now(), now()
      from audit_events e
      join subscription_coverage c on c.organisation_id in (e.promoter_org_id, e.highway_authority_org_id)
      join covering s on s.id = c.subscription_id
      where e.id in (${events})
      order by s.id, e.id
      returning id`,
  );
  if (inserted.length === 0) return;
  const ids = inserted.map((row) => row.id);
  await holdBehindEarlier(tx, ids);
  await notifyQueued(tx, ids);
  await wakeWorkers(tx);
}

/**
 * Makes these new deliveries wait (`next_attempt_at = infinity`) when an earlier delivery of
 * their queue is pending, locking that one (`FOR SHARE`) while this is decided.
 */
export async function holdBehindEarlier(tx: Database, deliveryIds: readonly (number | string)[]): Promise<void> {
  const ids = idList(deliveryIds);
  await tx.execute(sql`
    with earlier as (
      select p.id, p.subscription_id, p.ordering_key from deliveries p
      where p.status = 'pending' and p.id in (
        select (select max(q.id) from deliveries q
                where q.subscription_id = n.subscription_id and q.ordering_key = n.ordering_key
                  and q.status = 'pending' and q.id < n.id)
        from deliveries n where n.id in (${ids}))
      order by p.id
      for share
    )
    update deliveries n set next_attempt_at = 'infinity'
    from earlier
    where n.id in (${ids}) and n.subscription_id = earlier.subscription_id and n.ordering_key = earlier.ordering_key
      and n.id > earlier.id`);
}

/**
 * Queues a subscription's `SubscriptionConfirmation` message, stored whole (it has no event to be
 * built from), inside the transaction that creates the subscription. Its queue is its own
 * (`confirmation`), so it is due at once.
 */
export async function enqueueConfirmation(
  tx: Database,
  subscriptionId: number,
  message: UnsignedConfirmation,
  createdAt: Date,
): Promise<void> {
  const [queued] = await tx
    .insert(deliveries)
    .values({
      subscriptionId,
      messageId: message.MessageId,
      kind: 'confirmation',
      orderingKey: 'confirmation',
      body: JSON.stringify(message),
      nextAttemptAt: sql`now()`,
      createdAt,
    })
    .returning({ id: deliveries.id });
  await notifyQueued(tx, [queued!.id]);
  await wakeWorkers(tx);
}

/**
 * Drops a subscription's pending deliveries of events of one promoter (a contractor's contract
 * with it was removed), inside the caller's transaction. Dead letters stay, for the operator.
 */
export async function dropPendingDeliveries(
  tx: Database,
  subscriptionId: number,
  promoterOrgId: number,
): Promise<void> {
  await tx.execute(sql`
    delete from deliveries d using audit_events e
    where d.subscription_id = ${subscriptionId} and d.status = 'pending'
      and e.id = d.audit_event_id and e.promoter_org_id = ${promoterOrgId}`);
}

const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${String(id)}::bigint`),
    sql`, `,
  );
