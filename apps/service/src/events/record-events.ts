/**
 * Recording audit events: the one write path every domain operation uses.
 *
 * ## update_id allocation ("no update lost")
 *
 * Pollers read `update_id > cursor ORDER BY update_id`. If update_ids came from a plain
 * sequence at insert time, a transaction that drew id 10 but committed after another
 * transaction's id 11 had been served would be skipped for ever: the poller's cursor is
 * already past 10 when 10 becomes visible.
 *
 * So update_ids are allocated at commit time, in commit order:
 *
 * 1. Events are inserted with `update_id` null. Uncommitted rows are invisible to pollers,
 *    and committed rows always carry an id, so a poller never meets a null.
 * 2. A `DEFERRABLE INITIALLY DEFERRED` constraint trigger on `audit_events` (migration
 *    `drizzle/0001_update_id_allocation.sql`) runs when the transaction commits. It takes
 *    the transaction-scoped advisory lock 7401120001 and numbers the transaction's rows from
 *    `audit_event_update_id_seq`. Deferred row triggers fire in insertion order, so events
 *    recorded in one transaction keep their order (permit_submitted before work_start_logged).
 * 3. PostgreSQL releases transaction locks only after the commit is visible to other
 *    sessions. The next writer therefore draws its ids after this one's are visible: whenever
 *    an id is visible, every lower id that will ever commit is visible too.
 * 4. The same trigger joins the event's stored polling row around its id (migration 0006) and
 *    announces each event of a work, with its id, on `street_events_feed` (migration 0010):
 *    service instances keep the feed's heads from it (features/polling/feed-heads.ts).
 *
 * The lock serialises only the last instant of each write transaction (numbering its few
 * rows), not the work before it. Ids may have gaps (a transaction can fail after drawing);
 * gaps are harmless to a cursor. On PGlite the single connection serialises writers anyway;
 * the same trigger runs there.
 */
import type { Caller } from '../directory/caller.js';
import type { Database } from '../db/database.js';
import { auditEvents } from '../db/schema.js';
import type { AuditEventType, AuditObjectType } from '../shared/enums.js';
import { systemClock, type Clock } from '../shared/clock.js';
import { enqueueNotifications } from '../deliveries/queue/outbox.js';
import { pollRowParts } from './poll-rows.js';

/** Who acted, as supplied by the causing request; stored on every event it causes. */
export interface Actor {
  username?: string;
  internalUserIdentifier?: string;
  internalUserName?: string;
}

/** The internal user fields a request of the interface may carry: who acted, in the permitting system's own terms. */
export interface ActorFields {
  internal_user_identifier?: string | null;
  internal_user_name?: string | null;
}

/** The caller as acting user, with the internal user fields of its request. */
export function actorOf(caller: Caller, fields: ActorFields): Actor {
  return {
    username: caller.username,
    internalUserIdentifier: fields.internal_user_identifier ?? undefined,
    internalUserName: fields.internal_user_name ?? undefined,
  };
}

/** Options every write operation accepts. */
export interface WriteOptions {
  actor?: Actor;
  now?: Clock;
  /**
   * Told the internal ids of the events as they are inserted; they are visible, with their
   * update_ids, once the operation has returned (its transaction committed).
   */
  onRecorded?: (eventIds: readonly number[]) => void;
}

/** The moment and the actor shared by all events of one operation. */
export interface EventContext {
  at: Date;
  actor: Actor;
  onRecorded?: WriteOptions['onRecorded'];
}

export function eventContext(options: WriteOptions = {}): EventContext {
  return { at: (options.now ?? systemClock)(), actor: options.actor ?? {}, onRecorded: options.onRecorded };
}

/**
 * Whose events these are. A work's events carry the work, its reference and its promoter,
 * authority and workstream (copied so that polling reads one table); organisation-level events have
 * no work and appear in notifications only.
 */
export interface EventScope {
  workId: number | null;
  workReferenceNumber: string | null;
  promoterOrgId: number | null;
  highwayAuthorityOrgId: number | null;
  workstreamPrefix: string | null;
}

/** The scope of an organisation-level event: no work, the organisations it regards. */
export function organisationScope(organisations: {
  promoterOrgId: number | null;
  highwayAuthorityOrgId: number | null;
}): EventScope {
  return { workId: null, workReferenceNumber: null, workstreamPrefix: null, ...organisations };
}

export interface EventSpec {
  eventType: AuditEventType;
  objectType: AuditObjectType;
  objectReferenceNumber: string | null;
  parentObjectReferenceNumber: string | null;
}

export type AuditEventRow = typeof auditEvents.$inferInsert;

/** A work event's polling row around its id (see poll-rows.ts); none for organisation-level events. */
function pollRowOf(scope: EventScope, at: Date, event: EventSpec): Pick<AuditEventRow, 'pollRowHead' | 'pollRowTail'> {
  if (scope.workReferenceNumber === null) return {};
  const { head, tail } = pollRowParts({
    ...event,
    workReferenceNumber: scope.workReferenceNumber,
    updateDateTime: at.toISOString(),
  });
  return { pollRowHead: head, pollRowTail: tail };
}

export function auditEventRows(
  scope: EventScope,
  context: EventContext,
  events: readonly EventSpec[],
): AuditEventRow[] {
  return events.map((event) => ({
    ...pollRowOf(scope, context.at, event),
    workId: scope.workId,
    workReferenceNumber: scope.workReferenceNumber,
    promoterOrgId: scope.promoterOrgId,
    highwayAuthorityOrgId: scope.highwayAuthorityOrgId,
    workstreamPrefix: scope.workstreamPrefix,
    ...event,
    updateDateTime: context.at,
    actingUsername: context.actor.username ?? null,
    internalUserIdentifier: context.actor.internalUserIdentifier ?? null,
    internalUserName: context.actor.internalUserName ?? null,
  }));
}

/**
 * Inserts the events, in order, inside the caller's transaction; ids are assigned at its commit.
 * Their notifications are queued in the same transaction (the outbox, src/deliveries/queue/outbox.ts).
 */
export async function recordEvents(
  tx: Database,
  scope: EventScope,
  context: EventContext,
  events: readonly EventSpec[],
): Promise<void> {
  if (events.length === 0) return;
  const inserted = await tx
    .insert(auditEvents)
    .values(auditEventRows(scope, context, events))
    .returning({ id: auditEvents.id });
  const ids = inserted.map((row) => row.id);
  await enqueueNotifications(tx, ids);
  context.onRecorded?.(ids);
}
