/**
 * Claiming due deliveries: one statement, `SELECT … FOR UPDATE SKIP LOCKED` picking due rows that
 * no other worker is locking, and the same statement leasing them (`lease_until`, and
 * `next_attempt_at` moved to the lease's end). Any number of workers in any number of processes
 * share the outbox this way without taking the same row. A claim whose lease has passed (its
 * worker crashed) is due again, so nothing is lost; a receiver may then get a message twice, with
 * the same `webhook-id`.
 *
 * Claims are fair: each subscription gets at most its room (its cap less the attempts this worker
 * has in flight for it; one at a time while its endpoint is failing) and each endpoint origin at
 * most its own, oldest due first. A tenant with a large backlog or a slow endpoint thus takes a
 * bounded share of the worker's slots, and the others' deliveries are claimed beside it. Within
 * a subscription the order is unchanged: only the head of each queue is ever due (outbox.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import { utcText } from '../../db/array-rows.js';
import type { ClaimedDelivery } from '../messages/claimed-delivery.js';

/** A claim: the delivery and the lease that proves it is still this worker's. */
export interface Claim {
  id: string | number;
  lease: Date;
}

/** How many attempts may be in flight at once: per subscription (1 while failing) and per endpoint origin. */
export interface ClaimCaps {
  perSubscription: number;
  perOrigin: number;
}

/** The attempts this worker has in flight, by subscription id and by endpoint origin. */
export interface Busy {
  subscriptions: ReadonlyMap<number, number>;
  origins: ReadonlyMap<string, number>;
}

/** The caps unless told otherwise: 8 attempts in flight per subscription, 32 per endpoint origin. */
export const defaultCaps: ClaimCaps = { perSubscription: 8, perOrigin: 32 };

export const noneBusy: Busy = { subscriptions: new Map(), origins: new Map() };

/** An endpoint's scheme and authority, in lower case, from the SQL text of the endpoint. */
const originOf = (endpoint: SQL) => sql`lower(substring(${endpoint} from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'))`;

const countsJson = <K>(counts: ReadonlyMap<K, number>) =>
  JSON.stringify([...counts].map(([key, count]) => ({ key: String(key), count })));

/**
 * The ids of due deliveries to claim: the first due of each subscription, up to its room, then
 * the first of each origin up to its room, oldest due first, at most `limit`, locked; rows
 * another worker holds are skipped. The window function ranks in a subquery, as PostgreSQL
 * allows no row lock beside one; the locking select checks again that each row is still due.
 */
function dueIds(limit: number, now: Date, caps: ClaimCaps, busy: Busy): SQL {
  return sql`
    with busy_subscription as (
      select key::integer as id, count from jsonb_to_recordset(${countsJson(busy.subscriptions)}::jsonb) as b(key text, count integer)
    ), busy_origin as (
      select key as origin, count from jsonb_to_recordset(${countsJson(busy.origins)}::jsonb) as b(key text, count integer)
    ), candidate as (
      -- A constant limit: each subscription's due rows are read from its pending ones, at most the cap.
      select q.id, q.next_attempt_at, ${originOf(sql.raw('s.api_endpoint'))} as origin,
             row_number() over (partition by s.id order by q.next_attempt_at, q.id) + coalesce(bs.count, 0) as taken,
             case when s.failing_since is null then ${caps.perSubscription}::int else 1 end as cap
      from subscriptions s
      left join busy_subscription bs on bs.id = s.id
      cross join lateral (
        select q.id, q.next_attempt_at from deliveries q
        where q.subscription_id = s.id and q.status = 'pending' and q.next_attempt_at <= ${now}
        order by q.subscription_id, q.next_attempt_at, q.id
        limit ${caps.perSubscription}::int
      ) q
    ), ranked as (
      select c.id, row_number() over (partition by c.origin order by c.next_attempt_at, c.id) + coalesce(bo.count, 0) as rank
      from candidate c left join busy_origin bo on bo.origin = c.origin
      where c.taken <= c.cap
    )
    select d.id, d.next_attempt_at from (select id from ranked where rank <= ${caps.perOrigin}::int) r
    join deliveries d on d.id = r.id
    where d.status = 'pending' and d.next_attempt_at <= ${now}
    order by d.next_attempt_at, d.id
    limit ${limit}
    for update of d skip locked`;
}

/** The oldest due rows, at most `limit`, locked; rows another worker holds are skipped. */
const oldestDue = (limit: number, now: Date): SQL => sql`
    select id, next_attempt_at from deliveries
    where status = 'pending' and next_attempt_at <= ${now}
    order by next_attempt_at, id
    limit ${limit}
    for update skip locked`;

