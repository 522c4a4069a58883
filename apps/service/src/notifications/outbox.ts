/**
 * The outbox: the deliveries of an event are inserted in the transaction that records the
 * event, so a committed event always has its deliveries in the database, whatever crashes
 * afterwards. Workers are woken by a NOTIFY that PostgreSQL sends only when the transaction
 * commits; a worker that misses it finds the rows on its next poll.
 *
 * An event regards the promoter of its work and the highway authority of its work (or, for an
 * organisation-level event, the organisation it names). It goes to every confirmed
 * subscription covering one of them: the organisation's own, and those of contractors
 * contracted to the promoter (see coverage in subscriptions.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.js';

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
 * organisations, inside the caller's transaction. Deliveries of one work share an ordering
 * key (the work id), those of organisation-level events the key `organisation`.
 */
export async function enqueueNotifications(tx: Database, auditEventIds: readonly number[]): Promise<void> {
  if (auditEventIds.length === 0) return;
  const ids = sql.join(
    auditEventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [counted] = await queryRows<{ enqueued: number }>(tx, sql`
    with enqueued as (
      insert into deliveries (subscription_id, message_id, kind, audit_event_id, ordering_key, next_attempt_at, created_at)
      select distinct on (s.id, e.id) s.id, ${messageIdSql}, 'notification', e.id,
             coalesce('work:' || e.work_id, 'organisation'), now(), now()
      from audit_events e
      join subscription_coverage c on c.organisation_id in (e.promoter_org_id, e.highway_authority_org_id)
      join subscriptions s on s.id = c.subscription_id and s.status = 'confirmed'
      where e.id in (${ids})
      order by s.id, e.id
      returning 1
    )
    select count(*)::int as enqueued from enqueued`);
  if (Number(counted?.enqueued ?? 0) > 0) await wakeWorkers(tx);
}
