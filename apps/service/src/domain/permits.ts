/**
 * The permit as a state machine, without the database: how a permit application becomes a
 * permit summary, and how each permit event changes it. The interface does not show the
 * transitions; these follow the permitting scheme's usual flow.
 */
import type { components } from '@street-events/types/operator';
import type { permits } from '../db/schema.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import type { AssessmentStatus, AuditEventType, PermitStatus, WorkCategory, WorkStatus } from '../shared/enums.js';

export type PermitRow = typeof permits.$inferSelect;
export type NewPermitRow = Omit<PermitRow, 'id' | 'workId' | 'permitReferenceNumber' | 'summary'>;

/**
 * A permit application: the permit fields of the operator document's work submission (they stand
 * beside the work's own fields there).
 */
export type PermitApplication = Pick<
  components['schemas']['InternalWorkSubmission'],
  | 'description_of_work'
  | 'work_category'
  | 'traffic_management_type'
  | 'activity_type'
  | 'proposed_start_date'
  | 'proposed_end_date'
  | 'proposed_start_time'
  | 'proposed_end_time'
  | 'is_traffic_sensitive'
  | 'excavation_carried_out'
  | 'is_early_start'
  | 'is_high_impact_traffic_management'
  | 'is_lane_rental'
  | 'lane_rental_charges_not_agreed'
  | 'lane_rental_charges_potentially_apply'
  | 'lane_rental_assessment_outcome'
  | 'has_no_final_reinstatement'
  | 'permit_conditions'
>;

const dayMs = 24 * 60 * 60 * 1000;

/** Calendar days the highway authority has to assess an application (the scheme counts working days). */
const assessmentDays: Record<WorkCategory, number> = {
  immediate_urgent: 2,
  immediate_emergency: 2,
  minor: 3,
  standard: 5,
  major: 5,
  paa: 30,
  hs2_highway: 5,
};

/** A provisional advance authorisation must be followed by a permit application a month before the start. */
const paaToPaLeadDays = 30;

export function isImmediate(category: WorkCategory): boolean {
  return category === 'immediate_urgent' || category === 'immediate_emergency';
}

