/// <reference types="node" />
/**
 * `@street-events/client/testing`: a fake of the event interface for your own tests, on a random
 * loopback port (Node only). It follows the documented semantics a poller and a searcher rely on:
 * the polling cursor (`next_update` is the update_id of the last row returned, `update_id` returns
 * ids above it, a replacement cursor for a stale one), permit search (the bounds of
 * `work_reference_numbers` and `page_size` are the document's, `next_cursor` the position of the
 * last permit, the page short when exhausted), the webhook keys and the confirmation URL (answered as the document says). Failures
 * (any status with headers, a dropped connection, a slow answer) can be queued for the next
 * requests, to prove that your code retries, backs off and resumes. It serves under `/v7` and
 * `/v7/event` alike.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parameterConstraints, propertyConstraints } from '@street-events/types';
import type {
  ErrorResponse,
  GetSubscriptionsResponse,
  PermitSearchRequest,
  PermitSummaryResponse,
  SubscriptionConfirmedResponse,
  WorkUpdateSummary,
} from './index.js';

/** The reference a confirmation names when the fake holds no subscription. */
export const fakeSubscriptionReference = 'SUB-00000000000000000000000000';

const { page_size: pageSizeBounds, work_reference_numbers: referenceBounds } = propertyConstraints.PermitSearchRequest;

export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request arrived, in milliseconds since the epoch. */
  receivedAt: number;
}

export type Failure =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Close the connection without answering. */
  | 'drop'
  /** Answer normally after this long. */
  | { delayMs: number }
  /** Send the status and headers at once, and the body after this long. */
  | { bodyDelayMs: number };

export interface FakeEventsServiceOptions {
  /** The rows of the feed, in ascending update_id. */
  updates?: WorkUpdateSummary[];
  /** Replacement cursors: a stale `update_id` → the `next_update` answered when it finds no rows. */
  staleCursors?: Map<number, number>;
  permits?: PermitSummaryResponse[];
  /** Served at `/.well-known/webhook-keys`. */
  webhookKeys?: unknown[];
}

/** What the fake answers from; change it at any time. */
export interface FakeEventsState {
  updates: WorkUpdateSummary[];
  staleCursors: Map<number, number>;
  /**
   * Update ids one poll reads past its cursor at most, as the service's `POLL_SCAN_UPDATES`: a
   * page not filled within them ends there, with `next_update` to continue from. None when undefined.
   */
  scanUpdates?: number;
  permits: PermitSummaryResponse[];
  webhookKeys: unknown[];
  subscriptions: GetSubscriptionsResponse[];
}

