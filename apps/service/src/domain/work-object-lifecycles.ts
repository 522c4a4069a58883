/**
 * Lifecycles of the records attached to a work (inspections, FPNs, comments, PAAs,
 * non-compliances, ...), as data: which events create a record and in which status, and which
 * events move it on from which statuses. One generic write path (src/events/work-objects.ts)
 * serves them all. The interface names the events, not the transitions: these follow the
 * permitting scheme's usual flow.
 */
import { ConflictError, ValidationError } from '../shared/errors.js';
import type { AuditEventType, AuditObjectType } from '../shared/enums.js';

interface WorkObjectLifecycle {
  /** References are `<work reference>-<tag><nn>`, numbered per work. */
  readonly tag: string;
  /** Events that create a record, with the status it starts in. */
  readonly opening: Readonly<Partial<Record<AuditEventType, string>>>;
  /**
   * Events that move a record on, with the statuses they apply to and the status they lead to;
   * without `to`, the record stays in its status (an event noted on it).
   */
  readonly transitions: Readonly<Partial<Record<AuditEventType, Transition>>>;
}

interface Transition {
  readonly from: readonly string[];
  readonly to?: string;
}

const inspectionOutcomes = [
  'passed',
  'failed',
  'unable_to_carry_out',
  'further_required',
  'agreed_site_compliance',
  'works_stopped',
  'works_stopped_apparatus_remaining',
  'works_in_progress',
  'works_in_progress_no_carriageway_incursion',
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
      inspection_works_stopped_apparatus_remaining: 'works_stopped_apparatus_remaining',
      inspection_works_in_progress: 'works_in_progress',
      inspection_works_in_progress_no_carriageway_incursion: 'works_in_progress_no_carriageway_incursion',
      inspection_non_compliant_with_conditions: 'non_compliant_with_conditions',
    },
    transitions: {
      inspection_outcome_accepted: { from: ['failed'], to: 'outcome_accepted' },
      inspection_outcome_promoter_accepts_failed_inspection: { from: ['failed'], to: 'outcome_accepted' },
      // The promoter did not answer in time.
      inspection_auto_accepted: { from: ['failed'], to: 'outcome_accepted' },
      inspection_outcome_disputed: { from: ['failed'], to: 'outcome_disputed' },
      inspection_outcome_reviewing_dispute: { from: ['outcome_disputed'], to: 'reviewing_dispute' },
      inspection_outcome_joint_site_meeting_needed: {
        from: ['outcome_disputed', 'reviewing_dispute'],
        to: 'joint_site_meeting_needed',
      },
      inspection_outcome_no_agreement: { from: ['reviewing_dispute', 'joint_site_meeting_needed'], to: 'no_agreement' },
      inspection_withdraw_defect: { from: ['failed', 'outcome_disputed'], to: 'defect_withdrawn' },
      inspection_linked_to_non_compliance: { from: ['failed', 'outcome_accepted', 'non_compliant_with_conditions'] },
      inspection_units_logged: { from: inspectionOutcomes },
      inspection_withdrawn: { from: inspectionOutcomes, to: 'withdrawn' },
      inspection_deleted: { from: inspectionOutcomes, to: 'deleted' },
    },
  },
  sample_inspection: {
    tag: 'SI',
    opening: { sample_inspection_created: 'open' },
    transitions: {
      sample_inspection_issued: { from: ['open'] },
      sample_inspection_completed: { from: ['open'], to: 'completed' },
      sample_inspection_removed: { from: ['open'], to: 'removed' },
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
      fpn_deleted: { from: ['submitted', 'disputed', 'accepted', 'withdrawn'], to: 'deleted' },
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
    transitions: {
      final_reinstatement_updated: { from: ['submitted'] },
      reinstatement_deleted: { from: ['submitted'], to: 'deleted' },
    },
  },
  section_81: {
    tag: 'S81',
    opening: { section_81_submitted: 'submitted' },
    transitions: {
      section_81_acknowledged: { from: ['submitted'], to: 'acknowledged' },
      section_81_accepted: { from: ['submitted', 'acknowledged'], to: 'accepted' },
      // Accepted, and put right already.
      section_81_accepted_fixed: { from: ['submitted', 'acknowledged'], to: 'accepted_fixed' },
      section_81_linked_to_permit: { from: ['submitted', 'acknowledged', 'accepted'] },
      section_81_unlinked_from_permit: { from: ['submitted', 'acknowledged', 'accepted'] },
      // Passed to another promoter.
      section_81_reassigned: { from: ['submitted', 'acknowledged'] },
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
      section_74_site_visited_and_rectified: { from: ['warning_issued', 'warning_acknowledged'], to: 'rectified' },
      section_74_charges_ended: {
        from: ['warning_issued', 'warning_acknowledged', 'warning_disputed'],
        to: 'charges_ended',
      },
      section_74_withdrawn: { from: ['warning_issued', 'warning_acknowledged', 'warning_disputed'], to: 'withdrawn' },
      section_74_draft_invoice_issued: { from: ['charges_ended'], to: 'draft_invoice_issued' },
      section_74_draft_invoice_acknowledged: { from: ['draft_invoice_issued'], to: 'draft_invoice_acknowledged' },
      section_74_charge_under_review: {
        from: ['draft_invoice_issued', 'draft_invoice_acknowledged'],
        to: 'charge_under_review',
      },
      section_74_charge_agreed: {
        from: ['draft_invoice_issued', 'draft_invoice_acknowledged', 'charge_under_review'],
        to: 'charge_agreed',
      },
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
  // A provisional advance authorisation: the authority's early agreement to major works.
  paa: {
    tag: 'PAA',
    opening: { paa_submitted: 'submitted' },
    transitions: {
      paa_granted: { from: ['submitted'], to: 'granted' },
      paa_deemed: { from: ['submitted'], to: 'granted' },
      paa_refused: { from: ['submitted'], to: 'refused' },
      paa_discount_updated: { from: ['submitted', 'granted'] },
      paa_cancelled: { from: ['submitted', 'granted'], to: 'cancelled' },
      paa_revoked: { from: ['granted'], to: 'revoked' },
    },
  },
  non_compliance: {
    tag: 'NC',
    opening: { non_compliance_issued: 'issued' },
    transitions: {
      non_compliance_joint_site_meeting_suggested: { from: ['issued'], to: 'joint_site_meeting_suggested' },
      non_compliance_accept_suggestion: { from: ['joint_site_meeting_suggested'], to: 'joint_site_meeting_agreed' },
      non_compliance_will_attend_joint_site_meeting: {
        from: ['joint_site_meeting_suggested', 'joint_site_meeting_agreed'],
        to: 'joint_site_meeting_agreed',
      },
      non_compliance_joint_site_meeting_not_needed: { from: ['joint_site_meeting_suggested'], to: 'issued' },
      non_compliance_works_complete_ready_for_inspection: {
        from: ['issued', 'joint_site_meeting_agreed'],
        to: 'ready_for_inspection',
      },
      non_compliance_works_completed_and_passed: { from: ['ready_for_inspection'], to: 'passed' },
      non_compliance_resolved: {
        from: ['issued', 'joint_site_meeting_agreed', 'ready_for_inspection', 'passed'],
        to: 'resolved',
      },
      non_compliance_withdrawn: {
        from: ['issued', 'joint_site_meeting_suggested', 'joint_site_meeting_agreed', 'ready_for_inspection'],
        to: 'withdrawn',
      },
    },
  },
  private_street: {
    tag: 'PSN',
    opening: { private_street_notice_issued: 'issued' },
    transitions: { private_street_notice_cancelled: { from: ['issued'], to: 'cancelled' } },
  },
  forward_plan: {
    tag: 'FP',
    opening: { forward_plan_submitted: 'submitted' },
    transitions: {
      forward_plan_edited: { from: ['submitted'] },
      forward_plan_cancelled: { from: ['submitted'], to: 'cancelled' },
    },
  },
  scheduled_inspection: {
    tag: 'SCH',
    opening: { scheduled_inspection_created: 'scheduled' },
    transitions: { scheduled_inspection_cancelled: { from: ['scheduled'], to: 'cancelled' } },
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
  const transitions: Partial<Record<AuditEventType, Transition>> = workObjectLifecycles[objectType].transitions;
  const transition = transitions[eventType];
  if (!transition)
    throw new ValidationError(`${eventType} does not apply to a ${objectType}`, 'event_type', { rule: 'enum' });
  if (!transition.from.includes(status))
    throw new ConflictError(`${eventType} is not possible: the ${objectType} is ${status}`);
  return transition.to ?? status;
}

/** `<work reference>-<tag><nn>` */
export function workObjectReference(workReferenceNumber: string, objectType: WorkObjectType, sequence: number): string {
  return `${workReferenceNumber}-${workObjectLifecycles[objectType].tag}${String(sequence).padStart(2, '0')}`;
}

export function isWorkObjectType(objectType: AuditObjectType): objectType is WorkObjectType {
  return Object.hasOwn(workObjectLifecycles, objectType);
}
