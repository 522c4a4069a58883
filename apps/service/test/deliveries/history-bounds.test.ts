/**
 * The delivery history within bounds, over HTTP with an organisation's own tokens:
 *
 * - replays: a message is replayed at most `replays_per_message_per_hour` times an hour, an
 *   organisation's callers at most `replays_per_organisation_per_hour` messages (the Operator
 *   aside), counted in the database so that two instances on one database share the count;
 *   past it `429` with `Retry-After` and the error body;
 * - a message's attempts: the page shows a count and the newest few; `listMessageAttempts` pages
 *   through the rest, each attempt once; a replay prunes the log to the newest attempts;
 * - cursors: anything but a cursor the service gave is `400` naming the parameter, never a 5xx.
 *
 * Attempts are written to the log directly (as a worker would record them) where a test needs
 * many; the replay loop runs against a real worker and receiver.
 */
import type { SubscriptionCreateResponse } from '@street-events/types';
import { operationLimits, propertyConstraints, type components } from '@street-events/types/operator';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '../../src/db/database.js';
import { subscriptions } from '../../src/db/schema.js';
import { attemptsKept } from '../../src/deliveries/queue/replay-bounds.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { highwayAuthority, promoter, tokenFor, work } from '../support/fixtures.js';
import { startService, type RunningService, type TestResponse } from '../support/http.js';
import {
  confirm,
  confirmationTokenOf,
  endpoint,
  loopbackPolicy,
  startTestWorker,
} from '../features/notifications/harness.js';
import { startReceiverBySubscription, type Receiver } from './receiver.js';

type Schemas = components['schemas'];
const limits = operationLimits.replayMessage;
const shown = propertyConstraints.InternalMessage.attempts.maxItems;

/** A service on `database` with these replay bounds (the document's by default). */
async function serviceOn(database: TestDatabase, replayBounds?: { perMessage: number; perOrganisation: number }) {
  let baseUrl = '';
  const service = await startService({
    db: database.db,
    listen: database.listen,
    notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl, replayBounds },
  });
  baseUrl = service.baseUrl;
  return service;
}

/** A new promoter whose planner subscribes `apiEndpoint`: the planner's token, the subscription's reference and id. */
async function tenant(service: RunningService, db: Database, apiEndpoint = endpoint) {
  const owner = await promoter(db);
  const token = await tokenFor(db, owner, 'Planner');
  return { owner, token, ...(await subscribe(service, db, token, apiEndpoint)) };
}

/** The caller's organisation subscribes `apiEndpoint`; answers the subscription's reference and id. */
async function subscribe(service: RunningService, db: Database, token: string, apiEndpoint: string) {
  const response = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
    token,
    body: { api_endpoint: apiEndpoint },
  });
  const reference = response.body.subscription_reference_number;
  expect((await confirm(service, await confirmationTokenOf(db, reference))).status).toBe(200);
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference));
  return { reference, id: row!.id };
}

/** Writes `count` delivered attempts of a notification to the log, as a worker records them; answers the message id. */
async function logAttempts(db: Database, subscriptionId: number, count: number, message = randomMessageId()) {
  await db.execute(sql`
    insert into delivery_attempts (subscription_id, message_id, kind, ordering_key, message_created_at, attempted_at,
      endpoint, response_status, latency_ms, response_excerpt, request_headers, request_body, outcome)
    select ${subscriptionId}, ${message}, 'notification', 'organisation:0', now(), now() + n * interval '1 ms',
      ${endpoint}, 200, 5, 'ok', '{"content-type": "application/json"}', repeat('x', 1500), 'delivered'
    from generate_series(1, ${count}) as n`);
  return message;
}

const randomMessageId = () => `msg_${crypto.randomUUID().replaceAll('-', '')}`;

/** Expects the documented refusal of a replay past a bound. */
function expectThrottled(response: TestResponse<unknown>) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(response.body).toMatchObject({ error: { status: 429, code: 'rate_limited' } });
}

