/**
 * Every enumeration of the event interface, with the human-readable text of each value.
 *
 * The value lists are the stored values (the database enums are derived from them); the texts
 * answered in the `*_string` twins come from the OpenAPI document's `x-enumDescriptions`, so they
 * are written once. A value the document does not list fails at start-up. The response-only
 * placeholders (`upcoming_enum`, `upcoming_event`) are not stored values and are not listed here.
 */
import { loadDocument } from '../openapi-document.js';

type EnumSchema = { enum: string[]; 'x-enumDescriptions': Record<string, string> };
const schemas = loadDocument().components.schemas as Record<string, EnumSchema>;

/** The document's text of each value of an enumeration. */
function textsOf<const Values extends readonly string[]>(schema: string, values: Values): Readonly<Record<Values[number], string>> {
  const texts = schemas[schema]?.['x-enumDescriptions'] ?? {};
  return Object.fromEntries(
    values.map((value) => {
      const text = texts[value];
      if (text === undefined) throw new Error(`the OpenAPI document gives no text for ${schema} value ${value}`);
      return [value, text];
    }),
  ) as Record<Values[number], string>;
}

/** The keys of a text table as the non-empty tuple that database enum definitions need. */
function valuesOf<T extends Readonly<Record<string, string>>>(table: T): [keyof T & string, ...(keyof T & string)[]] {
  return Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];
}

export const workCategoryText = textsOf(
  'WorkCategoryResponse',
  [
  'minor',
  'standard',
  'major',
  'immediate_urgent',
  'immediate_emergency',
  'paa',
  'hs2_highway',
  ] as const,
);
export type WorkCategory = keyof typeof workCategoryText;
export const workCategories = valuesOf(workCategoryText);

export const trafficManagementTypeText = textsOf(
  'TrafficManagementTypeResponse',
  [
  'road_closure',
  'contra_flow',
  'lane_closure',
  'multi_way_signals',
  'two_way_signals',
  'convoy_workings',
  'stop_go_boards',
  'priority_working',
  'give_and_take',
  'some_carriageway_incursion',
  'no_carriageway_incursion',
  ] as const,
);
export type TrafficManagementType = keyof typeof trafficManagementTypeText;
export const trafficManagementTypes = valuesOf(trafficManagementTypeText);

export const assessmentStatusText = textsOf(
  'AssessmentStatusResponse',
  [
  'granted',
  'granted_auto',
  'refused',
  'refused_auto',
  'permit_modification_request',
  'revoked',
  ] as const,
);
export type AssessmentStatus = keyof typeof assessmentStatusText;
export const assessmentStatuses = valuesOf(assessmentStatusText);

export const permitStatusText = textsOf(
  'PermitStatusResponse',
  [
  'submitted',
  'granted',
  'permit_modification_request',
  'refused',
  'closed',
  'cancelled',
  'revoked',
  'progressed',
  ] as const,
);
export type PermitStatus = keyof typeof permitStatusText;
export const permitStatuses = valuesOf(permitStatusText);

export const workStatusText = textsOf(
  'WorkStatusResponse',
  [
  'planned',
  'in_progress',
  'completed',
  'cancelled',
  'unattributable',
  'historical',
  'non_notifiable',
  'section_81',
  ] as const,
);
export type WorkStatus = keyof typeof workStatusText;
export const workStatuses = valuesOf(workStatusText);

/** The interface does not give the meaning of each code, so the code is its own text. */
export const permitConditionTypeText = textsOf(
  'PermitConditionTypeResponse',
  [
  'NCT01a',
  'NCT01b',
  'NCT02a',
  'NCT02b',
  'NCT04a',
  'NCT04b',
  'NCT05a',
  'NCT06a',
  'NCT07a',
  'NCT08a',
  'NCT08b',
  'NCT09a',
  'NCT09b',
  'NCT09c',
  'NCT10a',
  'NCT11a',
  'NCT11b',
  'NCT12a',
  ] as const,
);
export type PermitConditionType = keyof typeof permitConditionTypeText;

