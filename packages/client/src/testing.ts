/// <reference types="node" />
/**
 * `@street-events/client/testing`: a fake of the event interface for your own tests, on a random
 * loopback port (Node only). It follows the documented semantics a poller and a searcher rely on:
 * the polling cursor (`next_update` is the update_id of the last row returned, `update_id` returns
 * ids above it, a replacement cursor for a stale one), permit search (`next_cursor` the position
 * of the last permit, the page short when exhausted). It subscribes (one subscription, which a new
 * one replaces), unsubscribes, lists the subscription, and answers the webhook keys and the
 * confirmation URL. Every request is checked against the schemas the bundled OpenAPI document
 * gives its operation's query parameters and body (fake-document.ts), and one that breaks them is
 * answered `400` naming each broken field and rule, as the service answers it. Every answer has
 * the type the document gives it, and every value the document defines comes from
 * `@street-events/types` or the document itself. Failures (any status with headers, a dropped
 * connection, a slow answer) can be queued for the next requests, to prove that your code
 * retries, backs off and resumes. It serves under `/v7/event` (its `baseUrl`) and the deprecated `/v7` alike.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enumerations, parameterConstraints, propertyConstraints, type operations } from '@street-events/types';
import { documentedOperation, listedDetailsLimit, loadDocument, type DocumentedOperation } from './fake-document.js';
import type {
  ErrorCode,
  ErrorResponse,
  PermitSummaryResponse,
  SubscriptionConfirmedResponse,
  ValidationErrorDetail,
  WebhookKeySet,
  WorkUpdateSummary,
} from './index.js';

/** The reference a confirmation names when the fake holds no subscription. */
export const fakeSubscriptionReference = 'SUB-00000000000000000000000000';

/** The bodies of the fake's answers: those the document gives the 200 answer of each operation. */
type PollPage = operations['getWorkUpdates']['responses'][200]['content']['application/json'];
type SearchPage = operations['searchPermits']['responses'][200]['content']['application/json'];
type Subscribed = operations['subscribe']['responses'][200]['content']['application/json'];
type Subscriptions = operations['getSubscriptions']['responses'][200]['content']['application/json'];

/** An answer: its status and body (none for a 204), or the error body of a refusal. */
type Answer<Body> = [status: 200, body: Body] | [status: 204] | Refusal;
type Refusal = [status: number, body: ErrorResponse];

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
  updates?: PollPage['rows'];
  /** Replacement cursors: a stale `update_id` → the `next_update` answered when it finds no rows. */
  staleCursors?: Map<number, number>;
  permits?: SearchPage['rows'];
  /** Served at `/.well-known/webhook-keys`. */
  webhookKeys?: WebhookKeySet['keys'];
}

/** What the fake answers from; change it at any time. */
export interface FakeEventsState {
  updates: PollPage['rows'];
  staleCursors: Map<number, number>;
  /**
   * Update ids one poll reads past its cursor at most, as the service's `POLL_SCAN_UPDATES`: a
   * page not filled within them ends there, with `next_update` to continue from. None when undefined.
   */
  scanUpdates?: number;
  permits: SearchPage['rows'];
  webhookKeys: WebhookKeySet['keys'];
  /** The organisation's subscription, if any: subscribing replaces it, unsubscribing removes it. */
  subscriptions: Subscriptions;
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

