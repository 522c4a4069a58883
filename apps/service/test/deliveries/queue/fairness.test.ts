/**
 * Fair delivery between tenants, end to end: the real service over HTTP, a delivery worker with
 * few slots, a working receiver and a tarpit (accepts, never answers) on loopback. One tenant's
 * stalled endpoint or subscribe churn takes a bounded share of the worker; the others'
 * notifications are delivered beside it. A replaced subscription's attempt is aborted at once.
 * An endpoint that keeps failing is marked failing, and disabled after the set period.
 */
import type { SubscriptionCreateResponse } from '@street-events/types';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, afterAll, expect, it, vi } from 'vitest';
import { auditEvents, subscriptions } from '../../../src/db/schema.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import { topicArnOf } from '../../../src/deliveries/messages/messages.js';
import { describeEachDatabase } from '../../support/databases.js';
import { highwayAuthority, promoter, work } from '../../support/fixtures.js';
import type { RunningService } from '../../support/http.js';
import {
  arrived,
  confirm,
  confirmationTokenOf,
  startNotificationService,
  startTestWorker,
  tokenFor,
  type MovableWorker,
} from '../../features/notifications/harness.js';
import { startReceiver, type Receiver } from '../receiver.js';
import { startTarpit, type Tarpit } from '../tarpit.js';

/** Limits long enough that a tarpit holds its attempts for the whole test. */
const patient = { connectTimeoutMs: 60_000, responseTimeoutMs: 60_000, attemptTimeoutMs: 60_000 };

describeEachDatabase('fair delivery', (database) => {
  let service: RunningService;
  let receiver: Receiver;
  let tarpit: Tarpit;
  let worker: MovableWorker | undefined;
  beforeAll(async () => {
    receiver = await startReceiver();
    service = await startNotificationService(database.db);
  });
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
  });
  beforeAll(async () => {
    tarpit = await startTarpit();
  });
  afterEach(async () => {
    // Closed first, so that the attempts it holds fail at once and the worker stops promptly.
    await tarpit.close();
    await worker?.stop();
    tarpit = await startTarpit();
  });

  async function tenant(): Promise<{ owner: Organisation; authority: Organisation; token: string }> {
    const owner = await promoter(database.db);
    return {
      owner,
      authority: await highwayAuthority(database.db),
      token: await tokenFor(database.db, owner, 'Planner'),
    };
  }

  async function subscribe(token: string, endpoint: string): Promise<string> {
    const response = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token,
      body: { api_endpoint: endpoint },
    });
    expect(response.status).toBe(200);
    return response.body.subscription_reference_number;
  }

  async function subscribeConfirmed(token: string, endpoint: string): Promise<string> {
    const reference = await subscribe(token, endpoint);
    expect((await confirm(service, await confirmationTokenOf(database.db, reference))).status).toBe(200);
    return reference;
  }

  const notificationsFor = (reference: string) =>
    receiver.received.filter((request) => {
      const message = JSON.parse(request.body) as { Type?: string; TopicArn?: string };
      return message.Type === 'Notification' && message.TopicArn === topicArnOf(reference);
    });

  it('a tenant whose endpoint never answers, with subscribe churn beside it, does not hold back another tenant’s notifications', async () => {
    const working = await tenant();
    const workingReference = await subscribeConfirmed(working.token, receiver.url);
    const stalled = [await tenant(), await tenant()];
    for (const [index, { token }] of stalled.entries()) await subscribeConfirmed(token, tarpit.url(`stalled-${index}`));
    // Queued first: more due notifications to the tarpit than the worker has slots.
    for (const { owner, authority } of stalled)
      for (let i = 0; i < 6; i += 1) await work(database.db, owner, authority);
    for (let i = 0; i < 5; i += 1) await work(database.db, working.owner, working.authority);
    worker = await startTestWorker(database, {
      ...patient,
      concurrency: 6,
      subscriptionConcurrency: 2,
      originConcurrency: 3,
    });
    const churning = await tenant();
    for (let i = 0; i < 5; i += 1) await subscribe(churning.token, tarpit.url(`churn-${i}`));

    await arrived(5, () => notificationsFor(workingReference), 20_000);
    expect(tarpit.open).toBeGreaterThan(0);
    expect(tarpit.mostOpen).toBeLessThanOrEqual(3);
  });

  it('subscribing again aborts the attempt in flight to the subscription it replaces: the endpoint sees its connection closed', async () => {
    const churning = await tenant();
    worker = await startTestWorker(database, patient);
    await subscribe(churning.token, tarpit.url('first'));
    await vi.waitFor(() => expect(tarpit.open).toBe(1), { timeout: 10_000, interval: 25 });
    await subscribe(churning.token, tarpit.url('second'));
    await vi.waitFor(() => expect(tarpit.closed).toBe(1), { timeout: 10_000, interval: 25 });
    await vi.waitFor(() => expect(tarpit.accepted).toBe(2), { timeout: 10_000, interval: 25 });
  });

  it('unsubscribing aborts the attempt in flight', async () => {
    const leaving = await tenant();
    const reference = await subscribeConfirmed(leaving.token, tarpit.url());
    worker = await startTestWorker(database, patient);
    await vi.waitFor(() => expect(tarpit.open).toBe(1), { timeout: 10_000, interval: 25 });
    const response = await service.request('POST', '/api-notifications/unsubscribe', {
      token: leaving.token,
      body: { subscription_reference_number: reference },
    });
    expect(response.status).toBe(204);
    await vi.waitFor(() => expect(tarpit.closed).toBe(1), { timeout: 10_000, interval: 25 });
  });

  const failingSince = async (reference: string) =>
    (
      await database.db
        .select({ at: subscriptions.failingSince })
        .from(subscriptions)
        .where(eq(subscriptions.reference, reference))
    )[0]?.at;

  it('an endpoint that fails is marked failing, and healthy again at its next delivery', async () => {
    const flaky = await tenant();
    const reference = await subscribeConfirmed(flaky.token, receiver.url);
    let healthy = false;
    receiver.answer = () => ({ status: healthy ? 200 : 500 });
    worker = await startTestWorker(database);
    await vi.waitFor(async () => expect(await failingSince(reference)).toBeInstanceOf(Date), {
      timeout: 10_000,
      interval: 25,
    });
    healthy = true;
    await work(database.db, flaky.owner, flaky.authority);
    await vi.waitFor(async () => expect(await failingSince(reference)).toBeNull(), { timeout: 10_000, interval: 25 });
    receiver.answer = { status: 200 };
  });

  it('a subscription whose endpoint has failed for the set period is disabled, and its organisation reads it in its feed', async () => {
    const gone = await tenant();
    const reference = await subscribeConfirmed(gone.token, tarpit.url('gone'));
    await tarpit.close();
    const hour = 60 * 60_000;
    worker = await startTestWorker(database, { disableAfterMs: hour });
    await work(database.db, gone.owner, gone.authority);
    await vi.waitFor(async () => expect(await failingSince(reference)).toBeInstanceOf(Date), {
      timeout: 10_000,
      interval: 25,
    });
    worker.advance(hour + 60_000);
    await vi.waitFor(async () => expect(await failingSince(reference)).toBeUndefined(), {
      timeout: 10_000,
      interval: 25,
    });
    const recorded = await database.db
      .select({ promoter: auditEvents.promoterOrgId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.eventType, 'event_subscription_removed'), eq(auditEvents.objectReferenceNumber, reference)),
      );
    expect(recorded).toEqual([{ promoter: gone.owner.id }]);
  });
});
