/**
 * The message log, read: a subscription's messages, newest first, each with its state and its
 * attempts. A message is in the outbox while it is pending or dead; a delivered one has left it
 * and is known from the log alone (until the log is pruned).
 */
import type { components } from '@street-events/types/operator';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditEventType } from '../shared/enums.js';
import { queryRows, type Database } from '../db/database.js';
import { isoFromUtcText, isoFromUtcTextOrNull, utcText } from '../db/array-rows.js';
import { deliveryAttempts, subscriptions } from '../db/schema.js';
import { withinScope, type OrganisationScope } from '../directory/organisations.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';

type Schemas = components['schemas'];
/** An attempt, a message and a page of the message log, as the operator document defines them. */
export type LoggedAttempt = Schemas['InternalAttempt'];
export type LoggedMessage = Schemas['InternalMessage'];
export type MessagePage = Schemas['InternalMessagePage'];

interface MessageRow {
  message_id: string;
  kind: LoggedMessage['kind'];
  state: LoggedMessage['state'];
  created_at: string;
  next_attempt_at: string | null;
  event_type: AuditEventType | null;
  update_id: number | null;
  object_reference_number: string | null;
}

/** A page's cursor: the creation time (UTC text, to the microsecond) and id of its last message. */
const cursorOf = (row: MessageRow) => Buffer.from(`${row.created_at}|${row.message_id}`).toString('base64url');

function readCursor(cursor: string): { createdAt: string; messageId: string } {
  const [createdAt = '', messageId = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(createdAt) || messageId === '') {
    throw new ValidationError('before is not a cursor this service gave', 'before', {
      rule: 'format',
      location: 'query',
    });
  }
  return { createdAt, messageId };
}

/** The subscription's id, if it is within `scope`: one of another organisation is not found, as an unknown one. */
async function subscriptionIdOf(db: Database, reference: string, scope: OrganisationScope): Promise<number> {
  const [found] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.reference, reference), withinScope(subscriptions.organisationId, scope)));
  if (!found) throw new NotFoundError(`no subscription ${reference}`, 'subscription_reference_number');
  return found.id;
}

/** The messages of a subscription: those in the outbox, and those the log shows delivered since. */
function messageRows(subscriptionId: number, limit: number, before: string | undefined) {
  const after = before === undefined ? undefined : readCursor(before);
  return sql`
    with m as (
      select d.message_id, d.kind, d.audit_event_id, d.created_at, d.status::text as state,
             case when d.status = 'pending' and d.next_attempt_at <> 'infinity' then d.next_attempt_at end as next_attempt_at
      from deliveries d where d.subscription_id = ${subscriptionId}
      union all
      select a.message_id, a.kind, a.audit_event_id, a.message_created_at, 'delivered', null
      from (select distinct on (message_id) message_id, kind, audit_event_id, message_created_at, outcome
            from delivery_attempts where subscription_id = ${subscriptionId}
            order by message_id, id desc) a
      where a.outcome = 'delivered' and not exists (select 1 from deliveries d where d.message_id = a.message_id)
    )
    select m.message_id, m.kind, m.state, ${utcText(sql.raw('m.created_at'))} as created_at,
           ${utcText(sql.raw('m.next_attempt_at'))} as next_attempt_at, e.event_type, e.update_id::float8 as update_id,
           e.object_reference_number
    from m left join audit_events e on e.id = m.audit_event_id
    ${
      after
        ? sql`where (m.created_at, m.message_id) < (${after.createdAt}::timestamp at time zone 'UTC', ${after.messageId})`
        : sql``
    }
    order by m.created_at desc, m.message_id desc
    limit ${limit + 1}`;
}

async function attemptsOf(
  db: Database,
  subscriptionId: number,
  messageIds: string[],
): Promise<Map<string, LoggedAttempt[]>> {
  const byMessage = new Map<string, LoggedAttempt[]>(messageIds.map((id) => [id, []]));
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(deliveryAttempts)
    .where(and(eq(deliveryAttempts.subscriptionId, subscriptionId), inArray(deliveryAttempts.messageId, messageIds)))
    .orderBy(asc(deliveryAttempts.id));
  for (const row of rows) {
    byMessage.get(row.messageId)?.push({
      attempted_at: row.attemptedAt.toISOString(),
      endpoint: row.endpoint,
      status: row.responseStatus,
      error: row.error,
      latency_ms: row.latencyMs,
      response_excerpt: row.responseExcerpt,
      request_headers: row.requestHeaders,
      request_body: row.requestBody,
      outcome: row.outcome,
      next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    });
  }
  return byMessage;
}

/**
 * A page of a subscription's messages, newest first, each with its attempts (oldest first); a
 * subscription outside `scope` is `404`, as an unknown one.
 */
export async function listMessages(
  db: Database,
  subscriptionReference: string,
  page: { limit: number; before?: string },
  scope: OrganisationScope = 'any',
): Promise<MessagePage> {
  const subscriptionId = await subscriptionIdOf(db, subscriptionReference, scope);
  // One snapshot for the messages and their attempts, so that an attempt settled between the two
  // reads is not shown beside its message as it was before (still in flight).
  const { rows, attempts } = await db.transaction(
    async (tx) => {
      const rows = await queryRows<MessageRow>(tx, messageRows(subscriptionId, page.limit, page.before));
      const ids = rows.slice(0, page.limit).map((row) => row.message_id);
      return { rows, attempts: await attemptsOf(tx, subscriptionId, ids) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const shown = rows.slice(0, page.limit);
  return {
    messages: shown.map((row) => ({
      message_id: row.message_id,
      kind: row.kind,
      state: row.state,
      created_at: isoFromUtcText(row.created_at),
      event_type: row.event_type,
      update_id: row.update_id === null ? null : Number(row.update_id),
      object_reference_number: row.object_reference_number,
      next_attempt_at: isoFromUtcTextOrNull(row.next_attempt_at),
      attempts: attempts.get(row.message_id) ?? [],
    })),
    next_cursor: rows.length > page.limit ? cursorOf(shown.at(-1)!) : null,
  };
}