  // The document is read before the first request: a fake that cannot read it does not start.
  loadDocument();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = receivedRequest(request, Buffer.concat(chunks).toString('utf8'));
      requests.push(received);
      void answer(
        response,
        failures.shift(),
        () => route({ state, confirmedTokens }, received),
        `req-${requests.length}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    baseUrl: `http://127.0.0.1:${port}/v7/event`,
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
  routed: () => Answer<unknown>,
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

/** What the fake routes a request with: its state and the confirmation tokens it received. */
interface Fake {
  state: FakeEventsState;
  confirmedTokens: string[];
}

/** The operations the fake serves, by operationId: where each is served comes from the document. */
type Served =
  | 'getWorkUpdates'
  | 'searchPermits'
  | 'subscribe'
  | 'unsubscribe'
  | 'getSubscriptions'
  | 'fetchWebhookKeys'
  | 'followSubscribeUrl';

/**
 * A request as its operation's checks left it: the query parameters read as the types the
 * document gives them (numbers, lists), its defaults filled in, and the JSON body.
 */
interface Checked<Id extends Served> {
  query: NonNullable<operations[Id]['parameters']['query']>;
  body: operations[Id] extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : undefined;
}

/** The answer of each operation the fake serves, to a request its checks passed. */
const handlers: { [Id in Served]: (fake: Fake, request: Checked<Id>) => Answer<unknown> } = {
  getWorkUpdates: ({ state }, { query }) => poll(state, query),
  searchPermits: ({ state }, { body }) => search(state, body),
  subscribe: ({ state }, { body }) => subscribe(state, body),
  unsubscribe: ({ state }, { body }) => unsubscribe(state, body),
  getSubscriptions: ({ state }): Answer<Subscriptions> => [200, state.subscriptions],
  fetchWebhookKeys: ({ state }): Answer<WebhookKeySet> => [200, { keys: state.webhookKeys }],
  followSubscribeUrl: confirm,
};

/** The base path of the fake, under which the document's paths are served. */
const basePath = '/v7/event';

type ServedOperation = DocumentedOperation & { operationId: Served };

/** The operation the fake serves at a request's method and path, if any. */
function servedOperation({ method, url }: ReceivedRequest): ServedOperation | undefined {
  // The deprecated base path `/v7` is an alias of `/v7/event`, as on the service.
  const path = url.pathname.replace(/^\/v7\/(?!event\/)/, `${basePath}/`);
  const operation = path.startsWith(`${basePath}/`)
    ? documentedOperation(method, path.slice(basePath.length), 'base path')
    : documentedOperation(method, path, 'root');
  return operation && Object.hasOwn(handlers, operation.operationId) ? (operation as ServedOperation) : undefined;
}

function route(fake: Fake, request: ReceivedRequest): Answer<unknown> {
  const operation = servedOperation(request);
  if (operation === undefined) return [404, errorBody(404)];
  const checked = operation.check(request.url.searchParams, request.body);
  if (checked.details) return [400, errorBody(400, checked.details)];
  // The checks passed, so the request has the types the document gives the operation's.
  const handle = handlers[operation.operationId] as (fake: Fake, request: Checked<Served>) => Answer<unknown>;
  return handle(fake, checked as Checked<Served>);
}

type PollQuery = Checked<'getWorkUpdates'>['query'];

function poll(state: FakeEventsState, query: PollQuery): Answer<PollPage> {
  const pageSize = query.page_size ?? parameterConstraints.getWorkUpdates.page_size.default;
  const after = query.update_id;
  const { start_date: startDate, workstream_prefix: prefixes = [] } = query;
  const bound = state.scanUpdates === undefined ? Infinity : (after ?? 0) + state.scanUpdates;
  const found = state.updates.filter(
    (row) =>
      (after === undefined || row.update_id > after) &&
      row.update_id <= bound &&
      (startDate === undefined || row.update_date_time >= startDate) &&
      (prefixes.length === 0 || prefixes.some((prefix) => row.work_reference_number.slice(6, 9) === prefix)),
  );
  const rows = found.slice(0, pageSize);
  if (found.length > pageSize) return [200, { rows, next_update: rows.at(-1)!.update_id }];
  if (state.updates.some((row) => row.update_id > bound)) return [200, { rows, next_update: bound }];
  if (rows.length > 0 || after === undefined) return [200, { rows, next_update: null }];
  const replacement = state.staleCursors.get(after);
  return [200, replacement === undefined ? { rows } : { rows, next_update: replacement }];
}

function search(state: FakeEventsState, request: Checked<'searchPermits'>['body']): Answer<SearchPage> {
  const references = request.work_reference_numbers;
  const pageSize = request.page_size ?? propertyConstraints.PermitSearchRequest.page_size.default;
  const visible = state.permits.filter((permit) => !references || references.includes(permit.work_reference_number));
  const start = request.next_cursor ?? 0;
  const rows = visible.slice(start, start + pageSize);
  return [200, { rows, next_cursor: rows.length > 0 ? start + rows.length : start }];
}

/** An organisation has one subscription: a new one replaces it. */
function subscribe(state: FakeEventsState, request: Checked<'subscribe'>['body']): Answer<Subscribed> {
  const subscription_reference_number = `SUB-${randomBytes(13).toString('hex').toUpperCase()}`;
  state.subscriptions = [
    {
      subscription_reference_number,
      subscription_description: request.subscription_description ?? '',
      subscription_url: request.api_endpoint,
    },
  ];
  return [200, { subscription_reference_number }];
}

/** Removes the subscription named, or the organisation's when none is. */
function unsubscribe(state: FakeEventsState, request: Checked<'unsubscribe'>['body']): Answer<never> {
  const reference = request.subscription_reference_number;
  const kept = state.subscriptions.filter(
    (subscription) => reference !== undefined && subscription.subscription_reference_number !== reference,
  );
  if (kept.length === state.subscriptions.length) return [404, errorBody(404)];
  state.subscriptions = kept;
  return [204];
}

/** The confirmation link: records its token and confirms the organisation's subscription. */
function confirm(
  { state, confirmedTokens }: Fake,
  { query }: Checked<'followSubscribeUrl'>,
): Answer<SubscriptionConfirmedResponse> {
  confirmedTokens.push(query.token ?? '');
  const [subscription] = state.subscriptions;
  return [
    200,
    {
      subscription_reference_number: subscription?.subscription_reference_number ?? fakeSubscriptionReference,
      status: 'confirmed',
    },
  ];
}

export type FakeEventsService = Awaited<ReturnType<typeof startFakeEventsService>>;

/**
 * The document's error code of `status` (its `x-enumStatuses`); for a status with none, that of
 * 500 or of 400, as the service does.
 */
function errorCode(status: number): ErrorCode {
  const codes = Object.entries(enumerations.ErrorCode.statuses) as [ErrorCode, number][];
  const of = (wanted: number) => codes.find(([, given]) => given === wanted)?.[0];
  return of(status) ?? of(status >= 500 ? 500 : 400)!;
}

/**
 * The error body of `status`; for a request that broke the document's schemas, the broken
 * constraints as its `details` (as many as the document lets it list; `details_omitted` counts
 * the rest), summed up in its message as the service sums them up.
 */
function errorBody(status: number, details: readonly ValidationErrorDetail[] = []): ErrorResponse {
  const listed = details.slice(0, listedDetailsLimit());
  const summary = details
    .slice(0, 3)
    .map((detail) => `${detail.field || detail.location} ${detail.message}`)
    .join('; ');
  const more = details.length > 3 ? `; and ${details.length - 3} more` : '';
  return {
    message: details.length > 0 ? `Validation failed: ${summary}${more}.` : `failed with ${status}`,
    error: {
      status,
      code: errorCode(status),
      request_id: `body-req-${status}`,
      ...(listed.length > 0 ? { details: listed } : {}),
      ...(details.length > listed.length ? { details_omitted: details.length - listed.length } : {}),
    },
  };
}

/**
 * The first value an enumeration of the document lists and its text: the values of the sample
 * rows, so that they are the document's.
 */
function firstOf<Value extends string>({ values, texts }: { values: readonly Value[]; texts: Record<Value, string> }) {
  const value = values[0]!;
  return { value, text: texts[value] };
}

/** A feed row with the given update_id, about work `NW7001<workstream>…`. */
export function updateRow(updateId: number, workstream = '001'): WorkUpdateSummary {
  const event = firstOf(enumerations.AuditEventType);
  const object = firstOf(enumerations.AuditObjectTypeResponse);
  return {
    work_reference_number: `NW7001${workstream}${String(updateId).padStart(7, '0')}`,
    update_date_time: new Date(Date.UTC(2026, 10, 1) + updateId * 60_000).toISOString(),
    update_id: updateId,
    event_type: event.value,
    event_type_string: event.text,
    object_type: object.value,
    object_type_string: object.text,
  };
}

/** A permit summary of work `reference`. */
export function permitSummary(reference: string): PermitSummaryResponse {
  const category = firstOf(enumerations.WorkCategoryResponse);
  const trafficManagement = firstOf(enumerations.TrafficManagementTypeResponse);
  const status = firstOf(enumerations.PermitStatusResponse);
  const workStatus = firstOf(enumerations.WorkStatusResponse);
  const activity = firstOf(enumerations.ActivityTypeResponse);
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
    work_category: category.value,
    work_category_string: category.text,
    traffic_management_type: trafficManagement.value,
    traffic_management_type_string: trafficManagement.text,
    proposed_start_date: '2026-12-01T00:00:00.000Z',
    proposed_end_date: '2026-12-05T00:00:00.000Z',
    status: status.value,
    status_string: status.text,
    work_status: workStatus.value,
    work_status_string: workStatus.text,
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
    activity_type: activity.value,
    activity_type_string: activity.text,
  };
}
