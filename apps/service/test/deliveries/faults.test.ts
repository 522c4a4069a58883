/**
 * Faults during delivery, with the service as it is deployed: `node dist/cli/main.js serve` in a
 * process of its own (fast retries, loopback allowed), a receiver on a loopback port, and
 * events recorded through the event source by this process.
 *
 * - The service killed (SIGKILL) in the middle of a burst, then started again: every due
 *   notification arrives; a message sent again carries the same `webhook-id` and body.
 * - The receiver down (connection refused, then 503s), then back: everything arrives, in
 *   update_id order per work, and nothing is dead-lettered.
 * - PostgreSQL crashing and coming back during delivery (a private cluster, never the shared
 *   server): the service recovers by itself, re-establishes its LISTEN connection, and loses
 *   nothing.
 *
 * On PostgreSQL events are recorded while the service runs (and while it is down); PGlite has
 * one process per data directory, so there the burst is recorded before the service starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../src/directory/organisations.js';
import {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseConfig,
  type DatabaseHandle,
} from '../../src/db/database.js';
import { auditEvents, deliveries, subscriptions } from '../../src/db/schema.js';
import { transitionPermit } from '../../src/events/permits.js';
import { confirmSubscription } from '../../src/features/notifications/confirmation.js';
import { subscribe } from '../../src/features/notifications/subscribe.js';
import { startReceiver, type Receiver, type ReceivedRequest } from './receiver.js';
import { createServerDatabase } from '../support/databases.js';
import { callerOf, highwayAuthority, promoter, work } from '../support/fixtures.js';
import { createPrivatePostgres, freePort, type PrivatePostgres } from '../support/private-postgres.js';
import { assertBuilt, startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { confirmationTokenOf, loopbackPolicy } from '../features/notifications/harness.js';
import { topicArnOf } from '../../src/deliveries/messages/messages.js';

/** Fast retries that outlast any outage of these tests (100 attempts about 200 ms apart), a short attempt limit. */
const serviceEnv = {
  WEBHOOK_ALLOW: '127.0.0.0/8',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_RETRY_SCHEDULE: ['0', ...Array<string>(100).fill('200ms')].join(','),
  WORKER_POLL_MS: '200',
};

/** A claim held by a killed process is taken again once its lease (attempt limit + 30 s) has passed. */
const afterLeaseMs = 90_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Subscriber {
  owner: Organisation;
  authority: Organisation;
  reference: string;
}

/** A promoter with a confirmed subscription to `endpoint` (its confirmation message still queued). */
async function confirmedSubscriber(db: Database, endpoint: string): Promise<Subscriber> {
  const owner = await promoter(db);
  const authority = await highwayAuthority(db);
  const caller = await callerOf(db, owner, 'Planner');
  const { subscription_reference_number: reference } = await subscribe(
    db,
    caller,
    { api_endpoint: endpoint },
    {
      policy: loopbackPolicy,
      publicBaseUrl: () => 'http://127.0.0.1:1/v7',
    },
  );
  await confirmSubscription(db, await confirmationTokenOf(db, reference));
  return { owner, authority, reference };
}

/** `count` works of the subscriber's, each with four events: submitted, granted, started, stopped. */
async function recordWorks(db: Database, { owner, authority }: Subscriber, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const { permitReferenceNumber } = await work(db, owner, authority);
    for (const eventType of ['permit_granted', 'work_start_logged', 'work_stop_logged'] as const) {
      await transitionPermit(db, { permitReferenceNumber, eventType });
    }
  }
}

/** The update_ids the subscriber is due: every event of its works. */
async function dueUpdateIds(db: Database, { owner }: Subscriber): Promise<number[]> {
  const rows = await db
    .select({ updateId: auditEvents.updateId })
    .from(auditEvents)
    .where(and(eq(auditEvents.promoterOrgId, owner.id), isNotNull(auditEvents.workId)));
  return rows.map((row) => Number(row.updateId)).sort((a, b) => a - b);
}

/** How many of the subscription's deliveries are left in the outbox, by status (a delivered one leaves it). */
async function deliveryStatuses(db: Database, { reference }: Subscriber): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select d.status, count(*)::int as n from ${deliveries} d join ${subscriptions} s on s.id = d.subscription_id
        where s.reference = ${reference} group by d.status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

interface Notified {
  request: ReceivedRequest;
  updateId: number;
  work: string;
}

/** The notifications of one subscription among `requests`, in arrival order. */
function notificationsOf(requests: readonly ReceivedRequest[], { reference }: Subscriber): Notified[] {
  return requests.flatMap((request) => {
    const message = JSON.parse(request.body) as { Type: string; TopicArn: string; Message: string };
    if (message.Type !== 'Notification' || message.TopicArn !== topicArnOf(reference)) return [];
    const payload = JSON.parse(message.Message) as { update_id: number; work_reference_number: string };
    return [{ request, updateId: payload.update_id, work: payload.work_reference_number }];
  });
}

