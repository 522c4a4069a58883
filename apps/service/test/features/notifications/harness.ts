/**
 * The service with notifications on a real loopback socket, a delivery worker on the same
 * database, and a receiver whose answers each test sets. The worker's clock can be moved
 * forward (for the 48-hour expiry); its retry schedule is fast. Its attempt time limit is long:
 * a receiver in the test's own process answers late whenever that process stalls (a loaded runner,
 * an embedded database's query), and an attempt timed out after the receiver got it is sent again,
 * as at-least-once delivery must. Tests that count what arrived mean no such repeat.
 */
import { createHash } from 'node:crypto';
import type { ErrorResponse, GetSubscriptionsResponse, SubscriptionCreateResponse } from '@street-events/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { addContract } from '../../../src/events/contracts.js';
import { createUser } from '../../../src/directory/users.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import { issueToken } from '../../../src/directory/tokens.js';
import type { Database } from '../../../src/db/database.js';
import { deliveries, subscriptionCoverage, subscriptions, type UserRole } from '../../../src/db/schema.js';
import { createEndpointPolicy, type EndpointPolicy } from '../../../src/deliveries/attempts/endpoint-policy.js';
import type { Resolver } from '../../../src/deliveries/attempts/guarded-lookup.js';
import type { RetryPolicy } from '../../../src/deliveries/attempts/retry-schedule.js';
import { startWorker, type DeliveryWorker, type WorkerOptions } from '../../../src/deliveries/worker.js';
import { subscriptionUpkeep } from '../../../src/features/notifications/upkeep.js';
import type { AppOptions } from '../../../src/app.js';
import type { TestDatabase } from '../../support/databases.js';
import { contractor, promoter } from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';

let userSequence = 0;
export async function tokenFor(db: Database, organisation: Organisation, role: UserRole): Promise<string> {
  const user = await createUser(db, {
    username: `notify-user-${++userSequence}`,
    role,
    organisation: organisation.name,
  });
  return (await issueToken(db, user.username)).token;
}

export const loopbackPolicy = createEndpointPolicy(['127.0.0.0/8']);

/** Tries again three times quickly (the last after 1.5 s, which also caps Retry-After), then dead-letters. */
export const fastRetries: RetryPolicy = { schedule: [0, 50, 100, 1500], jitter: { kind: 'full' }, random: () => 1 };

/** The service's notification operations and routes over `db`. */
export async function startNotificationService(
  db: Database,
  options: {
    policy?: EndpointPolicy;
    resolve?: Resolver;
    publicBaseUrl?: () => string;
    subscriptionChanges?: { max: number; windowMs: number };
    receiverCheck?: AppOptions['receiverCheck'];
  } = {},
): Promise<RunningService> {
  let baseUrl = '';
  const service = await startService({
    db,
    notifications: {
      policy: options.policy ?? loopbackPolicy,
      resolve: options.resolve,
      publicBaseUrl: options.publicBaseUrl ?? (() => baseUrl),
      subscriptionChanges: options.subscriptionChanges,
    },
    receiverCheck: options.receiverCheck,
  });
  baseUrl = service.baseUrl;
  return service;
}

export interface MovableWorker extends DeliveryWorker {
  /** Moves the worker's clock by `ms` from now on. */
  advance(ms: number): void;
}

export async function startTestWorker(
  database: TestDatabase,
  overrides: Partial<WorkerOptions> = {},
): Promise<MovableWorker> {
  let offset = 0;
  const worker = await startWorker({
    db: database.db,
    subscriptions: subscriptionUpkeep(database.db),
    listen: database.listen,
    policy: loopbackPolicy,
    retryPolicy: fastRetries,
    attemptTimeoutMs: 30_000,
    pollIntervalMs: 100,
    expiryIntervalMs: 100,
    clock: () => new Date(Date.now() + offset),
    ...overrides,
  });
  return Object.assign(worker, { advance: (ms: number) => void (offset += ms) });
}

/** Waits until `list()` holds exactly `count` items, and returns them. */
export function arrived<T>(count: number, list: () => T[], timeoutMs?: number): Promise<T[]> {
  return vi.waitFor(
    () => {
      const items = list();
      expect(items).toHaveLength(count);
      return items;
    },
    { timeout: timeoutMs ?? 10_000, interval: 25 },
  );
}

/** The confirmation token of a subscription, read from its queued confirmation message. */
export async function confirmationTokenOf(db: Database, reference: string): Promise<string> {
  const [row] = await db
    .select({ body: deliveries.body, hash: subscriptions.confirmationTokenHash })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(eq(subscriptions.reference, reference));
  const token = (JSON.parse(row?.body ?? '{}') as { Token?: string }).Token ?? '';
  expect(createHash('sha256').update(token).digest('hex')).toBe(row?.hash);
  return token;
}

/** Confirms a subscription as its receiver would, by a GET of the confirmation URL. */
export async function confirm(service: RunningService, token: string): Promise<Response> {
  return fetch(`${service.baseUrl}/api-notifications/confirm?token=${encodeURIComponent(token)}`);
}

/** An endpoint the loopback policy allows; nothing listens there. */
export const endpoint = 'http://127.0.0.1:9/hook';

/**
 * A notification service for the tests of the enclosing block (started before them, closed after
 * them), and the requests an organisation's users make of it.
 */
export function subscriberSession(database: TestDatabase) {
  let running: RunningService | undefined;
  beforeAll(async () => {
    running = await startNotificationService(database.db);
  });
  afterAll(() => running?.close());
  const service = () => running!;

  /** A subscribe request; `Body` is `ErrorResponse` where the test expects it refused. */
  const subscribeAs = <Body = SubscriptionCreateResponse>(token: string, body: object = { api_endpoint: endpoint }) =>
    service().request<Body>('POST', '/api-notifications/subscribe', { token, body });
  /** An unsubscribe request: it answers 204 without a body, or an error body. */
  const unsubscribeAs = (token: string, body: object = {}) =>
    service().request<ErrorResponse>('POST', '/api-notifications/unsubscribe', { token, body });
  const listAs = (token: string) =>
    service().request<GetSubscriptionsResponse[]>('GET', '/api-notifications/subscriptions', { token });

  async function plannerOfNewPromoter() {
    const owner = await promoter(database.db);
    return { owner, token: await tokenFor(database.db, owner, 'Planner') };
  }

  /** A contractor holding active contracts with two new promoters, and a Contractor token of it. */
  async function contractorOfTwoPromoters() {
    const first = await promoter(database.db);
    const second = await promoter(database.db);
    const firm = await contractor(database.db);
    for (const contracted of [first, second])
      await addContract(database.db, { contractor: firm.name, promoter: contracted.name });
    return { first, second, firm, token: await tokenFor(database.db, firm, 'Contractor') };
  }

  async function subscribeAndConfirm(token: string): Promise<string> {
    const created = await subscribeAs(token);
    expect(created.status).toBe(200);
    const reference = created.body.subscription_reference_number;
    expect((await confirm(service(), await confirmationTokenOf(database.db, reference))).status).toBe(200);
    return reference;
  }

  /** The organisations a subscription covers, by id. */
  async function coverageOf(reference: string): Promise<number[]> {
    const rows = await database.db
      .select({ id: subscriptionCoverage.organisationId })
      .from(subscriptionCoverage)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCoverage.subscriptionId))
      .where(eq(subscriptions.reference, reference));
    return rows.map((row) => row.id).sort();
  }

  return {
    service,
    subscribeAs,
    unsubscribeAs,
    listAs,
    plannerOfNewPromoter,
    contractorOfTwoPromoters,
    subscribeAndConfirm,
    coverageOf,
  };
}
