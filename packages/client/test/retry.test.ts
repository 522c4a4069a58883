import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventsClient, type RetryEvent, type RetryOptions } from '../src/index.js';
import { startFakeEventsService, type FakeEventsService } from '../src/testing.js';

let service: FakeEventsService;

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

function client(retry: RetryOptions | false = {}, more: { timeoutMs?: number | false; baseUrl?: string } = {}) {
  return createEventsClient({
    baseUrl: more.baseUrl ?? service.baseUrl,
    token: 'tok',
    retry: retry && { baseDelayMs: 1, ...retry },
    timeoutMs: more.timeoutMs,
  });
}
const poll = (events = client()) => events.GET('/works/updates');
const attempts = (path: string) => service.requestsTo(path).length;

describe('retries of reads (GET, and POST /permits/search)', () => {
  it.each([408, 429, 500, 502, 503, 504])('a GET answered %s is retried', async (status) => {
    service.failNext({ status });
    const { data, response } = await poll();

    expect(response.status).toBe(200);
    expect(data).toEqual({ rows: [], next_update: null });
    expect(attempts('/works/updates')).toBe(2);
  });

  it.each([400, 401, 403, 404, 409])('a GET answered %s is not retried', async (status) => {
    service.failNext({ status });
    const { error, response } = await poll();

    expect(response.status).toBe(status);
    expect(error?.error.status).toBe(status);
    expect(attempts('/works/updates')).toBe(1);
  });

  it('a GET whose connection drops before the answer is retried', async () => {
    service.failNext('drop');
    const { response } = await poll();

    expect(response.status).toBe(200);
    expect(attempts('/works/updates')).toBe(2);
  });

  it('a permit search answered 503 is retried with the same body', async () => {
    service.failNext({ status: 503 });
    const { response } = await client().POST('/permits/search', {
      body: { work_reference_numbers: ['NW7001001000001'] },
    });

    expect(response.status).toBe(200);
    const bodies = service.requestsTo('/permits/search').map((request) => request.body);
    expect(bodies).toEqual([bodies[0], bodies[0]]);
    expect(JSON.parse(bodies[0]!)).toEqual({ work_reference_numbers: ['NW7001001000001'] });
  });
});

describe('retries of subscribe and unsubscribe, which change state', () => {
  const subscribe = (events = client()) =>
    events.POST('/api-notifications/subscribe', { body: { api_endpoint: 'https://hooks.example/street-works' } });

  it.each([500, 502, 503, 504, 408])(
    'a subscribe answered %s is not retried: the service may have acted on it',
    async (status) => {
      service.failNext({ status });
      const { response } = await subscribe();

      expect(response.status).toBe(status);
      expect(attempts('/api-notifications/subscribe')).toBe(1);
    },
  );

  it('a subscribe whose connection drops after it was sent is not retried', async () => {
    service.failNext('drop');
    await expect(subscribe()).rejects.toThrow();
    expect(attempts('/api-notifications/subscribe')).toBe(1);
  });

  it('an unsubscribe answered 429 is retried: the service refused it before acting', async () => {
    service.failNext({ status: 429, headers: { 'retry-after': '0' } });
    await client().POST('/api-notifications/unsubscribe', { body: {} });

    expect(attempts('/api-notifications/unsubscribe')).toBe(2);
  });

  it('a subscribe whose connection is refused is retried, and reaches the service once it listens', async () => {
    // A port nothing listens on, until the first retry is announced.
    const late = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"subscription_reference_number":"SUB-1"}'),
      );
    });
    const port = await freePort();
    const events = client(
      {
        baseDelayMs: 50,
        onRetry: () => void late.listen(port, '127.0.0.1'),
      },
      { baseUrl: `http://127.0.0.1:${port}/v7` },
    );
    try {
      const { data } = await subscribe(events);
      expect(data).toEqual({ subscription_reference_number: 'SUB-1' });
    } finally {
      late.close();
    }
  });
});