export const laneRentalAssessmentOutcomeText = textsOf(
  'LaneRentalAssessmentOutcomeResponse',
  [
  'chargeable',
  'potentially_chargeable',
  'charges_waived',
  'exempt',
  'charges_not_applicable',
  ] as const,
);
export type LaneRentalAssessmentOutcome = keyof typeof laneRentalAssessmentOutcomeText;
export const laneRentalAssessmentOutcomes = valuesOf(laneRentalAssessmentOutcomeText);

export const activityTypeText = textsOf(
  'ActivityTypeResponse',
  [
  'highway_improvement_works',
  'highway_repair_and_maintenance_works',
  'utility_asset_works',
  'utility_repair_and_maintenance_works',
  'diversionary_works',
  'disconnection_or_alteration_of_supply',
  'permanent_reinstatement',
  'remedial_works',
  'section_58',
  'section_50',
  'core_sampling',
  'statutory_infrastructure_works',
  'works_for_rail_purposes',
  'works_for_road_purposes',
  'new_service_connection',
  'optional_permit_no_fee',
  ] as const,
);
export type ActivityType = keyof typeof activityTypeText;
export const activityTypes = valuesOf(activityTypeText);

export const auditObjectTypeText = textsOf(
  'AuditObjectTypeResponse',
  [
  'permit',
  'reinstatement',
  'inspection',
  'fpn',
  'paa',
  'workstream',
  'work',
  'organisation',
  'activity',
  'forward_plan',
  'comment',
  'scheduled_inspection',
  'section_81',
  'user',
  'geographical_area',
  'change_request',
  'application',
  'sample_inspection',
  'section_74',
  'section_58',
  'site',
  'sample_inspection_target',
  'fee_matrix',
  'non_compliance',
  'private_street',
  'event_subscription',
  'material_classification',
  ] as const,
);
export type AuditObjectType = keyof typeof auditObjectTypeText;
export const auditObjectTypes = valuesOf(auditObjectTypeText);

