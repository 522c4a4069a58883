import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventsClient, DEFAULT_BASE_URL, type ErrorResponse, type WorkUpdateResponse } from '../src/index.js';
import { startRecordingServer } from './support/recording-server.js';

let server: Awaited<ReturnType<typeof startRecordingServer>>;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.replyWith({ status: 200, body: {} });
});

function client(options: { headers?: Record<string, string> } = {}) {
  return createEventsClient({ baseUrl: server.baseUrl, token: 'tok-123', ...options });
}

const updates: WorkUpdateResponse = {
  rows: [
    {
      work_reference_number: 'NW7001000123456',
      update_date_time: '2026-11-20T09:14:02.118Z',
      update_id: 1045874,
      event_type: 'permit_submitted',
      event_type_string: 'Permit submitted',
      object_type: 'permit',
      object_type_string: 'Permit',
    },
  ],
  next_update: null,
};

describe('createEventsClient', () => {
  it("defaults its base URL to the document's server, the event interface's base path on the sandbox", async () => {
    const seen: string[] = [];
    const events = createEventsClient({
      token: 'tok',
      fetch: (request) => {
        seen.push(request.url);
        return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
      },
    });
    await events.GET('/works/updates');
    expect([DEFAULT_BASE_URL, seen]).toEqual([
      'http://localhost:8080/v7/event',
      ['http://localhost:8080/v7/event/works/updates'],
    ]);
  });

  it('sends the token header on every request, GET and POST, next to the configured headers', async () => {
    const events = client({ headers: { 'x-integration': 'works-watch' } });
    await events.GET('/works/updates');
    await events.POST('/permits/search', { body: {} });
    await events.GET('/api-notifications/subscriptions', { headers: { token: 'other' } });

    expect(server.requests.map((request) => request.headers.token)).toEqual(['tok-123', 'tok-123', 'tok-123']);
    expect(server.requests[0]?.headers['x-integration']).toBe('works-watch');
  });

  it('appends paths to the base URL, keeping its version prefix', async () => {
    await client().GET('/works/updates');
    expect(server.last().url.pathname).toBe('/v7/event/works/updates');
  });

  it('serialises workstream_prefix as repeated keys (style form, explode true)', async () => {
    await client().GET('/works/updates', {
      params: { query: { workstream_prefix: ['001', '002'], page_size: 50 } },
    });

    const { rawUrl, url } = server.last();
    expect(url.searchParams.getAll('workstream_prefix')).toEqual(['001', '002']);
    expect(url.searchParams.get('page_size')).toBe('50');
    expect(rawUrl).toContain('workstream_prefix=001&workstream_prefix=002');
  });

  it('returns the parsed rows of a poll in data', async () => {
    server.replyWith({ status: 200, body: updates });
    const { data, error, response } = await client().GET('/works/updates', {
      params: { query: { update_id: 1045873 } },
    });

    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toEqual(updates);
  });

  it('sends the search body as JSON', async () => {
    server.replyWith({ status: 200, body: { rows: [], next_cursor: 0 } });
    const { data } = await client().POST('/permits/search', {
      body: { work_reference_numbers: ['NW7001000123456'], page_size: 100 },
    });

    const request = server.last();
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(request.body)).toEqual({
      work_reference_numbers: ['NW7001000123456'],
      page_size: 100,
    });
    expect(data).toEqual({ rows: [], next_cursor: 0 });
  });

  it('puts an error body in error, with the status on the response', async () => {
    const refusal: ErrorResponse = {
      message: 'page_size must be at least 100',
      error: {
        status: 400,
        code: 'validation_failed',
        request_id: 'req-7f3c2a',
        details: [{ location: 'body', field: 'page_size', rule: 'minimum', message: 'must be >= 100' }],
      },
    };
    server.replyWith({ status: 400, body: refusal });
    const { data, error, response } = await client().POST('/permits/search', { body: { page_size: 1 } });

    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toEqual(refusal);
    expect(error?.error.details?.[0]?.field).toBe('page_size');
  });

  it('gives data undefined for the 204 of unsubscribe, without throwing', async () => {
    server.replyWith({ status: 204 });
    const { data, error, response } = await client().POST('/api-notifications/unsubscribe', {
      body: { subscription_reference_number: 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y' },
    });

    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
    expect(JSON.parse(server.last().body)).toEqual({
      subscription_reference_number: 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
    });
  });

  it('sends the subscribe body and returns the reference', async () => {
    server.replyWith({ status: 200, body: { subscription_reference_number: 'SUB-1' } });
    const { data } = await client().POST('/api-notifications/subscribe', {
      body: { api_endpoint: 'https://hooks.example/street-works' },
    });

    expect(JSON.parse(server.last().body)).toEqual({ api_endpoint: 'https://hooks.example/street-works' });
    expect(data?.subscription_reference_number).toBe('SUB-1');
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const events = createEventsClient({
      baseUrl: server.baseUrl,
      token: 'tok-123',
      fetch: (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('token')}`);
        return fetch(request);
      },
    });
    await events.GET('/api-notifications/subscriptions');

    expect(seen).toEqual(['GET /v7/event/api-notifications/subscriptions tok-123']);
  });

  it('refuses an empty token', () => {
    expect(() => createEventsClient({ baseUrl: server.baseUrl, token: '' })).toThrow(TypeError);
  });
});