describe('backoff', () => {
  it('waits the seconds of Retry-After', async () => {
    const delays: number[] = [];
    service.failNext({ status: 429, headers: { 'retry-after': '1' } });
    await poll(client({ onRetry: (retry) => void delays.push(retry.delayMs) }));

    expect(delays).toEqual([1000]);
    const [first, second] = service.requests.map((request) => request.receivedAt);
    expect(second! - first!).toBeGreaterThanOrEqual(990);
  });

  it('waits until the HTTP date of Retry-After', async () => {
    const delays: number[] = [];
    const at = new Date(Date.now() + 2500);
    service.failNext({ status: 503, headers: { 'retry-after': at.toUTCString() } });
    await poll(client({ onRetry: (retry) => void delays.push(retry.delayMs) }));

    // The HTTP date has whole seconds: the retry is made at that second, not before.
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeLessThanOrEqual(2500);
    expect(service.requests.at(-1)!.receivedAt).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000 - 10);
  });

  it('returns the answer at once when Retry-After asks for longer than maxDelayMs', async () => {
    service.failNext({ status: 429, headers: { 'retry-after': '3600' } });
    const { response } = await poll(client({ maxDelayMs: 5_000 }));

    expect(response.status).toBe(429);
    expect(attempts('/works/updates')).toBe(1);
  });

  it('draws each wait between 0 and base × 2^(attempt − 1), capped at maxDelayMs (full jitter)', async () => {
    const retries: RetryEvent[] = [];
    service.failNext(...Array.from({ length: 5 }, () => ({ status: 500 })));
    await poll(
      client({ maxAttempts: 6, baseDelayMs: 8, maxDelayMs: 20, onRetry: (retry) => void retries.push(retry) }),
    );

    expect(retries.map((retry) => retry.attempt)).toEqual([1, 2, 3, 4, 5]);
    retries.forEach((retry) => {
      expect(retry.delayMs).toBeGreaterThanOrEqual(0);
      expect(retry.delayMs).toBeLessThanOrEqual(Math.min(20, 8 * 2 ** (retry.attempt - 1)));
      expect(retry.response?.status).toBe(500);
    });
  });

  it('makes at most maxAttempts attempts, then returns the last answer', async () => {
    service.failNext(...Array.from({ length: 5 }, () => ({ status: 502 })));
    const { response } = await poll(client({ maxAttempts: 3 }));

    expect(response.status).toBe(502);
    expect(attempts('/works/updates')).toBe(3);
  });

  it('with retry: false, makes one attempt', async () => {
    service.failNext({ status: 503 });
    const { response } = await poll(client(false));

    expect(response.status).toBe(503);
    expect(attempts('/works/updates')).toBe(1);
  });
});

describe("time-outs and the caller's signal", () => {
  it('an attempt slower than timeoutMs is abandoned and retried', async () => {
    service.failNext({ delayMs: 3_000 });
    const { response } = await poll(client({}, { timeoutMs: 300 }));

    expect(response.status).toBe(200);
    expect(attempts('/works/updates')).toBe(2);
  });

  it("the last attempt's time-out rejects with a TimeoutError", async () => {
    service.failNext({ delayMs: 3_000 });
    await expect(poll(client({ maxAttempts: 1 }, { timeoutMs: 300 }))).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it("the caller's abort stops the waits between attempts at once", async () => {
    service.failNext({ status: 503, headers: { 'retry-after': '20' } });
    const controller = new AbortController();
    const call = client({ maxDelayMs: 60_000, onRetry: () => controller.abort() }).GET('/works/updates', {
      signal: controller.signal,
    });

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(attempts('/works/updates')).toBe(1);
  });

  it('a body that stalls past timeoutMs is a time-out of the attempt, retried', async () => {
    service.failNext({ bodyDelayMs: 3_000 });
    const { data } = await poll(client({}, { timeoutMs: 300 }));

    expect(data).toEqual({ rows: [], next_update: null });
    expect(attempts('/works/updates')).toBe(2);
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
