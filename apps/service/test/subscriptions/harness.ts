/**
 * The service with notifications on a real loopback socket, a delivery worker on the same
 * database, and a receiver whose answers each test sets. The worker's clock can be moved
 * forward (for the 48-hour expiry); its retry schedule is fast. Its attempt time limit is long:
 * a receiver in the test's own process answers late whenever that process stalls (a loaded runner,
 * an embedded database's query), and an attempt timed out after the receiver got it is sent again,
 * as at-least-once delivery must. Tests that count what arrived mean no such repeat.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { createUser } from '../../src/admin/users.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { issueToken } from '../../src/auth/tokens.js';
import type { Database } from '../../src/db/database.js';
import { deliveries, subscriptions, type UserRole } from '../../src/db/schema.js';
import { createEndpointPolicy, type EndpointPolicy } from '../../src/deliveries/attempts/endpoint-policy.js';
import type { Resolver } from '../../src/deliveries/attempts/guarded-lookup.js';
import type { RetryPolicy } from '../../src/deliveries/attempts/retry-schedule.js';
import { startWorker, type DeliveryWorker, type WorkerOptions } from '../../src/deliveries/worker.js';
import { subscriptionUpkeep } from '../../src/subscriptions/subscriptions.js';
import type { TestDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';

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