/** Starts the fake on 127.0.0.1 and a random port; `close()` it when done. Point a client at `baseUrl`. */
export async function startFakeEventsService(options: FakeEventsServiceOptions = {}) {
  const state: FakeEventsState = {
    updates: options.updates ?? [],
    staleCursors: options.staleCursors ?? new Map<number, number>(),
    permits: options.permits ?? [],
    webhookKeys: options.webhookKeys ?? [],
    subscriptions: [],
  };
  const requests: ReceivedRequest[] = [];
  const failures: Failure[] = [];
  const confirmedTokens: string[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = receivedRequest(request, Buffer.concat(chunks).toString('utf8'));
      requests.push(received);
      void answer(response, failures.shift(), () => route(state, confirmedTokens, received), `req-${requests.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    baseUrl: `http://127.0.0.1:${port}/v7`,
    state,
    requests,
    confirmedTokens,
    /** The requests to a path (without the /v7 or /v7/event prefix). */
    requestsTo(path: string): ReceivedRequest[] {
      return requests.filter((request) => [`/v7${path}`, `/v7/event${path}`, path].includes(request.url.pathname));
    },
    /** The next requests fail, one failure each, in order. */
    failNext(...next: Failure[]): void {
      failures.push(...next);
    },
    reset(): void {
      requests.length = 0;
      failures.length = 0;
      confirmedTokens.length = 0;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function receivedRequest(request: IncomingMessage, body: string): ReceivedRequest {
  return {
    method: request.method ?? '',
    url: new URL(request.url ?? '/', 'http://127.0.0.1'),
    headers: request.headers,
    body,
    receivedAt: Date.now(),
  };
}

/** Answers a request: as its failure says, if one was queued, otherwise as `routed` says. */
async function answer(
  response: ServerResponse,
  failure: Failure | undefined,
  routed: () => [number, unknown?],
  requestId: string,
): Promise<void> {
  if (failure === 'drop') return void response.socket?.destroy();
  if (failure && 'delayMs' in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
  else if (failure && 'status' in failure) {
    return send(response, failure.status, failure.body ?? errorBody(failure.status), failure.headers);
  }
  const [status, body] = routed();
  const headers = { 'x-request-id': requestId };
  if (failure && 'bodyDelayMs' in failure) return sendBodyLate(response, status, body, headers, failure.bodyDelayMs);
  send(response, status, body, headers);
}

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  if (body === undefined) response.writeHead(status, headers).end();
  else response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function sendBodyLate(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  delayMs: number,
): Promise<void> {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).flushHeaders();
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (!response.destroyed) response.end(JSON.stringify(body));
}

function route(
  state: FakeEventsState,
  confirmedTokens: string[],
  { method, url, body }: ReceivedRequest,
): [number, unknown?] {
  const path = url.pathname.replace(/^\/v7\/event\//, '/v7/');
  if (method === 'GET' && path === '/v7/works/updates') return poll(state, url.searchParams);
  if (method === 'POST' && path === '/v7/permits/search')
    return search(state, JSON.parse(body || '{}') as PermitSearchRequest);
  if (method === 'GET' && path === '/v7/api-notifications/subscriptions') return [200, state.subscriptions];
  if (method === 'GET' && path === '/.well-known/webhook-keys') return [200, { keys: state.webhookKeys }];
  if (method === 'GET' && path === '/v7/api-notifications/confirm') {
    confirmedTokens.push(url.searchParams.get('token') ?? '');
    const [subscription] = state.subscriptions;
    return [
      200,
      {
        subscription_reference_number: subscription?.subscription_reference_number ?? fakeSubscriptionReference,
        status: 'confirmed',
      } satisfies SubscriptionConfirmedResponse,
    ];
  }
  return [404, errorBody(404)];
}

function poll(state: FakeEventsState, query: URLSearchParams): [number, unknown] {
  const pageSize = Number(query.get('page_size') ?? parameterConstraints.getWorkUpdates.page_size.default);
  const after = query.get('update_id');
  const startDate = query.get('start_date');
  const prefixes = query.getAll('workstream_prefix');
  const bound = state.scanUpdates === undefined ? Infinity : Number(after ?? 0) + state.scanUpdates;
  const found = state.updates.filter(
    (row) =>
      (after === null || row.update_id > Number(after)) &&
      row.update_id <= bound &&
      (startDate === null || row.update_date_time >= startDate) &&
      (prefixes.length === 0 || prefixes.some((prefix) => row.work_reference_number.slice(6, 9) === prefix)),
  );
  const rows = found.slice(0, pageSize);
  if (found.length > pageSize) return [200, { rows, next_update: rows.at(-1)!.update_id }];
  if (state.updates.some((row) => row.update_id > bound)) return [200, { rows, next_update: bound }];
  if (rows.length > 0 || after === null) return [200, { rows, next_update: null }];
  const replacement = state.staleCursors.get(Number(after));
  return [200, replacement === undefined ? { rows } : { rows, next_update: replacement }];
}

function search(state: FakeEventsState, request: PermitSearchRequest): [number, unknown] {
  const references = request.work_reference_numbers;
  const pageSize = request.page_size ?? pageSizeBounds.default;
  if (!Number.isInteger(pageSize) || pageSize < pageSizeBounds.minimum || pageSize > pageSizeBounds.maximum) {
    return [400, errorBody(400, 'page_size')];
  }
  if (references && (references.length > referenceBounds.maxItems || new Set(references).size !== references.length)) {
    return [400, errorBody(400, 'work_reference_numbers')];
  }
  const visible = state.permits.filter((permit) => !references || references.includes(permit.work_reference_number));
  const start = request.next_cursor ?? 0;
  const rows = visible.slice(start, start + pageSize);
  return [200, { rows, next_cursor: rows.length > 0 ? start + rows.length : start }];
}

export type FakeEventsService = Awaited<ReturnType<typeof startFakeEventsService>>;

function errorBody(status: number, field?: string): ErrorResponse {
  return {
    message: field ? `${field} is not valid` : `failed with ${status}`,
    error: {
      status,
      code:
        status === 429
          ? 'rate_limited'
          : status >= 500
            ? 'internal_error'
            : status === 400
              ? 'validation_failed'
              : 'not_found',
      request_id: `body-req-${status}`,
      ...(field ? { details: [{ location: 'body' as const, field, rule: 'invalid', message: 'is not valid' }] } : {}),
    },
  };
}

/** A feed row with the given update_id, about work `NW7001<workstream>…`. */
export function updateRow(updateId: number, workstream = '001'): WorkUpdateSummary {
  return {
    work_reference_number: `NW7001${workstream}${String(updateId).padStart(7, '0')}`,
    update_date_time: new Date(Date.UTC(2026, 10, 1) + updateId * 60_000).toISOString(),
    update_id: updateId,
    event_type: 'permit_submitted',
    event_type_string: 'Permit submitted',
    object_type: 'permit',
    object_type_string: 'Permit',
  };
}

/** A permit summary of work `reference`. */
export function permitSummary(reference: string): PermitSummaryResponse {
  return {
    work_reference_number: reference,
    permit_reference_number: `${reference}-01`,
    promoter_swa_code: '7001',
    promoter_organisation: 'Northern Water',
    highway_authority: 'Leeds City Council',
    works_coordinates: { type: 'Point', coordinates: [430000, 433000] },
    location_description: 'Outside 12',
    street: 'High Street',
    town: 'Leeds',
    area: 'West Yorkshire',
    description_of_work: 'Replace valve',
    work_category: 'standard',
    work_category_string: 'Standard',
    traffic_management_type: 'lane_closure',
    traffic_management_type_string: 'Lane closure',
    proposed_start_date: '2026-12-01T00:00:00.000Z',
    proposed_end_date: '2026-12-05T00:00:00.000Z',
    status: 'submitted',
    status_string: 'Submitted',
    work_status: 'planned',
    work_status_string: 'Planned',
    deadline_date: '2026-11-28T00:00:00.000Z',
    date_created: '2026-11-20T00:00:00.000Z',
    status_changed_date: '2026-11-20T00:00:00.000Z',
    usrn: 1000001,
    road_category: 3,
    is_active_permit: true,
    is_traffic_sensitive: false,
    has_no_final_reinstatement: false,
    is_deemed: false,
    excavation_carried_out: false,
    is_early_start: false,
    is_high_impact_traffic_management: false,
    is_lane_rental: false,
    lane_rental_charges_not_agreed: false,
    lane_rental_charges_potentially_apply: false,
    activity_type: 'utility_repair_and_maintenance_works',
    activity_type_string: 'Utility repair and maintenance works',
  };
}
