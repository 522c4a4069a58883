/**
 * Bringing about an event of a work: first what the event needs (the permit assessed, the work
 * started or stopped, a record in the right status, a request to decide), each through its own
 * operation of the event source, then the event itself.
 */
import type { ChangeRequestKind, ChangeRequestStatus } from '../../db/schema.js';
import type { PermitEventType, PermitRow, PermitState } from '../../domain/permits.js';
import type {
  OpeningEventType,
  WorkObjectTransitionEventType,
  WorkObjectType,
} from '../../domain/work-object-lifecycles.js';
import type { AuditEventType, WorkCategory } from '../../shared/enums.js';
import { ConflictError } from '../../shared/errors.js';
import { changeRequestEvent, decideChangeRequest, submitChangeRequest } from '../../events/change-requests.js';
import { recordWorkEvent } from '../../events/noted-events.js';
import { permitEvent, transitionPermit } from '../../events/permits.js';
import { advanceWorkObject, openWorkObject } from '../../events/work-objects.js';
import type { NotedRecordType, Plan, PermitNeed } from './kinds.js';
import { allows, permitPath, recordPath, statusesAllowing } from './paths.js';
import { latestChangeRequest, latestRecord, objectsNamed, permitOf, wasRecorded, type WorkInPlay } from './state.js';
import type { Session } from './works.js';

const dayMs = 24 * 60 * 60 * 1000;

/** How far a work must have gone for a record of the type: started, or stopped. */
const recordStage: Partial<Record<WorkObjectType | NotedRecordType, 'started' | 'completed'>> = {
  inspection: 'started',
  fpn: 'started',
  section_74: 'started',
  non_compliance: 'started',
  reinstatement: 'completed',
  site: 'completed',
  material_classification: 'completed',
};

const awaiting = (state: PermitState) =>
  state.isActivePermit && (state.status === 'submitted' || state.status === 'permit_modification_request');
const stageGoal = {
  started: (state: PermitState) => state.workStatus === 'in_progress' || state.workStatus === 'completed',
  completed: (state: PermitState) => state.workStatus === 'completed',
};
const changeGoal: Record<ChangeRequestKind, (state: PermitState) => boolean> = {
  // Alterations are asked of a granted permit; change requests of one awaiting assessment.
  alteration: (state) => state.isActivePermit && state.status === 'granted' && state.workStatus !== 'completed',
  change_request: awaiting,
};

/** The category of a new work on which the plan's event comes soonest; undefined: any. */
export function newWorkCategory(plan: Plan, eventType: AuditEventType): WorkCategory | undefined {
  const immediate = 'immediate_urgent';
  switch (plan.kind) {
    case 'permit':
      // The start and what follows it come at once on an immediate work, started on submission;
      // the rest on a permit still to be assessed.
      return ['work_start_logged', 'work_stop_logged', 'work_start_reverted', 'work_stop_reverted'].includes(eventType)
        ? immediate
        : 'minor';
    case 'open_record':
    case 'advance_record':
      if (plan.objectType === 'paa') return 'paa';
      return recordStage[plan.objectType] ? immediate : undefined;
    case 'noted_record':
      return immediate;
    case 'change_request':
    case 'noted_change_request':
      return 'minor';
    case 'noted_permit':
      if (plan.needs.kind === 'hs2') return 'hs2_highway';
      return plan.needs.kind === 'non_compliance' ? immediate : 'minor';
    default:
      return undefined;
  }
}

async function requirePermit(session: Session, work: WorkInPlay): Promise<PermitRow> {
  const permit = await permitOf(session.db, work.workId);
  if (!permit)
    throw new ConflictError(`${session.eventType} is not possible: ${work.workReferenceNumber} has no permit`);
  return permit;
}

/** Moves the work's permit on until `goal` holds, if a few ordinary steps lead there; returns it. */
async function preparePermit(session: Session, work: WorkInPlay, goal: (state: PermitState) => boolean) {
  const permit = await requirePermit(session, work);
  const path = permitPath(permit, goal, session.now()) ?? [];
  for (const eventType of path) {
    await transitionPermit(
      session.db,
      { permitReferenceNumber: permit.permitReferenceNumber, eventType },
      session.write,
    );
  }
  return path.length === 0 ? permit : requirePermit(session, work);
}

