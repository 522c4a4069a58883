/**
 * The message log, read: a subscription's messages, newest first, each with its state, how many
 * attempts the log holds of it and the newest of them; and one message's attempts, a page at a
 * time. A message is in the outbox while it is pending or dead; a delivered one has left it and
 * is known from the log alone (until the log is pruned).
 *
 * What a read loads is bounded whatever the log holds: a page's messages and attempts are chosen
 * by their sizes in the database (`attemptBytes`) before any request body is read, so that a page
 * stays within its byte budget (`operationLimits`) and a message with tens of thousands of
 * attempts costs a count and its newest few rows.
 */
import {
  operationLimits,
  propertyConstraints,
  type components,
  type InternalAttempt,
} from '@street-events/types/operator';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEventType } from '../../shared/enums.js';
import { queryRows, type Database } from '../../db/database.js';
import { isoFromUtcText, isoFromUtcTextOrNull, utcText } from '../../db/array-rows.js';
import { subscriptions } from '../../db/schema.js';
import { withinScope, type OrganisationScope } from '../../db/organisation-scope.js';
import { NotFoundError } from '../../shared/errors.js';
import { cursorOf, messageId, readCursor, rowId, utcTime } from './history-cursors.js';

type Schemas = components['schemas'];
/** An attempt, a message and a page of the message log, as the operator document defines them. */
export type LoggedAttempt = InternalAttempt;
export type LoggedMessage = Schemas['InternalMessage'];
export type MessagePage = Schemas['InternalMessagePage'];
export type AttemptPage = Schemas['InternalAttemptPage'];

/** Attempts a message shows on a page of messages (the newest). */
export const attemptsShown = propertyConstraints.InternalMessage.attempts.maxItems;
/** The bytes of JSON a page's answer may take (see `attemptBytes`): of messages, and of one message's attempts. */
export const pageBytes = operationLimits.listMessages.page_bytes;
const attemptPageBytes = operationLimits.listMessageAttempts.page_bytes;
/** An upper bound of the bytes of an attempt's fields of fixed size (times, numbers, outcome, names) as JSON. */
const attemptFields = 256;
/** The same of a message's own fields, and of a page's. */
const messageFields = 512;
const pageFields = 512;

/**
 * An attempt's share of an answer, counted in the database before its row is read: its texts as
 * JSON strings, its headers as JSON (`jsonb` text, a little longer than JSON.stringify's), and
 * `attemptFields` for the rest.
 */
const attemptBytes = sql.raw(`(${attemptFields} + octet_length(to_json(a.request_body)::text)
  + octet_length(a.request_headers::text) + octet_length(to_json(a.endpoint)::text)
  + coalesce(octet_length(to_json(a.response_excerpt)::text), 0) + coalesce(octet_length(to_json(a.error)::text), 0))`);

interface MessageRow {
  message_id: string;
  kind: LoggedMessage['kind'];
  state: LoggedMessage['state'];
  created_at: string;
  next_attempt_at: string | null;
  event_type: AuditEventType | null;
  update_id: number | null;
  object_reference_number: string | null;
  attempt_count: number;
  shown_bytes: number;
}