/**
 * Splits claimed deliveries, taken oldest first, into those within their subscription's and
 * their origin's room (less what is `busy`) and those beyond it.
 */
function byRoom(claimed: readonly ClaimedDelivery[], caps: ClaimCaps, busy: Busy) {
  const subscriptions = new Map(busy.subscriptions);
  const origins = new Map(busy.origins);
  const kept: ClaimedDelivery[] = [];
  const over: ClaimedDelivery[] = [];
  for (const delivery of claimed) {
    const taken = (subscriptions.get(delivery.subscription_id) ?? 0) + 1;
    const fromOrigin = (origins.get(delivery.endpoint_origin) ?? 0) + 1;
    if (taken > (delivery.failing ? 1 : caps.perSubscription) || fromOrigin > caps.perOrigin) {
      over.push(delivery);
      continue;
    }
    subscriptions.set(delivery.subscription_id, taken);
    origins.set(delivery.endpoint_origin, fromOrigin);
    kept.push(delivery);
  }
  return { kept, over, busy: { subscriptions, origins } };
}

/** Gives claims back as they were: due again at the time they were due, no longer leased. */
async function giveBack(db: Database, claimed: readonly ClaimedDelivery[], leaseUntil: Date): Promise<void> {
  const rows = JSON.stringify(claimed.map((delivery) => ({ id: String(delivery.id), due: delivery.due_at })));
  await db.execute(sql`
    update deliveries d set next_attempt_at = v.due::timestamp at time zone 'UTC', lease_until = null
    from jsonb_to_recordset(${rows}::jsonb) as v(id text, due text)
    where d.id = v.id::bigint and d.lease_until = ${leaseUntil}`);
}

/**
 * Leases up to `limit` due deliveries until `leaseUntil`, within the caps less what is `busy`. A
 * claimed row is due again when its lease ends, so the due index alone finds every claimable row.
 *
 * The oldest due rows are leased first, straight from the due index, in one statement: when
 * they fit the caps (no backlog beyond any subscription's or origin's room, the usual case) they
 * are the claim. Those beyond their room are given back at once, and the room left is filled by
 * the per-subscription selection of `dueIds`, dearer to plan and run.
 */
export async function claimDue(
  db: Database,
  limit: number,
  now: Date,
  leaseUntil: Date,
  caps: ClaimCaps = { perSubscription: limit, perOrigin: limit },
  busy: Busy = noneBusy,
): Promise<ClaimedDelivery[]> {
  const oldest = await lease(db, oldestDue(limit, now), leaseUntil);
  const { kept, over, busy: nowBusy } = byRoom(oldest, caps, busy);
  if (over.length === 0) return kept;
  await giveBack(db, over, leaseUntil);
  return [...kept, ...(await lease(db, dueIds(limit - kept.length, now, caps, nowBusy), leaseUntil))];
}

/** Leases the rows `due` selects until `leaseUntil`, and reads what their messages need. */
function lease(db: Database, due: SQL, leaseUntil: Date): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(
    db,
    sql`
    with claimed as (
      update deliveries d set lease_until = ${leaseUntil}, next_attempt_at = ${leaseUntil}
      from (${due}) due
      where d.id = due.id
      returning d.id, d.subscription_id, d.message_id, d.kind, d.ordering_key, d.body, d.attempts, d.created_at, d.audit_event_id,
                due.next_attempt_at as due_at
    )
    select c.id, c.subscription_id, s.reference as subscription_reference, s.public_base_url, s.api_endpoint,
           ${originOf(sql.raw('s.api_endpoint'))} as endpoint_origin, s.failing_since is not null as failing,
           c.message_id, c.kind, ${utcText(sql.raw('c.due_at'))} as due_at,
           c.ordering_key, c.body, c.audit_event_id, c.attempts, ${utcText(sql.raw('c.created_at'))} as created_at,
           e.update_id::float8 as update_id, ${utcText(sql.raw('e.update_date_time'))} as update_date_time,
           e.event_type, e.object_type, w.work_reference_number, e.object_reference_number,
           e.parent_object_reference_number, p.swa_code as promoter_swa_code,
           e.internal_user_identifier, e.internal_user_name
    from claimed c
    join subscriptions s on s.id = c.subscription_id
    left join audit_events e on e.id = c.audit_event_id
    left join works w on w.id = e.work_id
    left join organisations p on p.id = e.promoter_org_id`,
  );
}