/** Starts (or stops) the work when its records need it; a works record has no permit to start. */
async function prepareStage(session: Session, work: WorkInPlay, objectType: WorkObjectType | NotedRecordType) {
  const stage = recordStage[objectType];
  if (stage === undefined || !(await permitOf(session.db, work.workId))) return;
  await preparePermit(session, work, stageGoal[stage]);
}

async function permitTransition(session: Session, work: WorkInPlay, eventType: PermitEventType) {
  const permit = await preparePermit(session, work, allows(eventType));
  await transitionPermit(session.db, { permitReferenceNumber: permit.permitReferenceNumber, eventType }, session.write);
}

/** A record of the work in which `eventType` applies: the latest such, or a new one brought there. */
async function recordFor(session: Session, work: WorkInPlay, objectType: WorkObjectType, eventType: AuditEventType) {
  const existing = await latestRecord(session.db, work.workId, objectType, statusesAllowing(objectType, eventType));
  if (existing) return existing.reference;
  const { opening, transitions } = recordPath(objectType, eventType);
  return openRecord(session, work, objectType, opening, transitions);
}

async function openRecord(
  session: Session,
  work: WorkInPlay,
  objectType: WorkObjectType,
  opening: OpeningEventType<WorkObjectType>,
  transitions: readonly WorkObjectTransitionEventType[] = [],
): Promise<string> {
  const { db, write } = session;
  await prepareStage(session, work, objectType);
  const { reference } = await openWorkObject(
    db,
    { workReferenceNumber: work.workReferenceNumber, objectType, eventType: opening },
    write,
  );
  for (const transition of transitions) await advanceWorkObject(db, { reference, eventType: transition }, write);
  return reference;
}

/** Submits a request of the kind, or decides the latest pending one (submitted first if none); returns it. */
async function changeRequest(
  session: Session,
  work: WorkInPlay,
  kind: ChangeRequestKind,
  status: ChangeRequestStatus,
  eventType: AuditEventType,
): Promise<string> {
  const { db, write, random } = session;
  const permit = await preparePermit(session, work, changeGoal[kind]);
  const submit = async () => {
    // Like the simulation's requests: the work to end a few days later.
    const proposedEndDate = new Date(permit.proposedEndDate.getTime() + random.integer(1, 5) * dayMs);
    const { permitReferenceNumber } = permit;
    const request = { kind, proposed_end_date: proposedEndDate.toISOString() };
    return (await submitChangeRequest(db, permitReferenceNumber, request, write)).reference;
  };
  if (status === 'submitted') return submit();
  const reference = (await latestChangeRequest(db, permit.id, kind, 'submitted')) ?? (await submit());
  const grantedAs = status === 'granted' ? eventType : undefined;
  await decideChangeRequest(db, { reference, decision: status, grantedAs }, write);
  return reference;
}

/** An event noted about the latest request granted by `grantedBy` (granted so first if there is none). */
async function notedChangeRequest(
  session: Session,
  work: WorkInPlay,
  kind: ChangeRequestKind,
  grantedBy: AuditEventType,
) {
  const { db, write } = session;
  const permit = await requirePermit(session, work);
  let reference = await latestChangeRequest(db, permit.id, kind, 'granted');
  const plainGrant = grantedBy === changeRequestEvent(kind, 'granted', '', '').eventType;
  if (reference !== undefined && !plainGrant && !(await wasRecorded(db, reference, grantedBy))) reference = undefined;
  reference ??= await changeRequest(session, work, kind, 'granted', grantedBy);
  const event = changeRequestEvent(kind, 'granted', reference, permit.permitReferenceNumber);
  await recordWorkEvent(
    db,
    { workReferenceNumber: work.workReferenceNumber, event: { ...event, eventType: session.eventType } },
    write,
  );
}