export const auditEventTypeText = textsOf(
  'AuditEventType',
  [
  'historic_action',
  'inspection_passed',
  'inspection_failed',
  'inspection_unable_to_carry_out',
  'inspection_further_required',
  'inspection_withdraw_defect',
  'inspection_agreed_site_compliance',
  'activity_submitted',
  'activity_edited',
  'activity_cancelled',
  'fpn_submitted',
  'fpn_accepted',
  'fpn_paid',
  'fpn_disputed',
  'fpn_withdrawn',
  'permit_granted',
  'permit_refused',
  'permit_cancelled',
  'permit_revoked',
  'permit_deemed',
  'paa_granted',
  'paa_refused',
  'paa_cancelled',
  'paa_revoked',
  'alteration_submitted',
  'alteration_refused',
  'alteration_granted',
  'alteration_granted_with_duration_challenge',
  'alteration_deemed',
  'alteration_cancelled',
  'lane_rental_assessed',
  'reinstatement_submitted',
  'file_uploaded',
  'comment_submitted',
  'work_start_logged',
  'work_stop_logged',
  'work_start_reverted',
  'work_stop_reverted',
  'forward_plan_submitted',
  'forward_plan_cancelled',
  'user_removed',
  'user_invited',
  'inspection_units_logged',
  'permit_submitted',
  'paa_submitted',
  'forward_plan_edited',
  'permit_discount_updated',
  'paa_discount_updated',
  'paa_deemed',
  'organisation_contract_added',
  'organisation_contract_removed',
  'organisation_updated',
  'workstream_created',
  'workstream_updated',
  'inspection_works_stopped',
  'inspection_works_stopped_apparatus_remaining',
  'inspection_works_in_progress',
  'inspection_works_in_progress_no_carriageway_incursion',
  'inspection_non_compliant_with_conditions',
  'permit_modification_request',
  'scheduled_inspection_cancelled',
  'scheduled_inspection_created',
  'alteration_applied_auto',
  'section_81_submitted',
  'final_reinstatement_updated',
  'section_81_acknowledged',
  'section_81_accepted',
  'section_81_accepted_fixed',
  'section_81_rejected',
  'section_81_resolved_by_ha',
  'section_81_cancelled',
  'user_roles_updated',
  'support_desk_action',
  'user_name_updated',
  'permit_hs2_acknowledged',
  'geographical_area_created',
  'geographical_area_updated',
  'workstream_access_updated',
  'planned_works_record_created',
  'in_progress_works_record_created',
  'historic_works_record_created',
  'non_notifiable_works_record_created',
  'section_81_works_record_created',
  'unattributable_works_record_created',
  'sample_inspection_target_created',
  'sample_inspection_target_updated',
  'sample_inspection_created',
  'sample_inspection_completed',
  'sample_inspection_removed',
  'sample_inspection_expired',
  'internal_comment_submitted',
  'comment_read',
  'excavation_carried_out_updated',
  'sample_inspection_target_closed',
  'section_81_linked_to_permit',
  'section_81_unlinked_from_permit',
  'section_81_reassigned',
  'permit_granted_with_duration_challenge',
  'inspection_withdrawn',
  'section_74_warning_issued',
  'section_74_warning_acknowledged',
  'section_74_site_visited_and_rectified',
  'section_74_charges_ended',
  'section_74_warning_disputed',
  'section_74_withdrawn',
  'section_74_draft_invoice_issued',
  'section_74_resolved',
  'section_74_draft_invoice_acknowledged',
  'section_74_charge_under_review',
  'section_74_charge_agreed',
  'alteration_duration_challenge_accepted',
  'alteration_duration_challenge_not_accepted',
  'alteration_duration_challenge_non_acceptance_response',
  'permit_duration_challenge_accepted',
  'permit_duration_challenge_not_accepted',
  'permit_duration_challenge_non_acceptance_response',
  'section_58_created',
  'section_58_progressed',
  'section_58_cancelled',
  'section_58_closed',
  'reinstatement_deleted',
  'site_deleted',
  'inspection_deleted',
  'site_subsumed',
  'fpn_deleted',
  'current_traffic_management_type_updated',
  'ancillary_info_added',
  'ancillary_info_removed',
  'sample_inspection_issued',
  'inspection_outcome_accepted',
  'inspection_outcome_disputed',
  'inspection_outcome_promoter_accepts_failed_inspection',
  'sample_inspection_target_deleted',
  'sample_inspection_quarter_started',
  'sample_inspection_quarter_ended',
  'fee_matrix_updated',
  'organisation_fpn_details_updated',
  'inspection_auto_accepted',
  'sample_inspection_quarter_end_reverted',
  'private_street_notice_issued',
  'private_street_notice_cancelled',
  'non_compliance_issued',
  'non_compliance_withdrawn',
  'non_compliance_resolved',
  'inspection_linked_to_non_compliance',
  'permit_linked_to_non_compliance',
  'inspection_outcome_joint_site_meeting_needed',
  'inspection_outcome_reviewing_dispute',
  'inspection_outcome_no_agreement',
  'non_compliance_works_completed_and_passed',
  'non_compliance_joint_site_meeting_suggested',
  'non_compliance_will_attend_joint_site_meeting',
  'non_compliance_works_complete_ready_for_inspection',
  'non_compliance_joint_site_meeting_not_needed',
  'event_subscription_created',
  'event_subscription_removed',
  'material_classification_submitted',
  'non_compliance_accept_suggestion',
  'permit_under_assessment',
  'alteration_revoked',
  'change_request_submitted',
  'change_request_refused',
  'change_request_granted',
  'change_request_granted_with_duration_challenge',
  'change_request_deemed',
  'change_request_cancelled',
  'change_request_applied_auto',
  'change_request_duration_challenge_accepted',
  'change_request_duration_challenge_not_accepted',
  'change_request_duration_challenge_non_acceptance_response',
  'change_request_revoked',
  ] as const,
);
export type AuditEventType = keyof typeof auditEventTypeText;
export const auditEventTypes = valuesOf(auditEventTypeText);
