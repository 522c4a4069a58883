/**
 * Permit search (`POST /permits/search`): summaries of the permits a caller may see.
 *
 * - `work_reference_numbers` omitted or null: every visible permit. Given: the permits of
 *   those works; unknown references and works the caller may not see are left out silently
 *   (an empty list therefore finds nothing).
 * - A contractor sees the permits of every promoter it holds an active contract with (this
 *   operation has no swa_code).
 * - Keyset pagination on the permit's internal id, ascending: `next_cursor` is the id of the
 *   last row returned, or the cursor sent when no row was; a page shorter than `page_size` is
 *   the last. Following it returns each permit exactly once, and never starts again.
 */
import {
  enumerations,
  propertyConstraints,
  type PermitSearchReportingResponse,
  type PermitSearchRequest,
  type PermitSummaryResponse,
} from '@street-events/types';
import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows } from '../../db/database.js';
import { visibilityOf, type Caller } from '../../directory/caller.js';
import type { Database } from '../../db/database.js';
import { organisations, permits, readModels, works } from '../../db/schema.js';
import { textOf, type Known } from '../../shared/enums.js';
import {
  decodedRows,
  enumColumn,
  numberColumn,
  rowKind,
  rowQuery,
  timeColumn,
  timeOrNullColumn,
  storedColumn,
  valueColumn,
  type RowQuery,
} from '../../db/array-rows.js';
import { jsonListBytes } from '../../db/json-bytes.js';
import { defaultStatementTimeoutMs, withQueryTimeout, type TimedQuery } from '../../db/query-timeout.js';

/** Permits per page when the request names none. */
const defaultPageSize = propertyConstraints.PermitSearchRequest.page_size.default;

/** A page of permit search as stored text: each permit's summary JSON, and the cursor. */
export interface SearchPage {
  rows: string[];
  nextCursor: number;
}

/** The answer's bytes: the same as `JSON.stringify` of the `PermitSearchReportingResponse`, UTF-8 encoded. */
export function searchPageBytes(page: SearchPage): Buffer {
  return jsonListBytes('{"rows":[', page.rows, `],"next_cursor":${page.nextCursor}}`);
}

/** Permit search, as the document's objects (for callers in this process; the HTTP answer is `searchPageBytes`). */
export async function searchPermits(
  db: Database,
  caller: Caller,
  request: PermitSearchRequest,
  options: TimedQuery = {},
): Promise<PermitSearchReportingResponse> {
  return JSON.parse(
    searchPageBytes(await searchPage(db, caller, request, options)).toString(),
  ) as PermitSearchReportingResponse;
}

export async function searchPage(
  db: Database,
  caller: Caller,
  request: PermitSearchRequest,
  options: TimedQuery = {},
): Promise<SearchPage> {
  const pageSize = request.page_size ?? defaultPageSize;
  const visibility = visibilityOf(caller);
  const references = request.work_reference_numbers ?? undefined;
  const shape: SearchShape = {
    promoters: visibility.promoterOrgIds !== 'any',
    authority: visibility.highwayAuthorityOrgId !== 'any',
    references: references !== undefined,
  };
  const params = [
    request.next_cursor ?? 0,
    ...(visibility.promoterOrgIds === 'any' ? [] : [visibility.promoterOrgIds]),
    ...(visibility.highwayAuthorityOrgId === 'any' ? [] : [visibility.highwayAuthorityOrgId]),
    ...(references === undefined ? [] : [references]),
    pageSize + 1,
  ];
  return withQueryTimeout(
    db,
    options.statementTimeoutMs ?? defaultStatementTimeoutMs,
    async (tx) => {
      const { name, query } = searchStatement(shape);
      const page = (await decodedRows(tx, name, query, params)).slice(0, pageSize);
      return {
        rows: await storedSummaries(tx, page),
        // Where the next page starts: the last permit returned, or the cursor sent when none was.
        nextCursor: page.length > 0 ? page[page.length - 1]!.id : (request.next_cursor ?? 0),
      };
    },
    options.startedAt,
  );
}

/** A row of a page of search: the permit's id and its stored summary (null while not stored). */
const searchRow = rowKind({
  id: numberColumn(sql`p.id`),
  summary: valueColumn<string | null>(sql`p.summary`),
});
type SearchRow = ReturnType<typeof searchRow.decode>;