/** What the permit needs before the event, brought about; returns the permit. */
async function permitReadyFor(session: Session, work: WorkInPlay, need: PermitNeed): Promise<PermitRow> {
  switch (need.kind) {
    case 'awaiting_assessment':
      return preparePermit(session, work, awaiting);
    case 'granted_by': {
      const permit = await requirePermit(session, work);
      if (await wasRecorded(session.db, permit.permitReferenceNumber, need.eventType)) return permit;
      await permitTransition(session, work, need.eventType);
      return requirePermit(session, work);
    }
    case 'non_compliance':
      if (!(await latestRecord(session.db, work.workId, 'non_compliance')))
        await openRecord(session, work, 'non_compliance', 'non_compliance_issued');
      return requirePermit(session, work);
    default:
      return requirePermit(session, work);
  }
}

/** An event noted about the work's permit, which must be active (and awaiting assessment when the event needs it). */
async function notedPermitEvent(session: Session, work: WorkInPlay, need: PermitNeed) {
  const permit = await permitReadyFor(session, work, need);
  const refusal = !permit.isActivePermit || (need.kind === 'awaiting_assessment' && !awaiting(permit));
  if (refusal) throw new ConflictError(`${session.eventType} is not possible: the permit is ${permit.status}`);
  const event = permitEvent(session.eventType, permit.permitReferenceNumber, work.workReferenceNumber);
  await recordWorkEvent(session.db, { workReferenceNumber: work.workReferenceNumber, event }, session.write);
}

/**
 * An event about a record the service keeps no row of: a reinstatement's site (`<work>-SITEnn`,
 * numbered as its reinstatement, whose child it is) or a material classification (`<work>-MCnn`).
 */
async function notedRecordEvent(session: Session, work: WorkInPlay, objectType: NotedRecordType) {
  const { db, eventType } = session;
  await prepareStage(session, work, objectType);
  const { workReferenceNumber } = work;
  let reference: string;
  let parent: string;
  if (objectType === 'site') {
    parent =
      (await latestRecord(db, work.workId, 'reinstatement'))?.reference ??
      (await openRecord(session, work, 'reinstatement', 'reinstatement_submitted'));
    reference = `${workReferenceNumber}-SITE${parent.slice(-2)}`;
  } else {
    const sequence = (await objectsNamed(db, { workId: work.workId }, objectType)) + 1;
    reference = `${workReferenceNumber}-MC${String(sequence).padStart(2, '0')}`;
    parent = workReferenceNumber;
  }
  const event = { eventType, objectType, objectReferenceNumber: reference, parentObjectReferenceNumber: parent };
  await recordWorkEvent(db, { workReferenceNumber, event }, session.write);
}

/** Brings about the session's event on the work. */
export async function onWork(session: Session, plan: Plan, work: WorkInPlay): Promise<void> {
  const { db, write, eventType } = session;
  const { workReferenceNumber } = work;
  switch (plan.kind) {
    case 'permit':
      return permitTransition(session, work, plan.eventType);
    case 'open_record':
      await openRecord(session, work, plan.objectType, eventType as OpeningEventType<WorkObjectType>);
      return;
    case 'advance_record': {
      const reference = await recordFor(session, work, plan.objectType, eventType);
      return advanceWorkObject(db, { reference, eventType: eventType as WorkObjectTransitionEventType }, write);
    }
    case 'change_request':
      await changeRequest(session, work, plan.changeKind, plan.status, eventType);
      return;
    case 'noted_change_request':
      return notedChangeRequest(session, work, plan.changeKind, plan.grantedBy);
    case 'noted_permit':
      return notedPermitEvent(session, work, plan.needs);
    case 'noted_record':
      return notedRecordEvent(session, work, plan.objectType);
    case 'noted_work': {
      const event = {
        eventType,
        objectType: 'work' as const,
        objectReferenceNumber: workReferenceNumber,
        parentObjectReferenceNumber: null,
      };
      return recordWorkEvent(db, { workReferenceNumber, event }, write);
    }
    default:
      throw new Error(`${eventType} is not brought about on a work this way`);
  }
}
