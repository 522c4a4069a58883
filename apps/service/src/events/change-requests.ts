/**
 * Alterations and change requests to a permit: submitted, then granted, refused or cancelled.
 * Granting applies the requested changes to the permit. Events name the request as object
 * (type change_request, the interface has no alteration type) and its permit as parent.
 */
import type { components } from '@street-events/types/operator';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { changeRequests, permits, type ChangeRequestKind, type ChangeRequestStatus } from '../db/schema.js';
import type { AuditEventType } from '../shared/enums.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { eventContext, recordEvents, type EventSpec, type WriteOptions } from './record-events.js';
import { lockPermit } from './work-scope.js';

/** A request of a kind and the changes it asks for (each unchanged when left out), as the operator document's `submitChangeRequest` takes it. */
export type ChangeRequestSubmission = components['schemas']['InternalChangeRequestSubmission'];

export type ChangeRequestDecision = Exclude<ChangeRequestStatus, 'submitted'>;

const changeRequestEvents = {
  alteration: {
    submitted: 'alteration_submitted',
    granted: 'alteration_granted',
    refused: 'alteration_refused',
    cancelled: 'alteration_cancelled',
  },
  change_request: {
    submitted: 'change_request_submitted',
    granted: 'change_request_granted',
    refused: 'change_request_refused',
    cancelled: 'change_request_cancelled',
  },
} as const satisfies Record<ChangeRequestKind, Record<ChangeRequestStatus, AuditEventType>>;

/**
 * The ways a request is granted, recorded each by its own event: by the authority, with a
 * challenge to its duration, deemed (not decided in time) or applied automatically.
 */
const grantEvents = {
  alteration: [
    'alteration_granted',
    'alteration_granted_with_duration_challenge',
    'alteration_deemed',
    'alteration_applied_auto',
  ],
  change_request: [
    'change_request_granted',
    'change_request_granted_with_duration_challenge',
    'change_request_deemed',
    'change_request_applied_auto',
  ],
} as const satisfies Record<ChangeRequestKind, readonly AuditEventType[]>;

/** The request kind and status an event records (a grant in any of its ways), or undefined for other events. */
export function changeRequestEventOf(
  eventType: AuditEventType,
): { kind: ChangeRequestKind; status: ChangeRequestStatus } | undefined {
  for (const [kind, events] of Object.entries(changeRequestEvents) as [ChangeRequestKind, Record<string, string>][]) {
    if ((grantEvents[kind] as readonly string[]).includes(eventType)) return { kind, status: 'granted' };
    const status = Object.keys(events).find((candidate) => events[candidate] === eventType);
    if (status !== undefined) return { kind, status: status as ChangeRequestStatus };
  }
  return undefined;
}

/** References are `<permit reference>-ALT<nn>` and `<permit reference>-CR<nn>`, numbered per permit. */
export function changeRequestReference(
  permitReferenceNumber: string,
  kind: ChangeRequestKind,
  sequence: number,
): string {
  const tag = kind === 'alteration' ? 'ALT' : 'CR';
  return `${permitReferenceNumber}-${tag}${String(sequence).padStart(2, '0')}`;
}

/** An event about a change request: the request is the object, its permit the parent. */
export function changeRequestEvent(
  kind: ChangeRequestKind,
  status: ChangeRequestStatus,
  reference: string,
  permitReferenceNumber: string,
): EventSpec {
  return {
    eventType: changeRequestEvents[kind][status],
    objectType: 'change_request',
    objectReferenceNumber: reference,
    parentObjectReferenceNumber: permitReferenceNumber,
  };
}

const dateOf = (value: string | undefined): Date | undefined => (value === undefined ? undefined : new Date(value));