/** The permits' stored summaries; one not stored (yet, or since a change) is built from its columns. */
async function storedSummaries(db: Database, page: SearchRow[]): Promise<string[]> {
  const missing = page.filter((row) => row.summary === null).map((row) => row.id);
  if (missing.length === 0) return page.map((row) => row.summary!);
  const built = new Map((await summariesOf(db, missing)).map(({ id, text }) => [id, text]));
  return page.map((row) => row.summary ?? built.get(row.id)!);
}

/** The summaries of these permits, built from their columns, with the row version they were read at. */
async function summariesOf(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; version: string; text: string }[]> {
  const rows = await decodedRows(db, 'permit_summary_columns', summaryColumnsQuery(), [ids]);
  return rows.map((row) => ({ id: row.id, version: row.version, text: JSON.stringify(permitSummary(row)) }));
}

/** The statement of `summariesOf`, compiled at first use (after `summaryRow` below). */
let summaryColumnsStatement: RowQuery<SummaryRow> | undefined;
const summaryColumnsQuery = () =>
  (summaryColumnsStatement ??= rowQuery(
    summaryRow,
    (columns) => sql`select ${columns}
      from ${permits}
      join ${works} on ${works.id} = ${permits.workId}
      join ${organisations} promoter on promoter.id = ${works.promoterOrgId}
      join ${organisations} highway_authority on highway_authority.id = ${works.highwayAuthorityOrgId}
      where ${permits.id} = any(${sql.param([])}::int[])`,
  ));

const readModel = 'permit_summaries';

/** What stored summaries were built from: their format and the texts of the enumerations they hold. */
const summariesFingerprint = createHash('sha256')
  .update(
    JSON.stringify([
      1,
      ...(
        [
          'WorkCategoryResponse',
          'TrafficManagementTypeResponse',
          'PermitStatusResponse',
          'WorkStatusResponse',
          'ActivityTypeResponse',
          'AssessmentStatusResponse',
          'LaneRentalAssessmentOutcomeResponse',
          'PermitConditionTypeResponse',
        ] as const
      ).map((name) => enumerations[name].texts),
    ]),
  )
  .digest('hex');

/** Clears every stored summary when the texts they were built from changed; then records the current ones. */
export async function checkSummariesFingerprint(db: Database): Promise<void> {
  const [stored] = await db.select().from(readModels).where(eq(readModels.name, readModel));
  if (stored?.fingerprint === summariesFingerprint) return;
  await db.execute(sql`update permits set summary = null where summary is not null`);
  await db
    .insert(readModels)
    .values({ name: readModel, fingerprint: summariesFingerprint })
    .onConflictDoUpdate({ target: readModels.name, set: { fingerprint: summariesFingerprint } });
}

/**
 * Writes up to `batch` missing summaries; returns how many. A summary is written only if its
 * permit is unchanged since it was read (same row version): a change in between clears it
 * again, for the next round.
 */
