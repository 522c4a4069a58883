/**
 * What happens next to a work, chosen at random among the steps its state allows, with
 * weights that give a plausible mix: most permits are granted, started and stopped; some are
 * refused or cancelled; inspections, comments, FPNs and alterations come along the way.
 * Used by the seed (applied in memory) and by the live simulation (applied through the
 * event source).
 */
import type { ChangeRequestKind } from '../../db/schema.js';
import { isImmediate, permitEventRefusal, type PermitEventType, type PermitState } from '../../domain/permits.js';
import type {
  OpeningEventType,
  WorkObjectTransitionEventType,
  WorkObjectType,
} from '../../domain/work-object-lifecycles.js';
import type { ChangeRequestDecision } from '../../events/change-requests.js';
import type { Random } from './random.js';

export interface WorkSnapshot {
  permit: PermitState & { proposedStartDate: Date; proposedEndDate: Date };
  records: { reference: string; objectType: WorkObjectType; status: string }[];
  /** The change request awaiting a decision, if any. */
  pendingChangeRequest: { reference: string } | null;
}

export type Activity =
  | { kind: 'permit'; eventType: PermitEventType }
  | { kind: 'open'; objectType: WorkObjectType; eventType: OpeningEventType<WorkObjectType> }
  | { kind: 'advance'; reference: string; eventType: WorkObjectTransitionEventType }
  /** Asks to end the work a few days later. */
  | { kind: 'submit_change'; changeKind: ChangeRequestKind; proposedEndDate: Date }
  | { kind: 'decide_change'; reference: string; decision: ChangeRequestDecision }
  /** Nothing more will happen to this work. */
  | { kind: 'done' };

/** An activity that does something (not `done`). */
export type WorkActivity = Exclude<Activity, { kind: 'done' }>;

type Weighted = readonly [Activity, number];

/** Follow-ups of records that are waiting for one. */
const followUps: Partial<Record<WorkObjectType, Partial<Record<string, WorkObjectTransitionEventType>>>> = {
  inspection: { failed: 'inspection_outcome_accepted' },
  fpn: { submitted: 'fpn_paid' },
  comment: { submitted: 'comment_read' },
  sample_inspection: { open: 'sample_inspection_completed' },
};

/** Where a permit is in its life, for what may happen to it next. */
type Stage = 'awaiting' | 'planned' | 'in_progress' | 'completed';

const permitSteps: Record<Stage, (readonly [PermitEventType, number])[]> = {
  awaiting: [
    ['permit_granted', 60],
    ['permit_modification_request', 8],
    ['permit_deemed', 6],
    ['permit_refused', 5],
    ['permit_cancelled', 4],
  ],
  planned: [
    ['work_start_logged', 70],
    ['ancillary_info_added', 6],
    ['permit_cancelled', 4],
    ['permit_revoked', 1],
  ],
  in_progress: [
    ['work_stop_logged', 45],
    ['ancillary_info_added', 2],
    ['work_start_reverted', 1],
  ],
  completed: [['work_stop_reverted', 1]],
};

const open = (objectType: WorkObjectType, eventType: OpeningEventType<WorkObjectType>, weight: number): Weighted => [
  { kind: 'open', objectType, eventType },
  weight,
];

const recordSteps: Record<Stage, Weighted[]> = {
  awaiting: [open('comment', 'comment_submitted', 4)],
  planned: [open('comment', 'comment_submitted', 3), open('sample_inspection', 'sample_inspection_created', 2)],
  in_progress: [
    open('inspection', 'inspection_passed', 10),
    open('inspection', 'inspection_failed', 4),
    open('inspection', 'inspection_works_in_progress', 4),
    open('comment', 'comment_submitted', 5),
    open('fpn', 'fpn_submitted', 2),
    open('sample_inspection', 'sample_inspection_created', 2),
  ],
  completed: [open('reinstatement', 'reinstatement_submitted', 25), open('inspection', 'inspection_passed', 8)],
};

