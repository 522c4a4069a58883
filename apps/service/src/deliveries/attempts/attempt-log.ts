/**
 * The message log, on the way in: every attempt whose outcome a worker records is written to
 * `delivery_attempts` in the same transaction (settle.ts), with the request exactly as sent, the
 * answer's status or the failure, the latency and the first KiB of the answer's body. Each row
 * also says, by NOTIFY on `logChannel` (sent by PostgreSQL at commit, to every process), that an
 * attempt was recorded; queuing a message says so on the same channel (outbox.ts). The log is
 * pruned after `DELIVERY_LOG_DAYS` by the workers.
 */
import type { AttemptOutcome as RecordedOutcome, DeliveryKind } from '@street-events/types/operator';
import { sql } from 'drizzle-orm';
import type { AuditEventType } from '../../shared/enums.js';
import { queryRows, type Database } from '../../db/database.js';
import type { AttemptOutcome } from './attempt.js';
import type { ClaimedDelivery } from '../messages/claimed-delivery.js';
import type { DeliveryRequest } from '../messages/messages.js';

/** The channel of the log's changes; each notification's payload is a `DeliveryChange` as JSON. */
export const logChannel = 'street_events_delivery_log';

/** A change of the log, as notified (snake_case: it is the wire form of the operator API's stream). */
export type DeliveryChange =
  | {
      type: 'attempt';
      subscription: string;
      message_id: string;
      kind: DeliveryKind;
      event_type: AuditEventType | null;
      update_id: number | null;
      attempted_at: string;
      status: number | null;
      error: string | null;
      latency_ms: number;
      outcome: RecordedOutcome;
      next_attempt_at: string | null;
    }
  | { type: 'queued'; subscription: string; message_id: string };

/** Longest failure text kept (a notification's payload is at most 8000 bytes). */
const maxErrorLength = 500;

/** One attempt of a claimed delivery, as the worker saw it; its outcome is decided when it is settled. */
export interface AttemptEntry {
  delivery: ClaimedDelivery;
  attemptedAt: Date;
  request: DeliveryRequest;
  observed: AttemptOutcome;
}

/** The settled outcome of an entry: what became of the message, and when it is tried again. */
export interface Settlement {
  outcome: RecordedOutcome;
  nextAttemptAt: Date | null;
}

function changeOf(entry: AttemptEntry, settlement: Settlement): DeliveryChange {
  const { delivery, observed } = entry;
  return {
    type: 'attempt',
    subscription: delivery.subscription_reference,
    message_id: delivery.message_id,
    kind: delivery.kind,
    event_type: delivery.event_type,
    update_id: delivery.update_id === null ? null : Number(delivery.update_id),
    attempted_at: entry.attemptedAt.toISOString(),
    status: observed.status,
    error: errorOf(entry),
    latency_ms: observed.latencyMs,
    outcome: settlement.outcome,
    next_attempt_at: settlement.nextAttemptAt?.toISOString() ?? null,
  };
}

const errorOf = ({ observed }: AttemptEntry): string | null =>
  observed.outcome === 'delivered' || observed.status !== null ? null : observed.reason.slice(0, maxErrorLength);

/** What the log keeps of a confirmation's token (its `Token`, and in its `SubscribeURL`). */
export const redactedToken = 'redacted';

/**
 * The body as the log keeps it: as sent, but for a confirmation's token, which confirms the
 * subscription for whoever holds it and is stored nowhere else but in the hash it is checked
 * against (and the outbox until delivered).
 */
function loggedBody(kind: ClaimedDelivery['kind'], body: string): string {
  if (kind !== 'confirmation') return body;
  const message = JSON.parse(body) as { Token?: string; SubscribeURL?: string };
  const subscribeUrl = message.SubscribeURL === undefined ? undefined : new URL(message.SubscribeURL);
  subscribeUrl?.searchParams.set('token', redactedToken);
  return JSON.stringify({ ...message, Token: redactedToken, SubscribeURL: subscribeUrl?.toString() });
}

/** A row of the log in the form `jsonb_to_recordset` reads below. */
function rowOf(entry: AttemptEntry, settlement: Settlement) {
  const { delivery, request, observed } = entry;
  return {
    subscription_id: delivery.subscription_id,
    message_id: delivery.message_id,
    kind: delivery.kind,
    audit_event_id: delivery.audit_event_id === null ? null : String(delivery.audit_event_id),
    ordering_key: delivery.ordering_key,
    message_created_at: delivery.created_at,
    attempted_at: entry.attemptedAt.toISOString(),
    endpoint: delivery.api_endpoint,
    response_status: observed.status,
    error: errorOf(entry),
    latency_ms: observed.latencyMs,
    response_excerpt: observed.responseExcerpt,
    request_headers: request.headers,
    request_body: loggedBody(delivery.kind, request.body),
    outcome: settlement.outcome,
    next_attempt_at: settlement.nextAttemptAt?.toISOString() ?? null,
    change: JSON.stringify(changeOf(entry, settlement)),
  };
}

/**
 * Writes the attempts to the log and notifies each, inside the caller's transaction (the one
 * that records their outcome): one statement for any number of attempts.
 */
export async function logAttempts(
  tx: Database,
  settled: readonly { entry: AttemptEntry; settlement: Settlement }[],
): Promise<void> {
  if (settled.length === 0) return;
  const rows = JSON.stringify(settled.map(({ entry, settlement }) => rowOf(entry, settlement)));
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${rows}::jsonb) as v(
        subscription_id integer, message_id text, kind delivery_kind, audit_event_id bigint, ordering_key text,
        message_created_at timestamp, attempted_at timestamptz, endpoint text, response_status smallint, error text,
        latency_ms integer, response_excerpt text, request_headers jsonb, request_body text, outcome attempt_outcome,
        next_attempt_at timestamptz, change text)
    ), logged as (
      insert into delivery_attempts (subscription_id, message_id, kind, audit_event_id, ordering_key, message_created_at,
        attempted_at, endpoint, response_status, error, latency_ms, response_excerpt, request_headers, request_body,
        outcome, next_attempt_at)
      select subscription_id, message_id, kind, audit_event_id, ordering_key, message_created_at at time zone 'UTC',
        attempted_at, endpoint, response_status, error, latency_ms, response_excerpt, request_headers, request_body,
        outcome, next_attempt_at
      from v
    )
    select pg_notify(${logChannel}, change) from v`);
}

/** Notifies that these deliveries were queued (inside the caller's transaction, sent at commit). */
export async function notifyQueued(tx: Database, deliveryIds: readonly (string | number)[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await tx.execute(sql`
    select pg_notify(${logChannel}, json_build_object('type', 'queued', 'subscription', s.reference,
                                                      'message_id', d.message_id)::text)
    from deliveries d join subscriptions s on s.id = d.subscription_id
    where d.id = any(${`{${deliveryIds.join(',')}}`}::bigint[])`);
}

/** Removes the attempts made before `before`, a batch at a time; answers how many. */
export async function pruneLog(db: Database, before: Date, batch = 10_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from delivery_attempts where id in (
            select id from delivery_attempts where attempted_at < ${before} limit ${batch})
          returning id`,
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}