const distinctUpdateIds = (notified: readonly Notified[]) =>
  [...new Set(notified.map((got) => got.updateId))].sort((a, b) => a - b);

/**
 * Every message sent more than once repeats its first sending's `webhook-id` and body (the
 * attempt's timestamp and signature are its own). Returns how many were repeats.
 */
function expectRepeatsIdentical(notified: readonly Notified[]): number {
  const first = new Map<number, ReceivedRequest>();
  let repeats = 0;
  for (const { updateId, request } of notified) {
    const earlier = first.get(updateId);
    if (!earlier) {
      first.set(updateId, request);
      continue;
    }
    repeats += 1;
    expect(request.headers['webhook-id']).toBe(earlier.headers['webhook-id']);
    expect(request.body).toBe(earlier.body);
  }
  return repeats;
}

/** A backend the service process and this process can both reach. */
interface Backend {
  kind: 'postgres' | 'pglite';
  /** The global options that point the CLI at the database. */
  args: string[];
  config: DatabaseConfig;
  /** PostgreSQL: both processes at once. PGlite: one process at a time, so only while the service is stopped. */
  concurrent: boolean;
  cleanUp(): Promise<void> | void;
}

async function createBackend(kind: Backend['kind']): Promise<Backend> {
  if (kind === 'postgres') {
    const created = await createServerDatabase();
    return {
      kind,
      args: ['--database-url', created.url],
      config: { kind, url: created.url },
      concurrent: true,
      cleanUp: created.drop,
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'street-events-faults-'));
  return {
    kind,
    args: ['--data-dir', directory],
    config: { kind, dataDir: directory },
    concurrent: false,
    cleanUp: () => rmSync(directory, { recursive: true, force: true }),
  };
}

beforeAll(() => assertBuilt());

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`delivery faults with the service as a process [${kind}]`, { timeout: 180_000 }, () => {
    let backend: Backend;
    let handle: DatabaseHandle | undefined;
    let receiver: Receiver | undefined;
    let service: ServiceProcess | undefined;

    /** Opens the database in this process (PGlite: closes it again before the service starts). */
    async function database(): Promise<Database> {
      if (!handle) {
        handle = await openDatabase(backend.config);
        await handle.migrate();
      }
      return handle.db;
    }
    async function startService(): Promise<ServiceProcess> {
      if (!backend.concurrent) {
        await handle?.close();
        handle = undefined;
      }
      service = await startServiceProcess(backend.args, serviceEnv);
      return service;
    }

    beforeAll(async () => {
      backend = await createBackend(kind);
    }, 60_000);
    afterEach(async () => {
      await service?.kill();
      service = undefined;
      await receiver?.close();
      receiver = undefined;
    });
    afterAll(async () => {
      await handle?.close();
      await backend?.cleanUp();
    }, 60_000);

    it('a service killed in the middle of a burst delivers every notification once restarted; a message sent again repeats its webhook-id and body', async () => {
      const got = (receiver = await startReceiver());
      const subscriber = await confirmedSubscriber(await database(), got.url);
      // The first ten notifications are answered; later ones are held unanswered (each attempt times out) until the kill.
      let holding = true;
      got.answer = (request) =>
        holding &&
        notificationsOf(got.received, subscriber).length > 10 &&
        notificationsOf([request], subscriber).length > 0
          ? { status: 200, delayMs: 120_000 }
          : { status: 200 };
      if (!backend.concurrent) await recordWorks(await database(), subscriber, 16);
      const due = backend.concurrent ? undefined : await dueUpdateIds(await database(), subscriber);

      const first = await startService();
      if (backend.concurrent) await recordWorks(await database(), subscriber, 8);
      await vi.waitFor(() => expect(notificationsOf(got.received, subscriber).length).toBeGreaterThan(10), {
        timeout: 60_000,
        interval: 25,
      });
      expect(await first.kill()).toBe('SIGKILL');
      holding = false;
      const beforeRestart = distinctUpdateIds(notificationsOf(got.received, subscriber)).length;

      if (backend.concurrent) await recordWorks(await database(), subscriber, 8);
      const expected = due ?? (await dueUpdateIds(await database(), subscriber));
      expect(beforeRestart).toBeLessThan(expected.length);
      const second = await startService();
      await vi.waitFor(() => expect(distinctUpdateIds(notificationsOf(got.received, subscriber))).toEqual(expected), {
        timeout: afterLeaseMs,
        interval: 25,
      });

      // The held messages reached the receiver before the kill and were sent again after it.
      expect(expectRepeatsIdentical(notificationsOf(got.received, subscriber))).toBeGreaterThan(0);
      expect(await second.stop()).toBe(0);
      expect(await deliveryStatuses(await database(), subscriber)).toEqual({});
    });

    it('a receiver that refuses connections, then answers 503, then comes back gets everything, in update_id order per work', async () => {
      const port = await freePort();
      const subscriber = await confirmedSubscriber(await database(), `http://127.0.0.1:${port}/hook`);
      if (!backend.concurrent) await recordWorks(await database(), subscriber, 8);
      const due = backend.concurrent ? undefined : await dueUpdateIds(await database(), subscriber);

      const running = await startService();
      if (backend.concurrent) {
        await recordWorks(await database(), subscriber, 8);
        await vi.waitFor(
          async () => {
            const [refused] = await queryRows<{ n: number }>(
              await database(),
              sql`select count(*)::int as n from ${deliveries} where last_error like 'connection failed%'`,
            );
            expect(Number(refused?.n)).toBeGreaterThan(0);
          },
          { timeout: 30_000, interval: 25 },
        );
      } else {
        await pause(2000); // attempts meanwhile find the port closed
      }

      const back = (receiver = await startReceiver(port));
      back.answer = { status: 503 };
      await vi.waitFor(() => expect(notificationsOf(back.received, subscriber).length).toBeGreaterThanOrEqual(16), {
        timeout: 30_000,
        interval: 25,
      });
      const answeredOk = new Set<ReceivedRequest>();
      back.answer = (request) => {
        answeredOk.add(request);
        return { status: 200 };
      };
      const expected = due ?? (await dueUpdateIds(await database(), subscriber));
      const delivered = () => notificationsOf(back.received, subscriber).filter((got) => answeredOk.has(got.request));
      await vi.waitFor(() => expect(distinctUpdateIds(delivered())).toEqual(expected), {
        timeout: 60_000,
        interval: 25,
      });

      const works = new Set(delivered().map((got) => got.work));
      expect(works.size).toBe(8);
      for (const reference of works) {
        const inOrder = (list: Notified[]) => list.filter((got) => got.work === reference).map((got) => got.updateId);
        // Delivered in update_id order; and no attempt, failed or not, ever went back to a lower one.
        expect(inOrder(delivered())).toEqual([...inOrder(delivered())].sort((a, b) => a - b));
        const attempts = inOrder(notificationsOf(back.received, subscriber));
        expect(attempts).toEqual([...attempts].sort((a, b) => a - b));
      }
      expectRepeatsIdentical(notificationsOf(back.received, subscriber));
      expect(await running.stop()).toBe(0);
      expect(await deliveryStatuses(await database(), subscriber)).toEqual({});
    });
  });
}

