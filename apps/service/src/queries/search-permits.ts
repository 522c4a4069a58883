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
  next_cursor: number | null;
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
      sql`select ${sql.join(Object.values(summaryColumns).map((column, index) => sql`${column} as ${sql.raw(`c${index}`)}`), sql`, `)}
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
      next_cursor: found.length > pageSize ? (page[page.length - 1]![0] as number) : null,
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

/** The columns `permitSummary` reads (named c0, c1, … in the query, so that no two share a name); timestamps as UTC text. */
const summaryColumns = {
  id: sql`${permits.id}`,
  workReferenceNumber: sql`${works.workReferenceNumber}`,
  permitReferenceNumber: sql`${permits.permitReferenceNumber}`,
  promoterSwaCode: sql`promoter.swa_code`,
  promoterName: sql`promoter.name`,
  highwayAuthorityName: sql`highway_authority.name`,
  worksCoordinates: sql`${works.worksCoordinates}`,
  locationDescription: sql`${works.locationDescription}`,
  street: sql`${works.street}`,
  town: sql`${works.town}`,
  area: sql`${works.area}`,
  descriptionOfWork: sql`${permits.descriptionOfWork}`,
  workCategory: sql`${permits.workCategory}::text`,
  trafficManagementType: sql`${permits.trafficManagementType}::text`,
  proposedStartDate: utcText(permits.proposedStartDate),
  proposedEndDate: utcText(permits.proposedEndDate),
  status: sql`${permits.status}::text`,
  workStatus: sql`${permits.workStatus}::text`,
  deadlineDate: utcText(permits.deadlineDate),
  dateCreated: utcText(permits.dateCreated),
  statusChangedDate: utcText(permits.statusChangedDate),
  usrn: sql`${works.usrn}`,
  roadCategory: sql`${works.roadCategory}`,
  isActivePermit: sql`${permits.isActivePermit}`,
  isTrafficSensitive: sql`${permits.isTrafficSensitive}`,
  hasNoFinalReinstatement: sql`${permits.hasNoFinalReinstatement}`,
  isDeemed: sql`${permits.isDeemed}`,
  excavationCarriedOut: sql`${permits.excavationCarriedOut}`,
  isEarlyStart: sql`${permits.isEarlyStart}`,
  isHighImpactTrafficManagement: sql`${permits.isHighImpactTrafficManagement}`,
  isLaneRental: sql`${permits.isLaneRental}`,
  laneRentalChargesNotAgreed: sql`${permits.laneRentalChargesNotAgreed}`,
  laneRentalChargesPotentiallyApply: sql`${permits.laneRentalChargesPotentiallyApply}`,
  activityType: sql`${permits.activityType}::text`,
  assessmentStatus: sql`${permits.assessmentStatus}::text`,
  proposedStartTime: utcText(permits.proposedStartTime),
  proposedEndTime: utcText(permits.proposedEndTime),
  actualStartDate: utcText(permits.actualStartDate),
  actualEndDate: utcText(permits.actualEndDate),
  permitConditions: sql`${permits.permitConditions}`,
  laneRentalAssessmentOutcome: sql`${permits.laneRentalAssessmentOutcome}::text`,
  paaToPaDeadlineDate: utcText(permits.paaToPaDeadlineDate),
};

type SummaryRow = Record<keyof typeof summaryColumns, unknown>;
const summaryColumnNames = Object.keys(summaryColumns) as (keyof typeof summaryColumns)[];

/** A row of the query (values in the order of `summaryColumns`) by column. */
function byColumn(values: unknown[]): SummaryRow {
  const row = {} as SummaryRow;
  summaryColumnNames.forEach((name, index) => (row[name] = values[index]));
  return row;
}

function permitSummary(values: unknown[]): PermitSummaryResponse {
  const row = byColumn(values);
  const assessment = row.assessmentStatus as AssessmentStatus | null;
  const laneRentalOutcome = row.laneRentalAssessmentOutcome as LaneRentalAssessmentOutcome | null;
  return {
    work_reference_number: row.workReferenceNumber as string,
    permit_reference_number: row.permitReferenceNumber as string,
    // Promoters always have a swa_code (a check constraint of organisations).
    promoter_swa_code: (row.promoterSwaCode as string | null) ?? '',
    promoter_organisation: row.promoterName as string,
    highway_authority: row.highwayAuthorityName as string,
    works_coordinates: row.worksCoordinates as WorksCoordinates,
    location_description: row.locationDescription as string,
    street: row.street as string,
    town: row.town as string,
    area: row.area as string,
    description_of_work: row.descriptionOfWork as string,
    work_category: row.workCategory as WorkCategory,
    work_category_string: workCategoryText[row.workCategory as WorkCategory],
    traffic_management_type: row.trafficManagementType as TrafficManagementType,
    traffic_management_type_string: trafficManagementTypeText[row.trafficManagementType as TrafficManagementType],
    proposed_start_date: isoFromUtcText(row.proposedStartDate as string),
    proposed_end_date: isoFromUtcText(row.proposedEndDate as string),
    status: row.status as PermitStatus,
    status_string: permitStatusText[row.status as PermitStatus],
    work_status: row.workStatus as WorkStatus,
    work_status_string: workStatusText[row.workStatus as WorkStatus],
    deadline_date: isoFromUtcText(row.deadlineDate as string),
    date_created: isoFromUtcText(row.dateCreated as string),
    status_changed_date: isoFromUtcText(row.statusChangedDate as string),
    usrn: row.usrn as number,
    road_category: row.roadCategory as number,
    is_active_permit: row.isActivePermit as boolean,
    is_traffic_sensitive: row.isTrafficSensitive as boolean,
    has_no_final_reinstatement: row.hasNoFinalReinstatement as boolean,
    is_deemed: row.isDeemed as boolean,
    excavation_carried_out: row.excavationCarriedOut as boolean,
    is_early_start: row.isEarlyStart as boolean,
    is_high_impact_traffic_management: row.isHighImpactTrafficManagement as boolean,
    is_lane_rental: row.isLaneRental as boolean,
    lane_rental_charges_not_agreed: row.laneRentalChargesNotAgreed as boolean,
    lane_rental_charges_potentially_apply: row.laneRentalChargesPotentiallyApply as boolean,
    activity_type: row.activityType as ActivityType,
    activity_type_string: activityTypeText[row.activityType as ActivityType],
    assessment_status: assessment,
    assessment_status_string: assessment && assessmentStatusText[assessment],
    proposed_start_time: isoFromUtcTextOrNull(row.proposedStartTime),
    proposed_end_time: isoFromUtcTextOrNull(row.proposedEndTime),
    actual_start_date: isoFromUtcTextOrNull(row.actualStartDate),
    actual_end_date: isoFromUtcTextOrNull(row.actualEndDate),
    permit_conditions: (row.permitConditions as PermitCondition[]).map((condition) => ({
      condition: condition.condition,
      condition_string: permitConditionTypeText[condition.condition],
      comment: condition.comment ?? null,
    })),
    lane_rental_assessment_outcome: laneRentalOutcome,
    lane_rental_assessment_outcome_string: laneRentalOutcome && laneRentalAssessmentOutcomeText[laneRentalOutcome],
    paa_to_pa_deadline_date: isoFromUtcTextOrNull(row.paaToPaDeadlineDate),
  };
}