describeEachDatabase('the delivery history within bounds', (database) => {
  const db = () => database.db;
  let service: RunningService;
  let operator: string;
  const replay = (token: string, message: string, on = service) =>
    on.internalRequest('POST', `/messages/${message}/replay`, { token });

  beforeAll(async () => {
    service = await serviceOn(database);
    operator = await tokenFor(db(), await highwayAuthority(db()), 'Operator');
  }, 60_000);
  afterAll(() => service?.close());

  describe('replays', () => {
    let receiver: Receiver;
    let worker: Awaited<ReturnType<typeof startTestWorker>>;
    beforeAll(async () => {
      receiver = await startReceiverBySubscription(new Map());
      worker = await startTestWorker(database);
    });
    afterAll(async () => {
      await worker?.stop();
      await receiver?.close();
    });

    it("throttles a tenant's replay loop of one delivered message: 429 with Retry-After past the hour's bound", async () => {
      const { owner, token, reference } = await tenant(service, db(), receiver.url);
      await work(db(), owner, await highwayAuthority(db()));
      const delivered = await vi.waitFor(
        async () => {
          const page = await service.internalRequest<Schemas['InternalMessagePage']>(
            'GET',
            `/subscriptions/${reference}/messages`,
            { token },
          );
          const message = page.body.messages.find((m) => m.kind === 'notification' && m.state === 'delivered');
          expect(message).toBeDefined();
          return message!;
        },
        { timeout: 15_000, interval: 50 },
      );
      let accepted = 0;
      for (;;) {
        const response = await replay(token, delivered.message_id);
        if (response.status === 202) accepted += 1;
        else if (response.status === 409) await new Promise((resolve) => setTimeout(resolve, 25));
        else {
          expectThrottled(response);
          break;
        }
      }
      expect(accepted).toBe(limits.replays_per_message_per_hour);
    });
  });

  it("bounds an organisation's replays of distinct messages, but not the Operator's", async () => {
    const bounded = await serviceOn(database, { perMessage: 0, perOrganisation: 3 });
    try {
      const { id, token } = await tenant(bounded, db());
      const messages = await Promise.all([1, 2, 3, 4].map(() => logAttempts(db(), id, 1)));
      for (const message of messages.slice(0, 3)) expect((await replay(token, message, bounded)).status).toBe(202);
      expectThrottled(await replay(token, messages[3]!, bounded));
      expect((await replay(operator, messages[3]!, bounded)).status).toBe(202);
    } finally {
      await bounded.close();
    }
  });

  it('counts replays across two instances on one database as one', async () => {
    const bounds = { perMessage: 0, perOrganisation: 4 };
    const [first, second] = await Promise.all([serviceOn(database, bounds), serviceOn(database, bounds)]);
    try {
      const { id, token } = await tenant(first, db());
      const messages = await Promise.all([1, 2, 3, 4, 5, 6].map(() => logAttempts(db(), id, 1)));
      const answers = await Promise.all(
        messages.map((message, index) => replay(token, message, index % 2 === 0 ? first : second)),
      );
      expect(answers.filter((answer) => answer.status === 202)).toHaveLength(bounds.perOrganisation);
      answers.filter((answer) => answer.status !== 202).forEach(expectThrottled);
    } finally {
      await Promise.all([first?.close(), second?.close()]);
    }
  });

  it('prunes a replayed message to its newest attempts in the log', async () => {
    const { id } = await tenant(service, db());
    const message = await logAttempts(db(), id, attemptsKept * 3);
    expect((await replay(operator, message)).status).toBe(202);
    const [row] = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from delivery_attempts where message_id = ${message}`,
    );
    expect(row!.count).toBe(attemptsKept);
  });

  describe("a message's attempts", () => {
    const total = shown * 4 + 3;
    let reference: string;
    let message: string;
    let planner: string;
    beforeAll(async () => {
      const subscription = await tenant(service, db());
      ({ reference, token: planner } = subscription);
      message = await logAttempts(db(), subscription.id, total);
    });

    it('shows the count and the newest attempts on the page of messages, with a cursor for the rest', async () => {
      const page = await service.internalRequest<Schemas['InternalMessagePage']>(
        'GET',
        `/subscriptions/${reference}/messages`,
        { token: planner },
      );
      const listed = page.body.messages.find((m) => m.message_id === message)!;
      expect(listed.attempt_count).toBe(total);
      expect(listed.attempts).toHaveLength(shown);
      expect(listed.attempts_cursor).not.toBeNull();
    });

    it('pages through every attempt once, newest first', async () => {
      const seen: string[] = [];
      let before: string | undefined;
      do {
        const page = await service.internalRequest<Schemas['InternalAttemptPage']>(
          'GET',
          `/subscriptions/${reference}/messages/${message}/attempts`,
          { token: planner, query: { limit: 7, ...(before ? { before } : {}) } },
        );
        expect(page.status).toBe(200);
        seen.push(...page.body.attempts.map((attempt) => attempt.attempted_at));
        before = page.body.next_cursor ?? undefined;
      } while (before !== undefined);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect([...seen].sort().reverse()).toEqual(seen);
    });

    it("answers another organisation's caller as for an unknown message: 404", async () => {
      const outsider = await tokenFor(db(), await promoter(db()), 'Planner');
      const path = `/subscriptions/${reference}/messages/${message}/attempts`;
      expect((await service.internalRequest('GET', path, { token: outsider })).status).toBe(404);
      const unknown = `/subscriptions/${reference}/messages/${randomMessageId()}/attempts`;
      expect((await service.internalRequest('GET', unknown, { token: planner })).status).toBe(404);
    });
  });

  describe('cursors', () => {
    let reference: string;
    let message: string;
    let planner: string;
    beforeAll(async () => {
      const subscription = await tenant(service, db());
      ({ reference, token: planner } = subscription);
      message = await logAttempts(db(), subscription.id, 2);
    });
    const listings = () => [
      { path: `/subscriptions/${reference}/messages`, parameter: 'before' },
      { path: `/subscriptions/${reference}/messages/${message}/attempts`, parameter: 'before' },
      { path: '/dead-letters', parameter: 'after' },
    ];
    const encoded = (text: string) => Buffer.from(text).toString('base64url');

    it('answers a cursor naming a date that does not exist 400, naming the parameter', async () => {
      for (const { path, parameter } of listings()) {
        for (const cursor of [encoded('2026-02-30 00:00:00|x'), encoded('9999-99-99 00:00:00|1'), encoded('7|')]) {
          const response = await service.internalRequest('GET', path, {
            token: planner,
            query: { [parameter]: cursor },
          });
          expect(response.status, `${path} ${cursor}`).toBe(400);
          expect(response.body).toMatchObject({
            error: { status: 400, details: [{ field: parameter, rule: 'format', location: 'query' }] },
          });
        }
      }
    });

    it('answers any text as a cursor with 200 or 400, never a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), fc.nat(2), async (cursor, which) => {
          const { path, parameter } = listings()[which]!;
          const response = await service.internalRequest('GET', path, {
            token: planner,
            query: { [parameter]: cursor },
          });
          expect([200, 400]).toContain(response.status);
        }),
        { numRuns: 60 },
      );
    });
  });
});