describe('delivery while PostgreSQL crashes and restarts [private postgres cluster]', { timeout: 240_000 }, () => {
  let cluster: PrivatePostgres | undefined;
  let handle: DatabaseHandle | undefined;
  let receiver: Receiver | undefined;
  let service: ServiceProcess | undefined;
  beforeAll(async () => {
    cluster = await createPrivatePostgres();
    handle = await openDatabase({ kind: 'postgres', url: cluster.url, maxConnections: 4 });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await service?.kill();
    await receiver?.close();
    await handle?.close();
    await cluster?.destroy();
  }, 60_000);

  it('the service survives, listens again and delivers every notification, without a restart of its own', async () => {
    const db = handle!.db;
    const got = (receiver = await startReceiver());
    const subscriber = await confirmedSubscriber(db, got.url);
    // After ten notifications, answers take 1.5 s (within the attempt limit) while the database goes
    // down: the outcomes cannot be recorded until it is back.
    let holding = true;
    got.answer = () =>
      holding && notificationsOf(got.received, subscriber).length > 10
        ? { status: 200, delayMs: 1500 }
        : { status: 200 };
    // Polling once a minute: only the LISTEN connection, re-established, can wake the worker in time.
    service = await startServiceProcess(['--database-url', cluster!.url], {
      ...serviceEnv,
      WEBHOOK_TIMEOUT_MS: '5000',
      WORKER_POLL_MS: '60000',
    });

    await recordWorks(db, subscriber, 8);
    await vi.waitFor(() => expect(notificationsOf(got.received, subscriber).length).toBeGreaterThan(10), {
      timeout: 60_000,
      interval: 25,
    });
    await cluster!.stop('immediate');
    await pause(3000);
    await cluster!.start();
    holding = false;
    await vi.waitFor(() => expect(service!.output()).toContain('LISTEN connection re-established'), {
      timeout: 60_000,
      interval: 25,
    });

    await recordWorks(db, subscriber, 8);
    const expected = await dueUpdateIds(db, subscriber);
    await vi.waitFor(() => expect(distinctUpdateIds(notificationsOf(got.received, subscriber))).toEqual(expected), {
      timeout: afterLeaseMs,
      interval: 25,
    });
    await vi.waitFor(async () => expect(await deliveryStatuses(db, subscriber)).toEqual({}), {
      timeout: 60_000,
      interval: 25,
    });
    // The outcomes answered during the outage were recorded once it ended, not left to a lease
    // that would have sent those messages again.
    expect(expectRepeatsIdentical(notificationsOf(got.received, subscriber))).toBe(0);
    expect(service.child.exitCode).toBeNull();
    expect(await service.stop()).toBe(0);
    service = undefined;
  });
});