const optionalDate = (value: string | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(value);

/** The permit summary of a freshly submitted application. */
function newPermit(application: PermitApplication, at: Date): NewPermitRow {
  const proposedStartDate = new Date(application.proposed_start_date);
  const proposedEndDate = new Date(application.proposed_end_date);
  if (proposedEndDate < proposedStartDate) {
    throw new ValidationError('proposed end date is before the proposed start date', 'proposed_end_date', {
      rule: 'formatMinimum',
    });
  }
  const workCategory = application.work_category;
  return {
    descriptionOfWork: application.description_of_work,
    workCategory,
    trafficManagementType: application.traffic_management_type,
    activityType: application.activity_type,
    proposedStartDate,
    proposedEndDate,
    proposedStartTime: optionalDate(application.proposed_start_time),
    proposedEndTime: optionalDate(application.proposed_end_time),
    status: 'submitted',
    assessmentStatus: null,
    workStatus: 'planned',
    deadlineDate: new Date(at.getTime() + assessmentDays[workCategory] * dayMs),
    dateCreated: at,
    statusChangedDate: at,
    actualStartDate: null,
    actualEndDate: null,
    isActivePermit: true,
    isTrafficSensitive: application.is_traffic_sensitive ?? false,
    hasNoFinalReinstatement: application.has_no_final_reinstatement ?? false,
    isDeemed: false,
    excavationCarriedOut: application.excavation_carried_out ?? false,
    isEarlyStart: application.is_early_start ?? false,
    isHighImpactTrafficManagement: application.is_high_impact_traffic_management ?? false,
    isLaneRental: application.is_lane_rental ?? false,
    laneRentalChargesNotAgreed: application.lane_rental_charges_not_agreed ?? false,
    laneRentalChargesPotentiallyApply: application.lane_rental_charges_potentially_apply ?? false,
    laneRentalAssessmentOutcome: application.lane_rental_assessment_outcome ?? null,
    paaToPaDeadlineDate:
      workCategory === 'paa' ? new Date(proposedStartDate.getTime() - paaToPaLeadDays * dayMs) : null,
    permitConditions: application.permit_conditions ?? [],
    ancillaryInfoCount: 0,
  };
}

/** The part of a permit that its events read and change. */
export type PermitState = Pick<
  PermitRow,
  | 'workCategory'
  | 'status'
  | 'assessmentStatus'
  | 'workStatus'
  | 'isActivePermit'
  | 'isDeemed'
  | 'actualStartDate'
  | 'actualEndDate'
  | 'statusChangedDate'
  | 'ancillaryInfoCount'
>;

interface PermitTransition {
  /** Why the permit cannot take the event in this state; null when it can. */
  refusal(state: PermitState): string | null;
  next(state: PermitState, at: Date): Partial<PermitState>;
  /** Events that this one brings about in the same operation, recorded after it. */
  consequences?(state: PermitState): AuditEventType[];
}

const awaitingAssessment: PermitStatus[] = ['submitted', 'permit_modification_request'];
const live: PermitStatus[] = ['submitted', 'granted', 'permit_modification_request'];

const statusIn =
  (allowed: readonly PermitStatus[]) =>
  (state: PermitState): string | null =>
    allowed.includes(state.status) ? null : `the permit is ${state.status}`;

const workStatusIn =
  (allowed: readonly WorkStatus[]) =>
  (state: PermitState): string | null =>
    allowed.includes(state.workStatus) ? null : `the work is ${state.workStatus}`;

function assessment(
  from: readonly PermitStatus[],
  status: PermitStatus,
  assessmentStatus: AssessmentStatus,
  also: Partial<PermitState> = {},
): PermitTransition {
  return {
    refusal: statusIn(from),
    next: (_state, at) => ({ status, assessmentStatus, statusChangedDate: at, ...also }),
  };
}

const permitTransitions = {
  permit_granted: assessment(awaitingAssessment, 'granted', 'granted'),
  permit_granted_with_duration_challenge: assessment(awaitingAssessment, 'granted', 'granted'),
  permit_deemed: assessment(['submitted'], 'granted', 'granted_auto', { isDeemed: true }),
  permit_refused: assessment(awaitingAssessment, 'refused', 'refused', { isActivePermit: false }),
  permit_modification_request: assessment(['submitted'], 'permit_modification_request', 'permit_modification_request'),
  permit_revoked: assessment(['granted'], 'revoked', 'revoked', { isActivePermit: false }),
  permit_cancelled: {
    refusal: (state) => statusIn(live)(state) ?? workStatusIn(['planned'])(state),
    next: (_state, at) => ({
      status: 'cancelled',
      workStatus: 'cancelled',
      isActivePermit: false,
      statusChangedDate: at,
      ancillaryInfoCount: 0,
    }),
    // A cancelled permit no longer holds its ancillary information.
    consequences: (state) => (state.ancillaryInfoCount > 0 ? ['ancillary_info_removed'] : []),
  },
  work_start_logged: {
    // Immediate works may start before the application is assessed.
    refusal: (state) =>
      workStatusIn(['planned'])(state) ?? statusIn(isImmediate(state.workCategory) ? live : ['granted'])(state),
    next: (_state, at) => ({ workStatus: 'in_progress', actualStartDate: at }),
  },
  work_stop_logged: {
    refusal: workStatusIn(['in_progress']),
    next: (_state, at) => ({ workStatus: 'completed', actualEndDate: at }),
  },
  work_start_reverted: {
    refusal: workStatusIn(['in_progress']),
    next: () => ({ workStatus: 'planned', actualStartDate: null }),
  },
  work_stop_reverted: {
    refusal: workStatusIn(['completed']),
    next: () => ({ workStatus: 'in_progress', actualEndDate: null }),
  },
  ancillary_info_added: {
    refusal: statusIn(live),
    next: (state) => ({ ancillaryInfoCount: state.ancillaryInfoCount + 1 }),
  },
  ancillary_info_removed: {
    refusal: (state) => (state.ancillaryInfoCount > 0 ? null : 'the permit holds no ancillary information'),
    next: (state) => ({ ancillaryInfoCount: state.ancillaryInfoCount - 1 }),
  },
} satisfies Record<string, PermitTransition>;

export type PermitEventType = keyof typeof permitTransitions;
/** Every event a permit takes through transitionPermit. */
export const permitEventTypes = Object.keys(permitTransitions) as PermitEventType[];

/** Why the permit cannot take the event in its state, or null when it can. */
export function permitEventRefusal(state: PermitState, eventType: PermitEventType): string | null {
  const transition: PermitTransition = permitTransitions[eventType];
  return transition.refusal(state);
}

/**
 * Applies a permit event: the changes to store and the events to record (the event itself,
 * then its consequences). Throws ConflictError when the permit's state does not allow it.
 */
export function applyPermitEvent(
  state: PermitState,
  eventType: PermitEventType,
  at: Date,
): { changes: Partial<PermitState>; events: AuditEventType[] } {
  const refusal = permitEventRefusal(state, eventType);
  if (refusal !== null) throw new ConflictError(`${eventType} is not possible: ${refusal}`);
  const transition: PermitTransition = permitTransitions[eventType];
  return {
    changes: transition.next(state, at),
    events: [eventType, ...(transition.consequences?.(state) ?? [])],
  };
}

/**
 * A submitted permit and the events its submission records: permit_submitted, then, for an
 * immediate work started on submission, work_start_logged at the same moment.
 */
export function submittedPermit(
  application: PermitApplication,
  at: Date,
  startedOnSubmission = false,
): { permit: NewPermitRow; events: AuditEventType[] } {
  const permit = newPermit(application, at);
  if (!startedOnSubmission) return { permit, events: ['permit_submitted'] };
  if (!isImmediate(application.work_category)) {
    throw new ValidationError('only immediate works start on submission', 'work_category', { rule: 'enum' });
  }
  const started = applyPermitEvent(permit, 'work_start_logged', at);
  return { permit: { ...permit, ...started.changes }, events: ['permit_submitted', ...started.events] };
}