interface AttemptRow {
  id: string;
  message_id: string;
  attempted_at: string;
  endpoint: string;
  status: number | null;
  error: string | null;
  latency_ms: number;
  response_excerpt: string | null;
  request_headers: Record<string, string>;
  request_body: string;
  outcome: LoggedAttempt['outcome'];
  next_attempt_at: string | null;
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

/** The messages of a subscription (those in the outbox, and those the log shows delivered since) after `before`. */
function messageRows(subscriptionId: number, limit: number, before: string | undefined): SQL {
  const [createdAt, id] = before === undefined ? [] : readCursor(before, 'before', [utcTime, messageId]);
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
    ), page as (
      select * from m
      ${createdAt === undefined ? sql`` : sql`where (m.created_at, m.message_id) < (${createdAt}::timestamp at time zone 'UTC', ${id})`}
      order by m.created_at desc, m.message_id desc
      limit ${limit + 1}
    )
    select p.message_id, p.kind, p.state, ${utcText(sql.raw('p.created_at'))} as created_at,
           ${utcText(sql.raw('p.next_attempt_at'))} as next_attempt_at, e.event_type,
           e.update_id::float8 as update_id, e.object_reference_number,
           (select count(*)::int from delivery_attempts a
            where a.subscription_id = ${subscriptionId} and a.message_id = p.message_id) as attempt_count,
           (select coalesce(sum(${attemptBytes}), 0)::float8 from (
              select * from delivery_attempts a where a.subscription_id = ${subscriptionId} and a.message_id = p.message_id
              order by a.id desc limit ${attemptsShown}) a) as shown_bytes
    from page p left join audit_events e on e.id = p.audit_event_id
    order by p.created_at desc, p.message_id desc`;
}

/**
 * The first of `rows` that fit `budget` by their `bytes` (always the first row), and at most `limit`;
 * `more` when rows were left out.
 */
function withinBudget<Row>(rows: Row[], limit: number, bytes: (row: Row) => number) {
  let total = pageFields;
  let count = 0;
  for (const row of rows.slice(0, limit)) {
    total += bytes(row);
    if (count > 0 && total > pageBytes) break;
    count += 1;
  }
  return { shown: rows.slice(0, count), more: rows.length > count };
}

const attemptColumns =
  sql.raw(`a.id::text as id, a.message_id, (a.attempted_at at time zone 'UTC')::text as attempted_at,
  a.endpoint, a.response_status as status, a.error, a.latency_ms, a.response_excerpt, a.request_headers, a.request_body,
  a.outcome, (a.next_attempt_at at time zone 'UTC')::text as next_attempt_at`);

/** The newest attempts of each of `messageIds`, at most `attemptsShown` each, newest first. */
function newestAttempts(subscriptionId: number, messageIds: string[]): SQL {
  return sql`
    select ${attemptColumns}
    from unnest(${`{${messageIds.join(',')}}`}::text[]) as m(message_id)
    cross join lateral (select * from delivery_attempts a
      where a.subscription_id = ${subscriptionId} and a.message_id = m.message_id
      order by a.id desc limit ${attemptsShown}) a
    order by a.id desc`;
}

const attemptOf = (row: AttemptRow): LoggedAttempt => ({
  attempted_at: isoFromUtcText(row.attempted_at),
  endpoint: row.endpoint,
  status: row.status,
  error: row.error,
  latency_ms: row.latency_ms,
  response_excerpt: row.response_excerpt,
  request_headers: row.request_headers,
  request_body: row.request_body,
  outcome: row.outcome,
  next_attempt_at: isoFromUtcTextOrNull(row.next_attempt_at),
});

function messageOf(row: MessageRow, attempts: AttemptRow[]): LoggedMessage {
  const shown = attempts.reverse();
  return {
    message_id: row.message_id,
    kind: row.kind,
    state: row.state,
    created_at: isoFromUtcText(row.created_at),
    event_type: row.event_type,
    update_id: row.update_id === null ? null : Number(row.update_id),
    object_reference_number: row.object_reference_number,
    next_attempt_at: isoFromUtcTextOrNull(row.next_attempt_at),
    attempt_count: row.attempt_count,
    attempts: shown.map(attemptOf),
    attempts_cursor: row.attempt_count > shown.length && shown[0] ? cursorOf(shown[0].id) : null,
  };
}

/** One snapshot for a read's queries, so that an attempt settled between two reads is not shown beside its message as before. */
const snapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * A page of a subscription's messages, newest first, each with its newest attempts (oldest
 * first); a subscription outside `scope` is `404`, as an unknown one.
 */
export async function listMessages(
  db: Database,
  subscriptionReference: string,
  page: { limit: number; before?: string },
  scope: OrganisationScope = 'any',
): Promise<MessagePage> {
  const subscriptionId = await subscriptionIdOf(db, subscriptionReference, scope);
  return db.transaction(async (tx) => {
    const rows = await queryRows<MessageRow>(tx, messageRows(subscriptionId, page.limit, page.before));
    const { shown, more } = withinBudget(rows, page.limit, (row) => messageFields + Number(row.shown_bytes));
    const ids = shown.map((row) => row.message_id);
    const attempts = ids.length === 0 ? [] : await queryRows<AttemptRow>(tx, newestAttempts(subscriptionId, ids));
    return {
      messages: shown.map((row) =>
        messageOf(
          row,
          attempts.filter((attempt) => attempt.message_id === row.message_id),
        ),
      ),
      next_cursor: more ? cursorOf(shown.at(-1)!.created_at, shown.at(-1)!.message_id) : null,
    };
  }, snapshot);
}

/** Up to `limit + 1` attempts of a message before `beforeId`, newest first, with the bytes of each and those before it. */
function attemptRows(subscriptionId: number, message: string, limit: number, beforeId: string | undefined): SQL {
  return sql`
    with candidates as (
      select a.id, ${attemptBytes} as bytes from delivery_attempts a
      where a.subscription_id = ${subscriptionId} and a.message_id = ${message}
        ${beforeId === undefined ? sql`` : sql`and a.id < ${beforeId}::bigint`}
      order by a.id desc limit ${limit + 1}
    ), counted as (
      select id, row_number() over (order by id desc) as n, sum(bytes) over (order by id desc) as running from candidates
    )
    select ${attemptColumns}, (select count(*) from candidates)::int as candidates
    from counted c join delivery_attempts a on a.id = c.id
    where c.n = 1 or (c.n <= ${limit} and c.running <= ${attemptPageBytes - pageFields})
    order by a.id desc`;
}

/** Whether the subscription has the message, in the outbox or in the log. */
const hasMessage = (subscriptionId: number, message: string) => sql`
  select exists (select 1 from deliveries where subscription_id = ${subscriptionId} and message_id = ${message})
      or exists (select 1 from delivery_attempts where subscription_id = ${subscriptionId} and message_id = ${message})
    as found`;

/**
 * A page of one message's attempts, newest first, from the newest or before the cursor `before`;
 * a subscription outside `scope`, or a message not the subscription's, is `404`.
 */
export async function listMessageAttempts(
  db: Database,
  target: { subscription: string; messageId: string },
  page: { limit: number; before?: string },
  scope: OrganisationScope = 'any',
): Promise<AttemptPage> {
  const [beforeId] = page.before === undefined ? [] : readCursor(page.before, 'before', [rowId]);
  const subscriptionId = await subscriptionIdOf(db, target.subscription, scope);
  return db.transaction(async (tx) => {
    const rows = await queryRows<AttemptRow & { candidates: number }>(
      tx,
      attemptRows(subscriptionId, target.messageId, page.limit, beforeId),
    );
    if (rows.length === 0) {
      const [{ found } = { found: false }] = await queryRows<{ found: boolean }>(
        tx,
        hasMessage(subscriptionId, target.messageId),
      );
      if (!found) throw new NotFoundError(`no message ${target.messageId} of ${target.subscription}`, 'message_id');
    }
    const more = rows.length > 0 && rows[0]!.candidates > rows.length;
    return { attempts: rows.map(attemptOf), next_cursor: more ? cursorOf(rows.at(-1)!.id) : null };
  }, snapshot);
}
