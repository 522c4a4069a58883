/**
 * The baseline of the read-path benchmark: the straightforward implementation of polling and
 * permit search, plain node:http and pg, no framework, no validation, no cache. Each request
 * looks its token up, runs the same SQL as the service with rows read from their columns, maps
 * them to the document's objects and answers JSON.stringify of the page: the same bytes as the
 * service for the requests the benchmark sends (it checks). Prints `listening <port>`.
 *
 * DATABASE_URL names the seeded database. Only what the benchmark's callers need is here: a
 * Planner or a HighwayAuthority polling with `update_id` and `page_size`, and permit search.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enumerations, type PermitSearchRequest } from '@street-events/types';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const texts = (name: keyof typeof enumerations) => enumerations[name].texts as Record<string, string>;
const day = 24 * 60 * 60 * 1000;

interface Caller {
  role: string;
  organisationId: number;
}

async function callerOf(request: IncomingMessage): Promise<Caller | undefined> {
  const token = request.headers.token;
  if (typeof token !== 'string') return undefined;
  const { rows } = await pool.query<{ role: string; organisation_id: number }>(
    `select u.role, u.organisation_id from api_tokens t join users u on u.id = t.user_id
     where t.token_hash = $1 and t.revoked_at is null`,
    [createHash('sha256').update(token).digest('hex')],
  );
  return rows[0] && { role: rows[0].role, organisationId: rows[0].organisation_id };
}

/** The visibility condition of a caller, over columns `promoter_org_id` and `highway_authority_org_id` of `alias`. */
function visibility(caller: Caller, alias: string): string {
  return caller.role === 'Planner' ? `${alias}.promoter_org_id = $2` : `${alias}.highway_authority_org_id = $2`;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A row of `audit_events` as pg reads it: bigint as text, timestamptz as Date. */
interface AuditRow {
  work_reference_number: string;
  update_date_time: Date;
  update_id: string;
  event_type: string;
  object_type: string;
  parent_object_reference_number: string | null;
  object_reference_number: string | null;
}

/** A row of permit search: the permit's columns, its work's and the names of its organisations. */
interface PermitRow {
  id: number;
  work_reference_number: string;
  permit_reference_number: string;
  promoter_swa_code: string | null;
  promoter_name: string;
  authority_name: string;
  works_coordinates: unknown;
  location_description: string;
  street: string;
  town: string;
  area: string;
  description_of_work: string;
  work_category: string;
  traffic_management_type: string;
  proposed_start_date: Date;
  proposed_end_date: Date;
  status: string;
  work_status: string;
  deadline_date: Date;
  date_created: Date;
  status_changed_date: Date;
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
  activity_type: string;
  assessment_status: string | null;
  proposed_start_time: Date | null;
  proposed_end_time: Date | null;
  actual_start_date: Date | null;
  actual_end_date: Date | null;
  permit_conditions: { condition: string; comment?: string | null }[];
  lane_rental_assessment_outcome: string | null;
  paa_to_pa_deadline_date: Date | null;
}

async function poll(caller: Caller, query: URLSearchParams): Promise<unknown> {
  const cursor = Number(query.get('update_id') ?? 0);
  const pageSize = Number(query.get('page_size') ?? 100);
  const { rows } = await pool.query<AuditRow>(
    `select work_reference_number, update_date_time, update_id, event_type, object_type,
            parent_object_reference_number, object_reference_number
     from audit_events a
     where a.update_id > $1 and a.work_id is not null and ${visibility(caller, 'a')}
     order by a.update_id limit ${pageSize + 1}`,
    [cursor, caller.organisationId],
  );
  const page = rows.slice(0, pageSize).map((row) => ({
    work_reference_number: row.work_reference_number,
    update_date_time: iso(row.update_date_time),
    update_id: Number(row.update_id),
    event_type: row.event_type,
    event_type_string: texts('AuditEventType')[row.event_type],
    object_type: row.object_type,
    object_type_string: texts('AuditObjectTypeResponse')[row.object_type],
    parent_object_reference_number: row.parent_object_reference_number,
    object_reference_number: row.object_reference_number,
  }));
  if (rows.length > pageSize) return { rows: page, next_update: page[page.length - 1]!.update_id };
  if (page.length > 0 || !query.has('update_id')) return { rows: page, next_update: null };
  return { rows: page, ...(await replacementCursor(cursor)) };
}

/** Rule 3 of polling: the replacement for a cursor over seven days old. */
async function replacementCursor(cursor: number): Promise<{ next_update?: number }> {
  const { rows } = await pool.query<Pick<AuditRow, 'update_date_time'>>(
    'select update_date_time from audit_events where update_id <= $1 order by update_id desc limit 1',
    [cursor],
  );
  if (rows[0] === undefined || Date.now() - rows[0].update_date_time.getTime() <= 7 * day) return {};
  const latest = await pool.query<Pick<AuditRow, 'update_id'>>(
    'select update_id from audit_events where update_date_time <= $1 order by update_id desc limit 1',
    [new Date(Date.now() - day / 24)],
  );
  return latest.rows[0] === undefined ? {} : { next_update: Number(latest.rows[0].update_id) };
}

async function search(caller: Caller, body: PermitSearchRequest) {
  const pageSize = body.page_size ?? 100;
  const { rows } = await pool.query<PermitRow>(
    `select p.*, w.work_reference_number, w.works_coordinates, w.location_description, w.street, w.town, w.area,
            w.usrn, w.road_category, promoter.swa_code as promoter_swa_code, promoter.name as promoter_name,
            authority.name as authority_name
     from permits p join works w on w.id = p.work_id
     join organisations promoter on promoter.id = w.promoter_org_id
     join organisations authority on authority.id = w.highway_authority_org_id
     where p.id > $1 and ${visibility(caller, 'w')} and w.work_reference_number = any($3)
     order by p.id limit ${pageSize + 1}`,
    [body.next_cursor ?? 0, caller.organisationId, body.work_reference_numbers],
  );
  const page = rows.slice(0, pageSize);
  return {
    rows: page.map(permitSummary),
    next_cursor: page.length > 0 ? page[page.length - 1]!.id : (body.next_cursor ?? 0),
  };
}

function permitSummary(row: PermitRow) {
  const text = (name: keyof typeof enumerations, value: string | null) => (value === null ? null : texts(name)[value]);
  return {
    work_reference_number: row.work_reference_number,
    permit_reference_number: row.permit_reference_number,
    promoter_swa_code: row.promoter_swa_code,
    promoter_organisation: row.promoter_name,
    highway_authority: row.authority_name,
    works_coordinates: row.works_coordinates,
    location_description: row.location_description,
    street: row.street,
    town: row.town,
    area: row.area,
    description_of_work: row.description_of_work,
    work_category: row.work_category,
    work_category_string: text('WorkCategoryResponse', row.work_category),
    traffic_management_type: row.traffic_management_type,
    traffic_management_type_string: text('TrafficManagementTypeResponse', row.traffic_management_type),
    proposed_start_date: iso(row.proposed_start_date),
    proposed_end_date: iso(row.proposed_end_date),
    status: row.status,
    status_string: text('PermitStatusResponse', row.status),
    work_status: row.work_status,
    work_status_string: text('WorkStatusResponse', row.work_status),
    deadline_date: iso(row.deadline_date),
    date_created: iso(row.date_created),
    status_changed_date: iso(row.status_changed_date),
    usrn: row.usrn,
    road_category: row.road_category,
    is_active_permit: row.is_active_permit,
    is_traffic_sensitive: row.is_traffic_sensitive,
    has_no_final_reinstatement: row.has_no_final_reinstatement,
    is_deemed: row.is_deemed,
    excavation_carried_out: row.excavation_carried_out,
    is_early_start: row.is_early_start,
    is_high_impact_traffic_management: row.is_high_impact_traffic_management,
    is_lane_rental: row.is_lane_rental,
    lane_rental_charges_not_agreed: row.lane_rental_charges_not_agreed,
    lane_rental_charges_potentially_apply: row.lane_rental_charges_potentially_apply,
    activity_type: row.activity_type,
    activity_type_string: text('ActivityTypeResponse', row.activity_type),
    assessment_status: row.assessment_status,
    assessment_status_string: text('AssessmentStatusResponse', row.assessment_status),
    proposed_start_time: iso(row.proposed_start_time),
    proposed_end_time: iso(row.proposed_end_time),
    actual_start_date: iso(row.actual_start_date),
    actual_end_date: iso(row.actual_end_date),
    permit_conditions: row.permit_conditions.map((condition) => ({
      condition: condition.condition,
      condition_string: text('PermitConditionTypeResponse', condition.condition),
      comment: condition.comment ?? null,
    })),
    lane_rental_assessment_outcome: row.lane_rental_assessment_outcome,
    lane_rental_assessment_outcome_string: text(
      'LaneRentalAssessmentOutcomeResponse',
      row.lane_rental_assessment_outcome,
    ),
    paa_to_pa_deadline_date: iso(row.paa_to_pa_deadline_date),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const caller = await callerOf(request);
  if (caller === undefined)
    return send(response, 401, { message: 'The token is unknown or revoked.', error: { status: 401 } });
  if (request.method === 'GET' && url.pathname === '/v7/works/updates')
    return send(response, 200, await poll(caller, url.searchParams));
  if (request.method === 'POST' && url.pathname === '/v7/permits/search') {
    // Unvalidated, as the baseline takes the benchmark's requests: the body is a PermitSearchRequest.
    return send(response, 200, await search(caller, JSON.parse(await readBody(request)) as PermitSearchRequest));
  }
  send(response, 404, { message: 'No route.', error: { status: 404 } });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const server = createServer((request, response) => {
  answer(request, response).catch((error: unknown) =>
    send(response, 500, { message: String(error), error: { status: 500 } }),
  );
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