function stage(permit: PermitState): Stage | 'finished' {
  // A work in progress goes on to its end; otherwise refused, cancelled and revoked permits are finished.
  if (permit.workStatus === 'in_progress') return 'in_progress';
  if (!permit.isActivePermit) return 'finished';
  switch (permit.workStatus) {
    case 'planned':
      return permit.status === 'granted' ? 'planned' : 'awaiting';
    case 'completed':
      return 'completed';
    default:
      return 'finished';
  }
}

/**
 * Starting and stopping a work before its proposed start date. The live simulation acts at the
 * present moment, so it leaves them until the date comes (the seed schedules them on it, see
 * `dueTime`).
 */
function beforeProposedStart(eventType: PermitEventType, work: WorkSnapshot, now: Date | undefined): boolean {
  if (now === undefined || now >= work.permit.proposedStartDate) return false;
  return eventType === 'work_start_logged' || eventType === 'work_stop_logged';
}

/** What happens next to the work; with `now`, nothing that may not happen yet at that moment. */
export function nextActivity(work: WorkSnapshot, random: Random, now?: Date): Activity {
  const current = stage(work.permit);
  if (current === 'finished') return { kind: 'done' };
  const options: Weighted[] = [];
  if (work.pendingChangeRequest) {
    const { reference } = work.pendingChangeRequest;
    options.push(
      [{ kind: 'decide_change', reference, decision: 'granted' }, 20],
      [{ kind: 'decide_change', reference, decision: 'refused' }, 5],
    );
  } else if (current === 'awaiting' || current === 'planned') {
    const changeKind = current === 'awaiting' ? 'change_request' : 'alteration';
    const proposedEndDate = new Date(
      work.permit.proposedEndDate.getTime() + random.integer(1, 5) * 24 * 60 * 60 * 1000,
    );
    options.push([{ kind: 'submit_change', changeKind, proposedEndDate }, 3]);
  }
  for (const record of work.records) {
    const eventType = followUps[record.objectType]?.[record.status];
    if (eventType) options.push([{ kind: 'advance', reference: record.reference, eventType }, 15]);
  }
  // Immediate works start before they are assessed; they are assessed while in progress.
  const assessedLate = isImmediate(work.permit.workCategory) && current !== 'awaiting';
  const permitOptions = [...permitSteps[current], ...(assessedLate ? permitSteps.awaiting : [])];
  for (const [eventType, weight] of permitOptions) {
    if (beforeProposedStart(eventType, work, now)) continue;
    if (permitEventRefusal(work.permit, eventType) === null) options.push([{ kind: 'permit', eventType }, weight]);
  }
  const hasReinstatement = work.records.some((record) => record.objectType === 'reinstatement');
  for (const option of recordSteps[current]) {
    if (option[0].kind === 'open' && option[0].objectType === 'reinstatement' && hasReinstatement) continue;
    options.push(option);
  }
  if (current === 'completed') options.push([{ kind: 'done' }, hasReinstatement ? 60 : 15]);
  return random.weighted(options);
}

/**
 * When an activity chosen at `at` plausibly happens: assessments within days, the start on
 * the proposed start date, the stop near the proposed end, anything else within hours or days.
 */
export function dueTime(activity: Activity, work: WorkSnapshot, at: Date, random: Random): Date {
  const later = (minHours: number, maxHours: number) =>
    new Date(at.getTime() + random.integer(minHours * 60, maxHours * 60) * 60_000);
  const notBefore = (moment: Date, soonest: Date) => (moment > soonest ? moment : soonest);
  if (activity.kind === 'permit' && activity.eventType === 'work_start_logged') {
    return notBefore(
      new Date(work.permit.proposedStartDate.getTime() + random.integer(0, 6 * 60) * 60_000),
      later(0, 2),
    );
  }
  if (activity.kind === 'permit' && activity.eventType === 'work_stop_logged') {
    return notBefore(
      new Date(work.permit.proposedEndDate.getTime() - random.integer(0, 12 * 60) * 60_000),
      later(2, 8),
    );
  }
  return activity.kind === 'done' ? at : later(1, random.next() < 0.7 ? 24 : 96);
}
