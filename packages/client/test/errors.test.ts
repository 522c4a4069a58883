import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createEventsClient,
  EventsApiError,
  NotFoundError,
  parseRetryAfter,
  PermissionError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  unwrap,
  type ErrorResponse,
} from '../src/index.js';
import { startFakeEventsService, type FakeEventsService } from '../src/testing.js';

let service: FakeEventsService;

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const client = () => createEventsClient({ baseUrl: service.baseUrl, token: 'tok', retry: false });

async function thrown(call: Promise<unknown>): Promise<EventsApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof EventsApiError) return error;
    throw error;
  }
  throw new Error('the call did not throw');
}

const refusal: ErrorResponse = {
  message: 'page_size must be at least 100',
  error: {
    status: 400,
    code: 'validation_failed',
    request_id: 'req-in-body',
    details: [{ location: 'body', field: 'page_size', rule: 'minimum', message: 'must be >= 100' }],
  },
};

describe('EventsApiError', () => {
  it('carries the status, code, message, body and the x-request-id header of the answer', async () => {
    service.failNext({ status: 400, body: refusal, headers: { 'x-request-id': 'req-in-header' } });
    const error = await thrown(unwrap(client().POST('/permits/search', { body: { page_size: 1 } })));

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      name: 'BadRequestError',
      status: 400,
      kind: 'bad_request',
      code: 'validation_failed',
      message: 'page_size must be at least 100',
      body: refusal,
      requestId: 'req-in-header',
    });
    expect(error.body?.error.details?.[0]?.field).toBe('page_size');
    expect(error.headers.get('x-request-id')).toBe('req-in-header');
  });

  it("takes the request id from the body's error.request_id when the header is absent", async () => {
    service.failNext({ status: 400, body: refusal });
    const error = await thrown(unwrap(client().GET('/works/updates')));

    expect(error.requestId).toBe('req-in-body');
  });

  it.each([
    [400, BadRequestError, 'bad_request'],
    [401, AuthenticationError, 'authentication'],
    [403, PermissionError, 'permission'],
    [404, NotFoundError, 'not_found'],
    [408, RequestTimeoutError, 'request_timeout'],
    [409, ConflictError, 'conflict'],
    [429, RateLimitError, 'rate_limit'],
    [500, ServerError, 'server'],
    [503, ServerError, 'server'],
    [418, EventsApiError, 'other'],
  ] as const)('a %s is thrown as %O', async (status, errorClass, kind) => {
    service.failNext({ status });
    const error = await thrown(unwrap(client().GET('/works/updates')));

    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(EventsApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it('names the code http_<status> and keeps no body when the answer is not an ErrorResponse', async () => {
    service.failNext({ status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const error = await thrown(unwrap(client().GET('/works/updates')));

    expect(error).toMatchObject({ status: 502, code: 'http_502', body: undefined });
    expect(error.message).toContain('Bad gateway');
  });

  it('a RateLimitError tells how long the service asked to wait', async () => {
    service.failNext({ status: 429, headers: { 'retry-after': '7' } });
    const error = await thrown(unwrap(client().GET('/works/updates')));

    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(7000);
  });

  it('unwrap returns the data of a 2xx, and undefined for a 204', async () => {
    await expect(unwrap(client().GET('/works/updates'))).resolves.toEqual({ rows: [], next_update: null });
    service.failNext({ status: 204 });
    await expect(unwrap(client().POST('/api-notifications/unsubscribe', { body: {} }))).resolves.toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-20T09:00:00Z');
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['Fri, 20 Nov 2026 09:00:30 GMT', 30_000],
    ['Fri, 20 Nov 2026 08:59:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
  ])('reads %j as %s ms', (value, expected) => {
    expect(parseRetryAfter(new Headers({ 'retry-after': value }), now)).toBe(expected);
  });
});
