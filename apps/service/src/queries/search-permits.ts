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
import { and, gt, inArray, sql, type SQL } from 'drizzle-orm';
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
import { ValidationError } from '../errors.js';
import { arrayRows, isoFromUtcText, isoFromUtcTextOrNull, utcText } from './array-rows.js';
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
    // One statement with the columns of a summary, rows as arrays (see array-rows.ts); unnamed,
    // as its text varies with the number of references.
    const found = await arrayRows(
      tx,
      undefined,
      sql`select ${sql.join(summaryColumns.map((column, index) => sql`${column} as ${sql.raw(`c${index}`)}`), sql`, `)}
          from ${permits}
          join ${works} on ${works.id} = ${permits.workId}
          join ${organisations} promoter on promoter.id = ${works.promoterOrgId}
          join ${organisations} highway_authority on highway_authority.id = ${works.highwayAuthorityOrgId}
          where ${and(
            gt(permits.id, cursor),
            visibleRows(visibilityOf(caller), works),
            references && inArray(works.workReferenceNumber, references),
          )}
          order by ${permits.id}
          limit ${sql.raw(String(pageSize + 1))}`,
    );
    const page = found.slice(0, pageSize);
    return {
      rows: page.map(permitSummary),
      next_cursor: found.length > pageSize ? (page[page.length - 1]![0] as number) : 0,
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

/** The columns `permitSummary` reads, in its order (named c0, c1, … in the query, so that no two share a name); timestamps as UTC text. */
const summaryColumns: SQL[] = [
  sql`${permits.id}`,
  sql`${works.workReferenceNumber}`,
  sql`${permits.permitReferenceNumber}`,
  sql`promoter.swa_code`,
  sql`promoter.name`,
  sql`highway_authority.name`,
  sql`${works.worksCoordinates}`,
  sql`${works.locationDescription}`,
  sql`${works.street}`,
  sql`${works.town}`,
  sql`${works.area}`,
  sql`${permits.descriptionOfWork}`,
  sql`${permits.workCategory}::text`,
  sql`${permits.trafficManagementType}::text`,
  utcText(permits.proposedStartDate),
  utcText(permits.proposedEndDate),
  sql`${permits.status}::text`,
  sql`${permits.workStatus}::text`,
  utcText(permits.deadlineDate),
  utcText(permits.dateCreated),
  utcText(permits.statusChangedDate),
  sql`${works.usrn}`,
  sql`${works.roadCategory}`,
  sql`${permits.isActivePermit}`,
  sql`${permits.isTrafficSensitive}`,
  sql`${permits.hasNoFinalReinstatement}`,
  sql`${permits.isDeemed}`,
  sql`${permits.excavationCarriedOut}`,
  sql`${permits.isEarlyStart}`,
  sql`${permits.isHighImpactTrafficManagement}`,
  sql`${permits.isLaneRental}`,
  sql`${permits.laneRentalChargesNotAgreed}`,
  sql`${permits.laneRentalChargesPotentiallyApply}`,
  sql`${permits.activityType}::text`,
  sql`${permits.assessmentStatus}::text`,
  utcText(permits.proposedStartTime),
  utcText(permits.proposedEndTime),
  utcText(permits.actualStartDate),
  utcText(permits.actualEndDate),
  sql`${permits.permitConditions}`,
  sql`${permits.laneRentalAssessmentOutcome}::text`,
  utcText(permits.paaToPaDeadlineDate),
];

function permitSummary(row: unknown[]): PermitSummaryResponse {
  const [
    ,
    workReferenceNumber,
    permitReferenceNumber,
    promoterSwaCode,
    promoterName,
    highwayAuthorityName,
    worksCoordinates,
    locationDescription,
    street,
    town,
    area,
    descriptionOfWork,
    workCategory,
    trafficManagementType,
    proposedStartDate,
    proposedEndDate,
    status,
    workStatus,
    deadlineDate,
    dateCreated,
    statusChangedDate,
    usrn,
    roadCategory,
    isActivePermit,
    isTrafficSensitive,
    hasNoFinalReinstatement,
    isDeemed,
    excavationCarriedOut,
    isEarlyStart,
    isHighImpactTrafficManagement,
    isLaneRental,
    laneRentalChargesNotAgreed,
    laneRentalChargesPotentiallyApply,
    activityType,
    assessmentStatus,
    proposedStartTime,
    proposedEndTime,
    actualStartDate,
    actualEndDate,
    permitConditions,
    laneRentalAssessmentOutcome,
    paaToPaDeadlineDate,
  ] = row;
  const assessment = assessmentStatus as AssessmentStatus | null;
  const laneRentalOutcome = laneRentalAssessmentOutcome as LaneRentalAssessmentOutcome | null;
  return {
    work_reference_number: workReferenceNumber as string,
    permit_reference_number: permitReferenceNumber as string,
    // Promoters always have a swa_code (a check constraint of organisations).
    promoter_swa_code: (promoterSwaCode as string | null) ?? '',
    promoter_organisation: promoterName as string,
    highway_authority: highwayAuthorityName as string,
    works_coordinates: worksCoordinates as WorksCoordinates,
    location_description: locationDescription as string,
    street: street as string,
    town: town as string,
    area: area as string,
    description_of_work: descriptionOfWork as string,
    work_category: workCategory as WorkCategory,
    work_category_string: workCategoryText[workCategory as WorkCategory],
    traffic_management_type: trafficManagementType as TrafficManagementType,
    traffic_management_type_string: trafficManagementTypeText[trafficManagementType as TrafficManagementType],
    proposed_start_date: isoFromUtcText(proposedStartDate as string),
    proposed_end_date: isoFromUtcText(proposedEndDate as string),
    status: status as PermitStatus,
    status_string: permitStatusText[status as PermitStatus],
    work_status: workStatus as WorkStatus,
    work_status_string: workStatusText[workStatus as WorkStatus],
    deadline_date: isoFromUtcText(deadlineDate as string),
    date_created: isoFromUtcText(dateCreated as string),
    status_changed_date: isoFromUtcText(statusChangedDate as string),
    usrn: usrn as number,
    road_category: roadCategory as number,
    is_active_permit: isActivePermit as boolean,
    is_traffic_sensitive: isTrafficSensitive as boolean,
    has_no_final_reinstatement: hasNoFinalReinstatement as boolean,
    is_deemed: isDeemed as boolean,
    excavation_carried_out: excavationCarriedOut as boolean,
    is_early_start: isEarlyStart as boolean,
    is_high_impact_traffic_management: isHighImpactTrafficManagement as boolean,
    is_lane_rental: isLaneRental as boolean,
    lane_rental_charges_not_agreed: laneRentalChargesNotAgreed as boolean,
    lane_rental_charges_potentially_apply: laneRentalChargesPotentiallyApply as boolean,
    activity_type: activityType as ActivityType,
    activity_type_string: activityTypeText[activityType as ActivityType],
    assessment_status: assessment,
    assessment_status_string: assessment && assessmentStatusText[assessment],
    proposed_start_time: isoFromUtcTextOrNull(proposedStartTime),
    proposed_end_time: isoFromUtcTextOrNull(proposedEndTime),
    actual_start_date: isoFromUtcTextOrNull(actualStartDate),
    actual_end_date: isoFromUtcTextOrNull(actualEndDate),
    permit_conditions: (permitConditions as PermitCondition[]).map((condition) => ({
      condition: condition.condition,
      condition_string: permitConditionTypeText[condition.condition],
      comment: condition.comment ?? null,
    })),
    lane_rental_assessment_outcome: laneRentalOutcome,
    lane_rental_assessment_outcome_string: laneRentalOutcome && laneRentalAssessmentOutcomeText[laneRentalOutcome],
    paa_to_pa_deadline_date: isoFromUtcTextOrNull(paaToPaDeadlineDate),
  };
}
