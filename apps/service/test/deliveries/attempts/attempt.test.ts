/**
 * One delivery attempt against a real receiver on a loopback socket: how each answer is
 * classified, the time limits (connect, response, whole attempt), abortion, the shared
 * keep-alive agents' bounds, and that no form of endpoint reaches an address the policy
 * refuses (the receiver is on loopback, which only the allow-list opens).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attemptDelivery,
  KeepAliveAgents,
  parseRetryAfter,
  type AttemptOptions,
} from '../../../src/deliveries/attempts/attempt.js';
import { createEndpointPolicy } from '../../../src/deliveries/attempts/endpoint-policy.js';
import type { DeliveryRequest } from '../../../src/deliveries/messages/messages.js';
import { notResolving, resolvingTo } from '../fake-dns.js';
import { startReceiver, type Receiver } from '../receiver.js';
import { startTarpit, type Tarpit } from '../tarpit.js';

const request: DeliveryRequest = {
  body: '{"Type":"Notification","MessageId":"msg_1"}',
  headers: { 'content-type': 'text/plain; charset=UTF-8', 'webhook-id': 'msg_1' },
};
const loopbackAllowed = createEndpointPolicy(['127.0.0.0/8']);
const strict = createEndpointPolicy();
const now = new Date('2026-11-20T09:00:00Z');

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.answer = { status: 200 };
  receiver.received.length = 0;
});

const attempt = (endpoint = receiver.url, options: Partial<AttemptOptions> = {}) =>
  attemptDelivery(endpoint, request, { policy: loopbackAllowed, clock: () => now, ...options });

describe('answers', () => {
  it('posts the body and headers to the endpoint', async () => {
    await attempt();
    expect(receiver.received).toMatchObject([
      {
        method: 'POST',
        body: request.body,
        headers: { ...request.headers, 'content-length': String(request.body.length) },
      },
    ]);
  });

  it.each([200, 202, 204])('%i is delivered', async (status) => {
    receiver.answer = { status };
    expect(await attempt()).toMatchObject({ outcome: 'delivered', status });
  });

  it('keeps the first KiB of the answer and the time until its head', async () => {
    receiver.answer = { status: 500, body: `${'é'.repeat(300)}${'x'.repeat(2000)}`, delayMs: 60 };
    const outcome = await attempt();
    expect(outcome.responseExcerpt).toBe(`${'é'.repeat(300)}${'x'.repeat(424)}`);
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(55);
    expect(outcome.latencyMs).toBeLessThan(2000);
  });

  it('keeps a short answer whole', async () => {
    receiver.answer = { status: 200, body: 'ok\u0000done' };
    expect(await attempt()).toMatchObject({ outcome: 'delivered', responseExcerpt: 'okdone' });
  });

  it('410 is gone', async () => {
    receiver.answer = { status: 410 };
    expect(await attempt()).toMatchObject({ outcome: 'gone', status: 410, reason: 'HTTP 410 Gone' });
  });

  it.each([
    [500, 'HTTP 500 Internal Server Error'],
    [400, 'HTTP 400 Bad Request'],
    [404, 'HTTP 404 Not Found'],
    [599, 'HTTP 599'],
  ])('%i is retried', async (status, reason) => {
    receiver.answer = { status };
    expect(await attempt()).toMatchObject({ outcome: 'retry', status, retryAfterMs: null, reason });
  });

  it('429 with Retry-After in seconds is retried no sooner than asked', async () => {
    receiver.answer = { status: 429, headers: { 'retry-after': '120' } };
    expect(await attempt()).toMatchObject({
      outcome: 'retry',
      status: 429,
      retryAfterMs: 120_000,
      reason: 'HTTP 429 Too Many Requests',
    });
  });

  it('503 with Retry-After as an HTTP date is retried no sooner than that date', async () => {
    receiver.answer = { status: 503, headers: { 'retry-after': 'Fri, 20 Nov 2026 09:05:00 GMT' } };
    expect(await attempt()).toMatchObject({ outcome: 'retry', status: 503, retryAfterMs: 300_000 });
  });

  it('a redirect is a failed attempt and is not followed', async () => {
    const target = await startReceiver();
    try {
      receiver.answer = { status: 301, headers: { location: target.url } };
      expect(await attempt()).toMatchObject({
        outcome: 'retry',
        status: 301,
        retryAfterMs: null,
        reason: 'HTTP 301 Moved Permanently (redirects are not followed)',
      });
      expect(target.received).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('a redirect to a private address is not followed', async () => {
    receiver.answer = { status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } };
    expect(await attempt()).toMatchObject({ outcome: 'retry', status: 307 });
  });

  it('a long response body is cut short, not waited for', async () => {
    receiver.answer = { status: 200, body: 'x'.repeat(4 * 1024 * 1024) };
    expect(await attempt()).toMatchObject({ outcome: 'delivered', status: 200 });
  });
});

describe('failures to answer', () => {
  it('no answer within the time limit is retried', async () => {
    receiver.answer = { status: 200, delayMs: 5_000 };
    const started = Date.now();
    expect(await attempt(receiver.url, { timeoutMs: 200 })).toMatchObject({
      outcome: 'retry',
      status: null,
      retryAfterMs: null,
      reason: 'no response within 200 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  describe('an endpoint that accepts connections and never answers', () => {
    let tarpit: Tarpit;
    beforeEach(async () => {
      tarpit = await startTarpit();
    });
    afterAll(() => tarpit.close());
    const limits = { connectTimeoutMs: 60_000, responseTimeoutMs: 60_000, timeoutMs: 60_000 };

    it('fails at the response limit, before the attempt’s own', async () => {
      expect(await attempt(tarpit.url(), { ...limits, responseTimeoutMs: 200 })).toMatchObject({
        outcome: 'retry',
        reason: 'no response within 200 ms',
      });
    });

    it('over TLS, fails at the connect limit when the handshake never ends', async () => {
      expect(await attempt(tarpit.tlsUrl, { ...limits, connectTimeoutMs: 200 })).toMatchObject({
        outcome: 'retry',
        reason: 'no connection within 200 ms',
      });
    });

    it('an aborted attempt ends at once and closes its connection', async () => {
      const controller = new AbortController();
      const outcome = attempt(tarpit.url(), { ...limits, signal: controller.signal });
      await vi.waitFor(() => expect(tarpit.open).toBe(1), { timeout: 5_000, interval: 10 });
      controller.abort('the subscription was removed');
      expect(await outcome).toMatchObject({ outcome: 'retry', reason: 'aborted: the subscription was removed' });
      await vi.waitFor(() => expect(tarpit.closed).toBe(1), { timeout: 5_000, interval: 10 });
    });

    it('a shared agent opens at most its per-host connections; further attempts wait for one', async () => {
      const agents = new KeepAliveAgents({ maxSocketsPerHost: 2 });
      const controller = new AbortController();
      const options = { ...limits, agent: agents.for(tarpit.url()), signal: controller.signal };
      const outcomes = Promise.all([1, 2, 3, 4].map(() => attempt(tarpit.url(), options)));
      await vi.waitFor(() => expect(tarpit.accepted).toBe(2), { timeout: 5_000, interval: 10 });
      controller.abort('done');
      await outcomes;
      expect(tarpit.mostOpen).toBe(2);
      agents.destroy();
    });
  });

  it('a refused connection is retried', async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    expect(await attempt(`http://127.0.0.1:${port}/hook`)).toMatchObject({
      outcome: 'retry',
      status: null,
      retryAfterMs: null,
      reason: `connection failed: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
  });

  it('a name that does not resolve is retried', async () => {
    const outcome = await attempt(`http://receiver.test:${receiver.port}/hook`, { resolve: notResolving });
    expect(outcome).toMatchObject({
      outcome: 'retry',
      status: null,
      reason: 'connection failed: getaddrinfo ENOTFOUND receiver.test',
    });
  });
});

describe('refused addresses', () => {
  it('a loopback endpoint is refused without the allow-list, and nothing is sent', async () => {
    expect(await attempt(receiver.url, { policy: strict })).toMatchObject({
      outcome: 'retry',
      status: null,
      retryAfterMs: null,
      reason: 'refused endpoint: api_endpoint must be a public address: 127.0.0.1 is a loopback address',
    });
    expect(receiver.received).toEqual([]);
  });

  it.each([
    ['decimal', '2130706433'],
    ['octal', '0177.0.0.1'],
    ['hexadecimal', '0x7f.0.0.1'],
    ['short', '127.1'],
    ['IPv4-mapped', '[::ffff:127.0.0.1]'],
    ['IPv4-mapped, hexadecimal', '[::ffff:7f00:1]'],
  ])('the %s form of loopback (%s) is refused, and nothing is sent', async (_form, host) => {
    const outcome = await attempt(`http://${host}:${receiver.port}/hook`, { policy: strict });
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
    expect(outcome).toMatchObject({ outcome: 'retry', reason: expect.stringMatching(/^refused endpoint: .*loopback/) });
    expect(receiver.received).toEqual([]);
  });

  it.each([
    ['decimal', '2130706433'],
    ['short', '127.1'],
    ['IPv4-mapped', '[::ffff:127.0.0.1]'],
  ])('the %s form of loopback (%s) reaches the receiver when the allow-list opens loopback', async (_form, host) => {
    expect(await attempt(`http://${host}:${receiver.port}/hook`)).toMatchObject({ outcome: 'delivered', status: 200 });
  });

  it('a name resolving to a private address is refused, and nothing is sent', async () => {
    const outcome = await attempt(`http://receiver.test:${receiver.port}/hook`, {
      policy: strict,
      resolve: resolvingTo('127.0.0.1'),
    });
    expect(outcome).toMatchObject({
      outcome: 'retry',
      status: null,
      retryAfterMs: null,
      reason: 'refused address: receiver.test: 127.0.0.1 is a loopback address',
    });
    expect(receiver.received).toEqual([]);
  });

  it('a name is resolved once and the connection goes to the checked address', async () => {
    const resolver = resolvingTo('127.0.0.1');
    const outcome = await attempt(`http://receiver.test:${receiver.port}/hook`, { resolve: resolver });
    expect([outcome, resolver.calls, receiver.received[0]?.headers.host]).toMatchObject([
      { outcome: 'delivered', status: 200 },
      1,
      `receiver.test:${receiver.port}`,
    ]);
  });

  it('an allow-listed name may resolve to loopback', async () => {
    const policy = createEndpointPolicy(['receiver.test']);
    const outcome = await attempt(`http://receiver.test:${receiver.port}/hook`, {
      policy,
      resolve: resolvingTo('127.0.0.1'),
    });
    expect(outcome).toMatchObject({ outcome: 'delivered', status: 200 });
  });
});

describe('keep-alive agents', () => {
  it('keep nothing for a host once its connections have closed, however many hosts were reached', async () => {
    const receivers = await Promise.all([1, 2, 3, 4, 5].map(() => startReceiver()));
    const agents = new KeepAliveAgents({ maxSocketsPerHost: 4 });
    for (const { url } of receivers) {
      expect(await attempt(url, { agent: agents.for(url) })).toMatchObject({ outcome: 'delivered' });
    }
    expect(agents.hosts()).toBe(5);
    await Promise.all(receivers.map((closing) => closing.close()));
    await vi.waitFor(() => expect(agents.hosts()).toBe(0), { timeout: 5_000, interval: 10 });
    agents.destroy();
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 5 ', 5_000],
    ['Fri, 20 Nov 2026 09:01:00 GMT', 60_000],
    ['Fri, 20 Nov 2026 08:00:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    [undefined, null],
  ])('%s is %s ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
