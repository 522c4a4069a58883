/**
 * Lifecycles of the records attached to a work (inspections, FPNs, comments, ...), as data:
 * which events create a record and in which status, and which events move it on from which
 * statuses. One generic write path (src/events/work-objects.ts) serves them all.
 */
import { ConflictError, ValidationError } from '../errors.js';
import type { AuditEventType, AuditObjectType } from '../enums.js';

interface WorkObjectLifecycle {
  /** References are `<work reference>-<tag><nn>`, numbered per work. */
  readonly tag: string;
  /** Events that create a record, with the status it starts in. */
  readonly opening: Readonly<Partial<Record<AuditEventType, string>>>;
  /** Events that move a record on, with the statuses they apply to and the status they lead to. */
  readonly transitions: Readonly<
    Partial<Record<AuditEventType, { readonly from: readonly string[]; readonly to: string }>>
  >;
}

const inspectionOutcomes = [
  'passed',
  'failed',
  'unable_to_carry_out',
  'further_required',
  'agreed_site_compliance',
  'works_stopped',
  'works_in_progress',
  'non_compliant_with_conditions',
] as const;

export const workObjectLifecycles = {
  inspection: {
    tag: 'INS',
    opening: {
      inspection_passed: 'passed',
      inspection_failed: 'failed',
      inspection_unable_to_carry_out: 'unable_to_carry_out',
      inspection_further_required: 'further_required',
      inspection_agreed_site_compliance: 'agreed_site_compliance',
      inspection_works_stopped: 'works_stopped',
      inspection_works_in_progress: 'works_in_progress',
      inspection_non_compliant_with_conditions: 'non_compliant_with_conditions',
    },
    transitions: {
      inspection_outcome_accepted: { from: ['failed'], to: 'outcome_accepted' },
      inspection_outcome_disputed: { from: ['failed'], to: 'outcome_disputed' },
      inspection_withdrawn: { from: inspectionOutcomes, to: 'withdrawn' },
    },
  },
  sample_inspection: {
    tag: 'SI',
    opening: { sample_inspection_created: 'open' },
    transitions: {
      sample_inspection_completed: { from: ['open'], to: 'completed' },
      // Recorded by the end of the quarter the sample inspection was created in.
      sample_inspection_expired: { from: ['open'], to: 'expired' },
    },
  },
  fpn: {
    tag: 'FPN',
    opening: { fpn_submitted: 'submitted' },
    transitions: {
      fpn_accepted: { from: ['submitted', 'disputed'], to: 'accepted' },
      fpn_disputed: { from: ['submitted'], to: 'disputed' },
      fpn_paid: { from: ['submitted', 'accepted'], to: 'paid' },
      fpn_withdrawn: { from: ['submitted', 'disputed', 'accepted'], to: 'withdrawn' },
    },
  },
  comment: {
    tag: 'COM',
    opening: { comment_submitted: 'submitted', internal_comment_submitted: 'submitted' },
    transitions: { comment_read: { from: ['submitted'], to: 'read' } },
  },
  reinstatement: {
    tag: 'RE',
    opening: { reinstatement_submitted: 'submitted' },
    transitions: { reinstatement_deleted: { from: ['submitted'], to: 'deleted' } },
  },
  section_81: {
    tag: 'S81',
    opening: { section_81_submitted: 'submitted' },
    transitions: {
      section_81_acknowledged: { from: ['submitted'], to: 'acknowledged' },
      section_81_accepted: { from: ['submitted', 'acknowledged'], to: 'accepted' },
      section_81_rejected: { from: ['submitted', 'acknowledged'], to: 'rejected' },
      section_81_resolved_by_ha: { from: ['accepted'], to: 'resolved' },
      section_81_cancelled: { from: ['submitted', 'acknowledged'], to: 'cancelled' },
    },
  },
  section_74: {
    tag: 'S74',
    opening: { section_74_warning_issued: 'warning_issued' },
    transitions: {
      section_74_warning_acknowledged: { from: ['warning_issued'], to: 'warning_acknowledged' },
      section_74_warning_disputed: { from: ['warning_issued'], to: 'warning_disputed' },
      section_74_charges_ended: {
        from: ['warning_issued', 'warning_acknowledged', 'warning_disputed'],
        to: 'charges_ended',
      },
      section_74_withdrawn: { from: ['warning_issued', 'warning_acknowledged', 'warning_disputed'], to: 'withdrawn' },
      section_74_resolved: { from: ['charges_ended'], to: 'resolved' },
    },
  },
  section_58: {
    tag: 'S58',
    opening: { section_58_created: 'proposed' },
    transitions: {
      section_58_progressed: { from: ['proposed'], to: 'in_force' },
      section_58_cancelled: { from: ['proposed'], to: 'cancelled' },
      section_58_closed: { from: ['in_force'], to: 'closed' },
    },
  },
} as const satisfies Partial<Record<AuditObjectType, WorkObjectLifecycle>>;

export type WorkObjectType = keyof typeof workObjectLifecycles;
/** The events that create a record of type T (of any type, when T is the union). */
export type OpeningEventType<T extends WorkObjectType> = T extends WorkObjectType
  ? keyof (typeof workObjectLifecycles)[T]['opening'] & AuditEventType
  : never;
export type WorkObjectTransitionEventType = {
  [T in WorkObjectType]: keyof (typeof workObjectLifecycles)[T]['transitions'] & AuditEventType;
}[WorkObjectType];

/** The status a record starts in when `eventType` creates it; throws when that event does not create one. */
export function openingStatus(objectType: WorkObjectType, eventType: AuditEventType): string {
  const opening: Partial<Record<AuditEventType, string>> = workObjectLifecycles[objectType].opening;
  const status = opening[eventType];
  if (status === undefined)
    throw new ValidationError(`${eventType} does not create a ${objectType}`, 'event_type', { rule: 'enum' });
  return status;
}

/** The status `eventType` moves a record to; throws when it does not apply in `status`. */
export function transitionedStatus(objectType: WorkObjectType, status: string, eventType: AuditEventType): string {
  const transitions: Partial<Record<AuditEventType, { from: readonly string[]; to: string }>> =
    workObjectLifecycles[objectType].transitions;
  const transition = transitions[eventType];
  if (!transition)
    throw new ValidationError(`${eventType} does not apply to a ${objectType}`, 'event_type', { rule: 'enum' });
  if (!transition.from.includes(status))
    throw new ConflictError(`${eventType} is not possible: the ${objectType} is ${status}`);
  return transition.to;
}

/** `<work reference>-<tag><nn>` */
export function workObjectReference(workReferenceNumber: string, objectType: WorkObjectType, sequence: number): string {
  return `${workReferenceNumber}-${workObjectLifecycles[objectType].tag}${String(sequence).padStart(2, '0')}`;
}

export function isWorkObjectType(objectType: AuditObjectType): objectType is WorkObjectType {
  return Object.hasOwn(workObjectLifecycles, objectType);
}