/** Submits a request to change the permit; returns its reference. */
export async function submitChangeRequest(
  db: Database,
  permitReferenceNumber: string,
  request: ChangeRequestSubmission,
  options: WriteOptions = {},
): Promise<{ reference: string }> {
  const context = eventContext(options);
  const { kind } = request;
  return db.transaction(async (tx) => {
    const { permit, work } = await lockPermit(tx, permitReferenceNumber);
    if (!permit.isActivePermit || permit.workStatus === 'completed') {
      throw new ConflictError(`the permit is ${permit.status} and the work ${permit.workStatus}: it cannot be changed`);
    }
    const [existing] = await tx
      .select({ n: count() })
      .from(changeRequests)
      .where(and(eq(changeRequests.permitId, permit.id), eq(changeRequests.kind, kind)));
    const reference = changeRequestReference(permit.permitReferenceNumber, kind, (existing?.n ?? 0) + 1);
    await tx.insert(changeRequests).values({
      reference,
      permitId: permit.id,
      kind,
      status: 'submitted',
      createdAt: context.at,
      proposedStartDate: dateOf(request.proposed_start_date),
      proposedEndDate: dateOf(request.proposed_end_date),
      trafficManagementType: request.traffic_management_type,
      descriptionOfWork: request.description_of_work,
    });
    await recordEvents(tx, work, context, [
      changeRequestEvent(kind, 'submitted', reference, permit.permitReferenceNumber),
    ]);
    return { reference };
  });
}

/**
 * Grants, refuses or cancels a submitted request. A grant applies the changes to the permit and
 * is recorded as `grantedAs`, one of the request kind's grant events (the plain grant by default).
 */
export async function decideChangeRequest(
  db: Database,
  input: { reference: string; decision: ChangeRequestDecision; grantedAs?: AuditEventType },
  options: WriteOptions = {},
): Promise<void> {
  if (input.grantedAs !== undefined && input.decision !== 'granted') {
    throw new ValidationError(`${input.grantedAs} records a grant, not a ${input.decision} request`, 'event_type', {
      rule: 'enum',
    });
  }
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ permitReferenceNumber: permits.permitReferenceNumber })
      .from(changeRequests)
      .innerJoin(permits, eq(permits.id, changeRequests.permitId))
      .where(eq(changeRequests.reference, input.reference));
    if (!target) throw new NotFoundError(`no change request ${input.reference}`, 'reference');
    // Read the request again once its permit is locked: it may have been decided meanwhile.
    const { permit, work } = await lockPermit(tx, target.permitReferenceNumber);
    const [request] = await tx.select().from(changeRequests).where(eq(changeRequests.reference, input.reference));
    if (!request || request.status !== 'submitted') {
      throw new ConflictError(`change request ${input.reference} is ${request?.status ?? 'gone'} already`);
    }
    if (input.decision === 'granted') {
      const proposedStartDate = request.proposedStartDate ?? permit.proposedStartDate;
      const proposedEndDate = request.proposedEndDate ?? permit.proposedEndDate;
      if (proposedEndDate < proposedStartDate) {
        throw new ValidationError('the change would end the work before it starts', 'proposed_end_date', {
          rule: 'formatMinimum',
        });
      }
      await tx
        .update(permits)
        .set({
          proposedStartDate,
          proposedEndDate,
          trafficManagementType: request.trafficManagementType ?? permit.trafficManagementType,
          descriptionOfWork: request.descriptionOfWork ?? permit.descriptionOfWork,
        })
        .where(eq(permits.id, permit.id));
    }
    const event = changeRequestEvent(request.kind, input.decision, request.reference, permit.permitReferenceNumber);
    if (input.grantedAs !== undefined) event.eventType = grantEventOf(request.kind, input.grantedAs);
    await tx
      .update(changeRequests)
      .set({ status: input.decision, decidedAt: context.at })
      .where(eq(changeRequests.id, request.id));
    await recordEvents(tx, work, context, [event]);
  });
}

function grantEventOf(kind: ChangeRequestKind, eventType: AuditEventType): AuditEventType {
  if (!(grantEvents[kind] as readonly string[]).includes(eventType)) {
    throw new ValidationError(`${eventType} does not grant a ${kind}`, 'event_type', { rule: 'enum' });
  }
  return eventType;
}
