/**
 * Claiming due deliveries: one statement, `SELECT … FOR UPDATE SKIP LOCKED` picking due rows that
 * no other worker is locking, and the same statement leasing them (`lease_until`, and
 * `next_attempt_at` moved to the lease's end). Any number of workers in any number of processes
 * share the outbox this way without taking the same row. A claim whose lease has passed (its
 * worker crashed) is due again, so nothing is lost; a receiver may then get a message twice, with
 * the same `webhook-id`.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.js';
import type { AuditEventType, AuditObjectType } from '../enums.js';
import { utcText } from '../db/array-rows.js';

/** A claim: the delivery and the lease that proves it is still this worker's. */
export interface Claim {
  id: string | number;
  lease: Date;
}

/** A claimed delivery with what its message needs: the stored confirmation, or the event notified. */
export interface ClaimedDelivery {
  id: string | number;
  subscription_id: number;
  subscription_reference: string;
  public_base_url: string;
  api_endpoint: string;
  message_id: string;
  kind: 'confirmation' | 'notification';
  /** The queue it is in (see outbox.ts). */
  ordering_key: string;
  body: string | null;
  /** Attempts made before this one. */
  attempts: number;
  /** UTC text (`array-rows.ts`). */
  created_at: string;
  audit_event_id: number | string | null;
  update_id: number | null;
  update_date_time: string | null;
  event_type: AuditEventType | null;
  object_type: AuditObjectType | null;
  work_reference_number: string | null;
  object_reference_number: string | null;
  parent_object_reference_number: string | null;
  promoter_swa_code: string | null;
  internal_user_identifier: string | null;
  internal_user_name: string | null;
}

/**
 * Leases up to `limit` due deliveries until `leaseUntil`. A claimed row is due again when its
 * lease ends, so the due index alone finds every claimable row.
 */
export async function claimDue(db: Database, limit: number, now: Date, leaseUntil: Date): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(
    db,
    sql`
    with claimed as (
      update deliveries d set lease_until = ${leaseUntil}, next_attempt_at = ${leaseUntil}
      from (
        select id from deliveries
        where status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      ) due
      where d.id = due.id
      returning d.id, d.subscription_id, d.message_id, d.kind, d.ordering_key, d.body, d.attempts, d.created_at, d.audit_event_id
    )
    select c.id, c.subscription_id, s.reference as subscription_reference, s.public_base_url, s.api_endpoint, c.message_id, c.kind,
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