export async function writeMissingSummaries(db: Database, batch = 2000): Promise<number> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select id from permits where summary is null order by id limit ${batch}`,
  );
  if (ids.length === 0) return 0;
  const built = await summariesOf(
    db,
    ids.map((row) => row.id),
  );
  await db.execute(
    sql`update permits p set summary = v.text
        from (select unnest(${sql.param(built.map((b) => b.id))}::int[]) as id,
                     unnest(${sql.param(built.map((b) => b.version))}::text[]) as version,
                     unnest(${sql.param(built.map((b) => b.text))}::text[]) as text) v
        where p.id = v.id and p.xmin::text = v.version and p.summary is null`,
  );
  return ids.length;
}

/** Which filters a search has: each shape is one SQL text, one named statement. */
interface SearchShape {
  promoters: boolean;
  authority: boolean;
  references: boolean;
}

const statements = new Map<string, { name: string; query: RowQuery<SearchRow> }>();

/**
 * The statement of a shape, compiled once: the cursor, the promoters, the authority and the
 * references are parameters in that order (arrays as one parameter each, so a search of 1000
 * references is the same statement as one of 10, planned once per connection), and the limit
 * last (so that every page size is the same statement).
 */
function searchStatement(shape: SearchShape): { name: string; query: RowQuery<SearchRow> } {
  const name = `search_${shape.promoters ? 'p' : ''}${shape.authority ? 'h' : ''}${shape.references ? 'r' : ''}`;
  let statement = statements.get(name);
  if (statement === undefined) {
    const conditions: SQL[] = [
      // A cursor is any whole number up to 2^53 - 1: compared as bigint, never cast to the id's type.
      sql`${permits.id} > ${sql.param(0)}::bigint`,
      ...(shape.promoters ? [sql`${works.promoterOrgId} = any(${sql.param([])}::int[])`] : []),
      ...(shape.authority ? [sql`${works.highwayAuthorityOrgId} = ${sql.param(0)}`] : []),
      ...(shape.references ? [sql`${works.workReferenceNumber} = any(${sql.param([])}::text[])`] : []),
    ];
    // The page's ids first (a narrow sort of the matching permits), then only their summaries:
    // sorting the wide rows of every match costs PostgreSQL several times more.
    const query = rowQuery(
      searchRow,
      (columns) => sql`select ${columns}
        from (select ${permits.id}
              from ${permits}
              join ${works} on ${works.id} = ${permits.workId}
              where ${sql.join(conditions, sql` and `)}
              order by ${permits.id}
              limit ${sql.param(0)}::int) page
        join ${permits} p on p.id = page.id
        order by p.id`,
    );
    statement = { name, query };
    statements.set(name, statement);
  }
  return statement;
}

/** The organisations of a permit's work, as the query of `summariesOf` names them. */
const promoter = alias(organisations, 'promoter');
const highwayAuthority = alias(organisations, 'highway_authority');

/** The columns a permit's summary is built from, with the row version they were read at. */
const summaryRow = rowKind({
  id: storedColumn(permits.id),
  workReferenceNumber: storedColumn(works.workReferenceNumber),
  permitReferenceNumber: storedColumn(permits.permitReferenceNumber),
  promoterSwaCode: storedColumn(promoter.swaCode),
  promoterName: storedColumn(promoter.name),
  highwayAuthorityName: storedColumn(highwayAuthority.name),
  worksCoordinates: storedColumn(works.worksCoordinates),
  locationDescription: storedColumn(works.locationDescription),
  street: storedColumn(works.street),
  town: storedColumn(works.town),
  area: storedColumn(works.area),
  descriptionOfWork: storedColumn(permits.descriptionOfWork),
  workCategory: enumColumn(permits.workCategory),
  trafficManagementType: enumColumn(permits.trafficManagementType),
  proposedStartDate: timeColumn(permits.proposedStartDate),
  proposedEndDate: timeColumn(permits.proposedEndDate),
  status: enumColumn(permits.status),
  workStatus: enumColumn(permits.workStatus),
  deadlineDate: timeColumn(permits.deadlineDate),
  dateCreated: timeColumn(permits.dateCreated),
  statusChangedDate: timeColumn(permits.statusChangedDate),
  usrn: storedColumn(works.usrn),
  roadCategory: storedColumn(works.roadCategory),
  isActivePermit: storedColumn(permits.isActivePermit),
  isTrafficSensitive: storedColumn(permits.isTrafficSensitive),
  hasNoFinalReinstatement: storedColumn(permits.hasNoFinalReinstatement),
  isDeemed: storedColumn(permits.isDeemed),
  excavationCarriedOut: storedColumn(permits.excavationCarriedOut),
  isEarlyStart: storedColumn(permits.isEarlyStart),
  isHighImpactTrafficManagement: storedColumn(permits.isHighImpactTrafficManagement),
  isLaneRental: storedColumn(permits.isLaneRental),
  laneRentalChargesNotAgreed: storedColumn(permits.laneRentalChargesNotAgreed),
  laneRentalChargesPotentiallyApply: storedColumn(permits.laneRentalChargesPotentiallyApply),
  activityType: enumColumn(permits.activityType),
  assessmentStatus: enumColumn(permits.assessmentStatus),
  proposedStartTime: timeOrNullColumn(permits.proposedStartTime),
  proposedEndTime: timeOrNullColumn(permits.proposedEndTime),
  actualStartDate: timeOrNullColumn(permits.actualStartDate),
  actualEndDate: timeOrNullColumn(permits.actualEndDate),
  permitConditions: storedColumn(permits.permitConditions),
  laneRentalAssessmentOutcome: enumColumn(permits.laneRentalAssessmentOutcome),
  paaToPaDeadlineDate: timeOrNullColumn(permits.paaToPaDeadlineDate),
  version: valueColumn<string>(sql`${permits}.xmin::text`),
});
type SummaryRow = ReturnType<typeof summaryRow.decode>;

/** A stored enumeration value with its text, for a `field` and `field_string` pair. */
function withText<N extends Parameters<typeof textOf>[0]>(name: N, value: Known<N>): [Known<N>, string] {
  return [value, textOf(name, value)];
}

function withTextOrNull<N extends Parameters<typeof textOf>[0]>(
  name: N,
  value: Known<N> | null,
): [Known<N> | null, string | null] {
  return value === null ? [null, null] : withText(name, value);
}

// eslint-disable-next-line max-lines-per-function -- a table: one field of the summary per column
function permitSummary(row: SummaryRow): PermitSummaryResponse {
  const [workCategory, workCategoryString] = withText('WorkCategoryResponse', row.workCategory);
  const [trafficManagement, trafficManagementString] = withText(
    'TrafficManagementTypeResponse',
    row.trafficManagementType,
  );
  const [status, statusString] = withText('PermitStatusResponse', row.status);
  const [workStatus, workStatusString] = withText('WorkStatusResponse', row.workStatus);
  const [activityType, activityTypeString] = withText('ActivityTypeResponse', row.activityType);
  const [assessment, assessmentString] = withTextOrNull('AssessmentStatusResponse', row.assessmentStatus);
  const [laneRental, laneRentalString] = withTextOrNull(
    'LaneRentalAssessmentOutcomeResponse',
    row.laneRentalAssessmentOutcome,
  );
  return {
    work_reference_number: row.workReferenceNumber,
    permit_reference_number: row.permitReferenceNumber,
    // Promoters always have a swa_code (a check constraint of organisations).
    promoter_swa_code: row.promoterSwaCode ?? '',
    promoter_organisation: row.promoterName,
    highway_authority: row.highwayAuthorityName,
    works_coordinates: row.worksCoordinates,
    location_description: row.locationDescription,
    street: row.street,
    town: row.town,
    area: row.area,
    description_of_work: row.descriptionOfWork,
    work_category: workCategory,
    work_category_string: workCategoryString,
    traffic_management_type: trafficManagement,
    traffic_management_type_string: trafficManagementString,
    proposed_start_date: row.proposedStartDate,
    proposed_end_date: row.proposedEndDate,
    status,
    status_string: statusString,
    work_status: workStatus,
    work_status_string: workStatusString,
    deadline_date: row.deadlineDate,
    date_created: row.dateCreated,
    status_changed_date: row.statusChangedDate,
    usrn: row.usrn,
    road_category: row.roadCategory,
    is_active_permit: row.isActivePermit,
    is_traffic_sensitive: row.isTrafficSensitive,
    has_no_final_reinstatement: row.hasNoFinalReinstatement,
    is_deemed: row.isDeemed,
    excavation_carried_out: row.excavationCarriedOut,
    is_early_start: row.isEarlyStart,
    is_high_impact_traffic_management: row.isHighImpactTrafficManagement,
    is_lane_rental: row.isLaneRental,
    lane_rental_charges_not_agreed: row.laneRentalChargesNotAgreed,
    lane_rental_charges_potentially_apply: row.laneRentalChargesPotentiallyApply,
    activity_type: activityType,
    activity_type_string: activityTypeString,
    assessment_status: assessment,
    assessment_status_string: assessmentString,
    proposed_start_time: row.proposedStartTime,
    proposed_end_time: row.proposedEndTime,
    actual_start_date: row.actualStartDate,
    actual_end_date: row.actualEndDate,
    permit_conditions: row.permitConditions.map((condition) => ({
      condition: condition.condition,
      condition_string: textOf('PermitConditionTypeResponse', condition.condition),
      comment: condition.comment ?? null,
    })),
    lane_rental_assessment_outcome: laneRental,
    lane_rental_assessment_outcome_string: laneRentalString,
    paa_to_pa_deadline_date: row.paaToPaDeadlineDate,
  };
}
