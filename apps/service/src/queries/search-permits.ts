/**
 * Permit search (`POST /permits/search`): summaries of the permits a caller may see.
 *
 * - `work_reference_numbers` omitted or null: every visible permit. Given: the permits of
 *   those works; unknown references and works the caller may not see are left out silently
 *   (an empty list therefore finds nothing).
 * - A contractor sees the permits of every promoter it holds an active contract with (this
 *   operation has no swa_code).
 * - Keyset pagination on the permit's internal id, ascending: `next_cursor` is the id of the
 *   last row when more rows exist, and 0 when the results are exhausted. Following it
 *   returns each permit exactly once and ends.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { requireInterfaceCaller, visibilityOf, visibleRows, type Caller } from '../auth/caller.js';
import type { Database } from '../db/database.js';
import { organisations, permits, works, type PermitCondition, type WorksCoordinates } from '../db/schema.js';
import {
  activityTypeText,
  assessmentStatusText,
  laneRentalAssessmentOutcomeText,
  permitConditionTypeText,
  permitStatusText,
  trafficManagementTypeText,
  workCategoryText,
  workStatusText,
  type ActivityType,
  type AssessmentStatus,
  type LaneRentalAssessmentOutcome,
  type PermitConditionType,
  type PermitStatus,
  type TrafficManagementType,
  type WorkCategory,
  type WorkStatus,
} from '../domain/enums.js';
import type { PermitRow } from '../domain/permits.js';
import { ValidationError } from '../errors.js';
import { cursorParam, integerParam } from './params.js';
import type { QueryOptions } from './poll-updates.js';
import { defaultStatementTimeoutMs, withQueryTimeout } from './query-timeout.js';

export interface PermitSearchRequest {
  work_reference_numbers?: string[] | null;
  next_cursor?: number | null;
  page_size?: number | null;
}

export interface PermitConditionResponse {
  condition: PermitConditionType;
  condition_string: string;
  comment?: string | null;
}

export interface PermitSummaryResponse {
  work_reference_number: string;
  permit_reference_number: string;
  promoter_swa_code: string;
  promoter_organisation: string;
  highway_authority: string;
  works_coordinates: WorksCoordinates;
  location_description: string;
  street: string;
  town: string;
  area: string;
  description_of_work: string;
  work_category: WorkCategory;
  work_category_string: string;
  traffic_management_type: TrafficManagementType;
  traffic_management_type_string: string;
  proposed_start_date: string;
  proposed_end_date: string;
  status: PermitStatus;
  status_string: string;
  work_status: WorkStatus;
  work_status_string: string;
  deadline_date: string;
  date_created: string;
  status_changed_date: string;
  usrn: number;
  road_category: number;
  is_active_permit: boolean;
  is_traffic_sensitive: boolean;
  has_no_final_reinstatement: boolean;
  is_deemed: boolean;
  excavation_carried_out: boolean;
  is_early_start: boolean;
  is_high_impact_traffic_management: boolean;
  is_lane_rental: boolean;
  lane_rental_charges_not_agreed: boolean;
  lane_rental_charges_potentially_apply: boolean;
  activity_type: ActivityType;
  activity_type_string: string;
  assessment_status?: AssessmentStatus | null;
  assessment_status_string?: string | null;
  proposed_start_time?: string | null;
  proposed_end_time?: string | null;
  actual_start_date?: string | null;
  actual_end_date?: string | null;
  permit_conditions?: PermitConditionResponse[] | null;
  lane_rental_assessment_outcome?: LaneRentalAssessmentOutcome | null;
  lane_rental_assessment_outcome_string?: string | null;
  paa_to_pa_deadline_date?: string | null;
}

export interface PermitSearchReportingResponse {
  rows: PermitSummaryResponse[];
  next_cursor: number;
}

const searchPageSize = { fallback: 100, min: 100, max: 500 };
const maxWorkReferences = 1000;

export async function searchPermits(
  db: Database,
  caller: Caller,
  request: PermitSearchRequest,
  options: QueryOptions = {},
): Promise<PermitSearchReportingResponse> {
  requireInterfaceCaller(caller);
  const pageSize = integerParam(request.page_size, searchPageSize, 'page_size');
  const cursor = cursorParam(request.next_cursor, 'next_cursor');
  const references = request.work_reference_numbers ?? undefined;
  if (references) checkWorkReferences(references);

  return withQueryTimeout(db, options.statementTimeoutMs ?? defaultStatementTimeoutMs, async (tx) => {
    const promoter = alias(organisations, 'promoter');
    const highwayAuthority = alias(organisations, 'highway_authority');
    const found = await tx
      .select({ permit: permits, work: works, promoter, highwayAuthority })
      .from(permits)
      .innerJoin(works, eq(works.id, permits.workId))
      .innerJoin(promoter, eq(promoter.id, works.promoterOrgId))
      .innerJoin(highwayAuthority, eq(highwayAuthority.id, works.highwayAuthorityOrgId))
      .where(
        and(
          gt(permits.id, cursor),
          visibleRows(visibilityOf(caller), works),
          references && inArray(works.workReferenceNumber, references),
        ),
      )
      .orderBy(asc(permits.id))
      .limit(pageSize + 1);
    const page = found.slice(0, pageSize);
    return {
      rows: page.map(permitSummary),
      next_cursor: found.length > pageSize ? page[page.length - 1]!.permit.id : 0,
    };
  });
}

function checkWorkReferences(references: readonly string[]): void {
  const field = 'work_reference_numbers';
  if (references.length > maxWorkReferences) throw new ValidationError(`at most ${maxWorkReferences} work references`, field);
  if (new Set(references).size !== references.length) throw new ValidationError('work references must be unique', field);
  references.forEach((reference, index) => {
    if (typeof reference !== 'string' || reference.length > 24) {
      throw new ValidationError('a work reference is a string of at most 24 characters', `${field}[${index}]`);
    }
  });
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

type Organisation = typeof organisations.$inferSelect;

function permitSummary({
  permit,
  work,
  promoter,
  highwayAuthority,
}: {
  permit: PermitRow;
  work: typeof works.$inferSelect;
  promoter: Organisation;
  highwayAuthority: Organisation;
}): PermitSummaryResponse {
  return {
    work_reference_number: work.workReferenceNumber,
    permit_reference_number: permit.permitReferenceNumber,
    // Promoters always have a swa_code (a check constraint of organisations).
    promoter_swa_code: promoter.swaCode ?? '',
    promoter_organisation: promoter.name,
    highway_authority: highwayAuthority.name,
    works_coordinates: work.worksCoordinates,
    location_description: work.locationDescription,
    street: work.street,
    town: work.town,
    area: work.area,
    description_of_work: permit.descriptionOfWork,
    work_category: permit.workCategory,
    work_category_string: workCategoryText[permit.workCategory],
    traffic_management_type: permit.trafficManagementType,
    traffic_management_type_string: trafficManagementTypeText[permit.trafficManagementType],
    proposed_start_date: permit.proposedStartDate.toISOString(),
    proposed_end_date: permit.proposedEndDate.toISOString(),
    status: permit.status,
    status_string: permitStatusText[permit.status],
    work_status: permit.workStatus,
    work_status_string: workStatusText[permit.workStatus],
    deadline_date: permit.deadlineDate.toISOString(),
    date_created: permit.dateCreated.toISOString(),
    status_changed_date: permit.statusChangedDate.toISOString(),
    usrn: work.usrn,
    road_category: work.roadCategory,
    is_active_permit: permit.isActivePermit,
    is_traffic_sensitive: permit.isTrafficSensitive,
    has_no_final_reinstatement: permit.hasNoFinalReinstatement,
    is_deemed: permit.isDeemed,
    excavation_carried_out: permit.excavationCarriedOut,
    is_early_start: permit.isEarlyStart,
    is_high_impact_traffic_management: permit.isHighImpactTrafficManagement,
    is_lane_rental: permit.isLaneRental,
    lane_rental_charges_not_agreed: permit.laneRentalChargesNotAgreed,
    lane_rental_charges_potentially_apply: permit.laneRentalChargesPotentiallyApply,
    activity_type: permit.activityType,
    activity_type_string: activityTypeText[permit.activityType],
    assessment_status: permit.assessmentStatus,
    assessment_status_string: permit.assessmentStatus && assessmentStatusText[permit.assessmentStatus],
    proposed_start_time: iso(permit.proposedStartTime),
    proposed_end_time: iso(permit.proposedEndTime),
    actual_start_date: iso(permit.actualStartDate),
    actual_end_date: iso(permit.actualEndDate),
    permit_conditions: permit.permitConditions.map((condition: PermitCondition) => ({
      condition: condition.condition,
      condition_string: permitConditionTypeText[condition.condition],
      comment: condition.comment ?? null,
    })),
    lane_rental_assessment_outcome: permit.laneRentalAssessmentOutcome,
    lane_rental_assessment_outcome_string:
      permit.laneRentalAssessmentOutcome && laneRentalAssessmentOutcomeText[permit.laneRentalAssessmentOutcome],
    paa_to_pa_deadline_date: iso(permit.paaToPaDeadlineDate),
  };
}
