/**
 * Rate limits (`RATE_LIMIT_MAX` requests per `RATE_LIMIT_WINDOW_MS`): a caller past the limit
 * gets 429 with `Retry-After` and the error body; each user counts alone, after authentication;
 * a request that does not authenticate counts under its client address, so made-up tokens get
 * no bucket of their own and reset no one's count; the confirmation link counts under its address;
 * a service started from the configuration limits callers unless told not to. On both
 * databases: the caller is known only once its token is looked up.
 */
import type { ErrorResponse } from '@street-events/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { RateLimit } from '../../src/app.js';
import { addressKey, defaultRateLimit } from '../../src/http/rate-limits.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createEndpointPolicy } from '../../src/deliveries/attempts/endpoint-policy.js';
import { configFromEnv } from '../../src/config.js';
import { describeEachDatabase, serverHandleOf } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';

const window: RateLimit = { max: 3, windowMs: 60_000 };

describe('the client address a request counts under', () => {
  const keyOf = (ip: string) => addressKey({ ip } as FastifyRequest);

  it('is the IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(keyOf('::ffff:192.0.2.7')).toBe(keyOf('192.0.2.7'));
    expect(keyOf('192.0.2.7')).not.toBe(keyOf('192.0.2.8'));
  });

  it('is the /64 network of an IPv6 address', () => {
    expect(keyOf('2001:db8:1:2::1')).toBe(keyOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(keyOf('2001:db8:1:2::1')).not.toBe(keyOf('2001:db8:1:3::1'));
  });
});

describeEachDatabase('rate limits', (database) => {
  let limited: RunningService;
  let unlimited: RunningService;
  const tokens: string[] = [];
  /** A poll; `Body` is `ErrorResponse` where the test reads the refusal. */
  const poll = <Body = unknown>(service: RunningService, token: string | undefined, headers?: Record<string, string>) =>
    service.request<Body>('GET', '/works/updates', { token, headers });

  beforeAll(async () => {
    const owner = await promoter(database.db);
    for (let i = 0; i < 5; i++) tokens.push(await tokenFor(database.db, owner, 'Planner'));
    limited = await startService({ db: database.db, rateLimit: window });
    unlimited = await startService({ db: database.db });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
    await unlimited?.close();
  });

  it('a caller under the limit is answered as usual, with no rate-limit headers', async () => {
    const token = tokens[0]!;
    for (let i = 0; i < window.max; i++) {
      const response = await poll(limited, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('retry-after')).toBeNull();
      expect([...response.headers.keys()].filter((name) => name.includes('ratelimit'))).toEqual([]);
    }
  });

  it('a caller over the limit gets 429 with Retry-After in seconds and the error body', async () => {
    const token = tokens[1]!;
    for (let i = 0; i < window.max; i++) expect((await poll(limited, token)).status).toBe(200);
    const response = await poll(limited, token, { 'x-request-id': 'limit-check-1' });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window.windowMs / 1000);
    expect(response.headers.get('x-request-id')).toBe('limit-check-1');
    expect(response.body).toEqual({
      message: `Too many requests. Retry after ${retryAfter} seconds.`,
      error: { status: 429, code: 'rate_limited', request_id: 'limit-check-1' },
    });
  });

  it('another token keeps its own budget', async () => {
    const [spent, fresh] = [tokens[2]!, tokens[3]!];
    for (let i = 0; i <= window.max; i++) await poll(limited, spent);
    expect((await poll(limited, spent)).status).toBe(429);
    expect((await poll(limited, fresh)).status).toBe(200);
  });

  it('every operation of the document counts toward the same budget', async () => {
    const token = tokens[4]!;
    for (let i = 0; i < window.max; i++) expect((await poll(limited, token)).status).toBe(200);
    const response = await limited.request('POST', '/permits/search', { token, body: {} });
    expect(response.status).toBe(429);
  });

  it('requests without a token count under their client address', async () => {
    for (let i = 0; i < window.max; i++) expect((await poll(limited, undefined)).status).toBe(401);
    const response = await poll<ErrorResponse>(limited, undefined);
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe('rate_limited');
  });

  describe('tokens that do not authenticate', () => {
    let service: RunningService;
    let owner: Awaited<ReturnType<typeof promoter>>;
    beforeAll(async () => {
      owner = await promoter(database.db);
    });
    beforeEach(async () => {
      service = await startService({ db: database.db, rateLimit: window });
    });
    afterEach(() => service?.close());

    it('made-up tokens share their address’s budget, not a bucket each: past it they are 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= window.max; i++) statuses.push((await poll(service, `se_made_up_${i}`)).status);
      expect(statuses).toEqual([...Array<number>(window.max).fill(401), 429]);
    });

    it('made-up tokens do not reset the count of a caller past its limit', async () => {
      const token = await tokenFor(database.db, owner, 'Planner');
      for (let i = 0; i < window.max; i++) expect((await poll(service, token)).status).toBe(200);
      expect((await poll(service, token)).status).toBe(429);
      for (let i = 0; i < 50; i++) await poll(service, `se_made_up_${i}`);
      expect((await poll(service, token)).status).toBe(429);
    });

    it('a caller at an address past its limit is still answered: its requests count under its user', async () => {
      for (let i = 0; i <= window.max; i++) await poll(service, 'se_made_up');
      expect((await poll(service, 'se_made_up')).status).toBe(429);
      expect((await poll(service, await tokenFor(database.db, owner, 'Planner'))).status).toBe(200);
    });

    it('a caller’s requests do not spend its address’s budget', async () => {
      const token = await tokenFor(database.db, owner, 'Planner');
      for (let i = 0; i <= window.max; i++) await poll(service, token);
      expect((await poll(service, undefined)).status).toBe(401);
    });
  });

  it('the health check is not limited', async () => {
    const origin = new URL(limited.baseUrl).origin;
    for (let i = 0; i <= window.max + 1; i++) expect((await fetch(`${origin}/health`)).status).toBe(200);
  });

  it('an app built without a limit limits nothing', async () => {
    const token = tokens[0]!;
    for (let i = 0; i < window.max * 3; i++) expect((await poll(unlimited, token)).status).toBe(200);
  });

  it('the confirmation link counts under its client address: past the limit, 429', async () => {
    const links = await startService({
      db: database.db,
      rateLimit: window,
      notifications: { policy: createEndpointPolicy([]), publicBaseUrl: () => 'http://127.0.0.1:1/v7/event' },
    });
    try {
      const confirm = () => links.request('GET', '/api-notifications/confirm', { query: { token: 'guessed' } });
      for (let i = 0; i < window.max; i++) expect((await confirm()).status).toBe(404);
      expect((await confirm()).status).toBe(429);
    } finally {
      await links.close();
    }
  });

  describe('a service started from the configuration, as serve starts it', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(
        { ...configFromEnv({ LOG_LEVEL: 'silent', DELIVERY_WORKER: 'off' }), port: 0 },
        serverHandleOf(database),
      );
    });
    afterAll(() => server?.close());

    it(`limits each caller to ${defaultRateLimit.max} requests a minute when no limit is set`, async () => {
      const url = `${server.baseUrl}/works/updates`;
      const statuses: number[] = [];
      for (let sent = 0; sent <= defaultRateLimit.max; sent += 50) {
        const batch = Math.min(50, defaultRateLimit.max + 1 - sent);
        statuses.push(...(await Promise.all(Array.from({ length: batch }, () => fetch(url).then((r) => r.status)))));
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(defaultRateLimit.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    });
  });
});
