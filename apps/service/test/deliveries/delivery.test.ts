/**
 * Notifications end to end: the real service over HTTP, a delivery worker on the same
 * database, and a receiver on a loopback port. Subscribing, the confirmation handshake,
 * signed notifications checked with node:crypto against the published keys, fan-out to
 * highway authorities and contractors, contracts changing, retries, dead letters and replay,
 * 410, ordering, freshness of timestamps, and several workers sharing the outbox.
 */
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import type { SubscriptionCreateResponse } from '@street-events/types';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { auditEvents, deliveries, subscriptionCoverage, subscriptions, works } from '../../src/db/schema.js';
import { transitionPermit } from '../../src/events/permits.js';
import { openWorkObject } from '../../src/events/work-objects.js';
import { replayDeadLetters } from '../../src/deliveries/queue/dead-letters.js';
import { deadLettersOf } from '../support/dead-letters.js';
import type { WorkerOptions } from '../../src/deliveries/worker.js';
import { pollUpdates } from '../../src/features/polling/poll-updates.js';
import { startReceiver, type Answer, type Receiver, type ReceivedRequest } from './receiver.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { callerOf, contractor, highwayAuthority, promoter, work } from '../support/fixtures.js';
import { documentSchema, type RunningService } from '../support/http.js';
import {
  arrived,
  startNotificationService,
  startTestWorker,
  tokenFor,
  type MovableWorker,
} from '../features/notifications/harness.js';
import { referenceOfTopicArn, topicArnOf } from '../../src/deliveries/messages/messages.js';

interface Received {
  request: ReceivedRequest;
  message: Record<string, string>;
  /** The parsed `Message` of a notification. */
  payload: Record<string, unknown> | undefined;
}

const messageSchemas = {
  SubscriptionConfirmation: documentSchema('SubscriptionConfirmationMessage'),
  Notification: documentSchema('NotificationMessage'),
};
const payloadSchema = documentSchema('NotificationPayload');

/** Every message and payload received matches its schema in the document, exactly. */
function expectValidAgainstDocument({ message, payload }: Received): void {
  const validate = messageSchemas[message.Type as keyof typeof messageSchemas];
  expect(validate?.(message) ? [] : (validate?.errors ?? [`unknown Type ${message.Type}`])).toEqual([]);
  if (payload !== undefined) expect(payloadSchema(payload) ? [] : payloadSchema.errors).toEqual([]);
}

/** Everything the receiver got for one subscription, in arrival order. */
function receivedFor(receiver: Receiver, reference: string): Received[] {
  return receiver.received
    .map((request) => {
      const message = JSON.parse(request.body) as Record<string, string>;
      const payload =
        message.Type === 'Notification' ? (JSON.parse(message.Message ?? '') as Record<string, unknown>) : undefined;
      return { request, message, payload };
    })
    .filter((received) => received.message.TopicArn === topicArnOf(reference))
    .map((received) => {
      expectValidAgainstDocument(received);
      return received;
    });
}

const notificationsFor = (receiver: Receiver, reference: string) =>
  receivedFor(receiver, reference).filter((received) => received.message.Type === 'Notification');

/** Checks a request's `v1a` signatures with node:crypto alone, against the published JWKS. */
function signedByPublishedKey(request: ReceivedRequest, keys: JsonWebKey[]): boolean {
  const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures } = request.headers;
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  const content = Buffer.from(`${id}.${timestamp}.${request.body}`);
  return signatures.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    return (
      version === 'v1a' &&
      keys.some((jwk) =>
        verify(null, content, createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64')),
      )
    );
  });
}

/** The service, a worker and a receiver over one database, with helpers to subscribe. */
function deliveryFixture(database: TestDatabase, workerOptions: Partial<WorkerOptions> = {}) {
  const fixture = {} as {
    service: RunningService;
    worker: MovableWorker;
    receiver: Receiver;
    answers: Map<string, (request: ReceivedRequest, message: Record<string, string>) => Answer>;
  };
  beforeAll(async () => {
    fixture.receiver = await startReceiver();
    fixture.answers = new Map();
    fixture.receiver.answer = (request) => {
      const message = JSON.parse(request.body) as Record<string, string>;
      return fixture.answers.get(referenceOfTopicArn(message.TopicArn ?? ''))?.(request, message) ?? { status: 200 };
    };
    fixture.service = await startNotificationService(database.db);
    fixture.worker = await startTestWorker(database, workerOptions);
  }, 30_000);
  afterAll(async () => {
    await fixture.worker?.stop();
    await fixture.service?.close();
    await fixture.receiver?.close();
  });

  /** Subscribes the receiver; returns the subscription reference. */
  async function subscribe(token: string): Promise<string> {
    const response = await fixture.service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token,
      body: { api_endpoint: fixture.receiver.url },
    });
    expect(response.status).toBe(200);
    return response.body.subscription_reference_number;
  }

  /** Subscribes, waits for the confirmation message and GETs its SubscribeURL. */
  async function subscribeConfirmed(token: string): Promise<string> {
    const reference = await subscribe(token);
    const [confirmation] = await arrived(1, () => receivedFor(fixture.receiver, reference), 10_000);
    expect((await fetch(confirmation!.message.SubscribeURL!)).status).toBe(200);
    return reference;
  }
  return Object.assign(fixture, { subscribe, subscribeConfirmed });
}

describeEachDatabase('notification delivery', (database) => {
  /** Every attempt's outcome, as the worker reports it (to the metrics). */
  const outcomes: string[] = [];
  const fixture = deliveryFixture(database, { onOutcome: (outcome) => outcomes.push(outcome) });
  let keys: JsonWebKey[];
  beforeAll(async () => {
    keys = (
      (await (await fetch(new URL('/.well-known/webhook-keys', fixture.service.baseUrl))).json()) as {
        keys: JsonWebKey[];
      }
    ).keys;
  });

  const { subscribe, subscribeConfirmed } = fixture;

  async function deliveriesOfWork(workReferenceNumber: string) {
    return database.db
      .select({ id: deliveries.id, subscriptionId: deliveries.subscriptionId, status: deliveries.status })
      .from(deliveries)
      .innerJoin(auditEvents, eq(auditEvents.id, deliveries.auditEventId))
      .innerJoin(works, eq(works.id, auditEvents.workId))
      .where(eq(works.workReferenceNumber, workReferenceNumber));
  }

  async function newPromoter() {
    const owner = await promoter(database.db);
    const authority = await highwayAuthority(database.db);
    return { owner, authority, token: await tokenFor(database.db, owner, 'Planner') };
  }

  it('subscribe → signed confirmation → confirm → signed notifications → unsubscribe', async () => {
    const { owner, authority, token } = await newPromoter();
    const reference = await subscribe(token);

    const [confirmation] = await arrived(1, () => receivedFor(fixture.receiver, reference));
    expect(confirmation!.message).toMatchObject({
      Type: 'SubscriptionConfirmation',
      TopicArn: topicArnOf(reference),
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
      SubscribeURL: expect.stringMatching(
        new RegExp(`^${fixture.service.baseUrl}/api-notifications/confirm\\?token=cnf_`),
      ),
    });
    expect(confirmation!.request.headers).toMatchObject({
      'content-type': 'text/plain; charset=UTF-8',
      'webhook-id': confirmation!.message.MessageId,
      'x-amz-sns-message-type': 'SubscriptionConfirmation',
      'x-amz-sns-message-id': confirmation!.message.MessageId,
      'x-amz-sns-topic-arn': topicArnOf(reference),
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
      'x-amz-sns-subscription-arn': expect.stringMatching(`^${topicArnOf(reference)}:`),
    });
    expect(signedByPublishedKey(confirmation!.request, keys)).toBe(true);

    // Before confirmation nothing but the confirmation is queued (a failing receiver keeps in the
    // outbox anything that would have been).
    fixture.answers.set(reference, () => ({ status: 500 }));
    const early = await work(database.db, owner, authority);
    expect(await deliveriesOfWork(early.workReferenceNumber)).toEqual([]);
    fixture.answers.delete(reference);

    expect((await fetch(confirmation!.message.SubscribeURL!)).status).toBe(200);
    const { workReferenceNumber, permitReferenceNumber } = await work(database.db, owner, authority);
    const [notified] = await arrived(1, () => notificationsFor(fixture.receiver, reference));
    expect(notified!.payload).toMatchObject({
      event_type: 'permit_submitted',
      work_reference_number: workReferenceNumber,
      object_reference_number: permitReferenceNumber,
    });
    expect(notified!.request.headers).toMatchObject({
      'webhook-id': notified!.message.MessageId,
      'x-amz-sns-message-type': 'Notification',
    });
    expect(signedByPublishedKey(notified!.request, keys)).toBe(true);

    const tampered = {
      ...notified!.request,
      body: notified!.request.body.replace('permit_submitted', 'permit_granted'),
    };
    expect(signedByPublishedKey(tampered, keys)).toBe(false);

    expect((await fixture.service.request('POST', '/api-notifications/unsubscribe', { token, body: {} })).status).toBe(
      204,
    );
    const after = await work(database.db, owner, authority);
    expect(await deliveriesOfWork(after.workReferenceNumber)).toEqual([]);
  });

  it('the payload is the polling row with promoter_swa_code and the internal user of the causing request', async () => {
    const { owner, authority, token } = await newPromoter();
    const reference = await subscribeConfirmed(token);
    const actor = { username: 'field.engineer', internalUserIdentifier: 'EMP-9', internalUserName: 'Robin Lee' };
    const { workReferenceNumber } = await work(database.db, owner, authority, { actor });
    const [notified] = await arrived(1, () => notificationsFor(fixture.receiver, reference));
    const planner = await callerOf(database.db, owner, 'Planner');
    const [row] = (await pollUpdates(database.db, planner, {})).rows.filter(
      (r) => r.work_reference_number === workReferenceNumber,
    );
    expect(notified!.payload).toEqual({
      ...row,
      promoter_swa_code: owner.swaCode,
      internal_user_identifier: 'EMP-9',
      internal_user_name: 'Robin Lee',
    });
    expect(notified!.message.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('the highway authority and contractors of the promoter receive the events of its works; others do not', async () => {
    const { owner, authority } = await newPromoter();
    const otherPromoter = await promoter(database.db);
    const firm = await contractor(database.db);
    await addContract(database.db, { contractor: firm.name, promoter: owner.name });
    const forAuthority = await subscribeConfirmed(await tokenFor(database.db, authority, 'HighwayAuthority'));
    const forContractor = await subscribeConfirmed(await tokenFor(database.db, firm, 'Contractor'));

    fixture.answers.set(forContractor, () => ({ status: 500 }));
    const elsewhere = await work(database.db, otherPromoter, await highwayAuthority(database.db));
    expect(await deliveriesOfWork(elsewhere.workReferenceNumber)).toEqual([]);
    fixture.answers.delete(forContractor);
    const { workReferenceNumber } = await work(database.db, owner, authority);
    for (const reference of [forAuthority, forContractor]) {
      await vi.waitFor(
        () =>
          expect(
            notificationsFor(fixture.receiver, reference).map((got) => [
              got.payload?.work_reference_number,
              got.payload?.promoter_swa_code,
            ]),
          ).toEqual([[workReferenceNumber, owner.swaCode]]),
        { timeout: 10_000, interval: 25 },
      );
    }
  });

  it('a contract added later extends a contractor’s subscription; removing one stops delivery and drops what was pending', async () => {
    const first = await newPromoter();
    const second = await newPromoter();
    const firm = await contractor(database.db);
    await addContract(database.db, { contractor: firm.name, promoter: first.owner.name });
    const reference = await subscribeConfirmed(await tokenFor(database.db, firm, 'Contractor'));

    await addContract(database.db, { contractor: firm.name, promoter: second.owner.name });
    const contractAdded = await work(database.db, second.owner, second.authority);
    await vi.waitFor(
      () =>
        expect(
          notificationsFor(fixture.receiver, reference).map((got) => got.payload?.work_reference_number),
        ).toContain(contractAdded.workReferenceNumber),
      { timeout: 10_000, interval: 25 },
    );

    // The receiver holds the next notification about the first promoter's work while the contract is removed.
    fixture.answers.set(reference, () => ({ status: 503, delayMs: 1000 }));
    const pending = await work(database.db, first.owner, first.authority);
    await vi.waitFor(
      () =>
        expect(
          notificationsFor(fixture.receiver, reference).map((got) => got.payload?.work_reference_number),
        ).toContain(pending.workReferenceNumber),
      { timeout: 10_000, interval: 25 },
    );
    await removeContract(database.db, { contractor: firm.name, promoter: first.owner.name });
    fixture.answers.set(reference, () => ({ status: 500 }));
    expect(await deliveriesOfWork(pending.workReferenceNumber)).toEqual([]);
    const coverage = await database.db
      .select({ organisationId: subscriptionCoverage.organisationId })
      .from(subscriptionCoverage)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCoverage.subscriptionId))
      .where(eq(subscriptions.reference, reference));
    expect(coverage).toEqual([{ organisationId: second.owner.id }]);

    const afterRemoval = await work(database.db, first.owner, first.authority);
    expect(await deliveriesOfWork(afterRemoval.workReferenceNumber)).toEqual([]);
    fixture.answers.delete(reference);
  });

  describe('failures', () => {
    let owner: Organisation;
    let authority: Organisation;
    let reference: string;
    beforeEach(async () => {
      const fresh = await newPromoter();
      owner = fresh.owner;
      authority = fresh.authority;
      reference = await subscribeConfirmed(fresh.token);
    });

    it('a failing endpoint gets every attempt with the same webhook-id, then the message is dead-lettered and can be replayed', async () => {
      fixture.answers.set(reference, () => ({ status: 500 }));
      const reported = outcomes.length;
      await work(database.db, owner, authority);
      const dead = await vi.waitFor(
        async () => {
          const letters = await deadLettersOf(database.db, { subscription: reference });
          expect(letters).toHaveLength(1);
          return letters[0]!;
        },
        { timeout: 10_000, interval: 25 },
      );
      const attempts = notificationsFor(fixture.receiver, reference);
      expect(attempts).toHaveLength(4);
      expect(new Set(attempts.map((got) => got.request.headers['webhook-id']))).toEqual(new Set([dead.messageId]));
      expect(dead).toMatchObject({ attempts: 4, lastError: 'HTTP 500 Internal Server Error' });
      const failures = outcomes.slice(reported).filter((outcome) => outcome !== 'delivered');
      expect(failures.filter((outcome) => outcome === 'dead')).toHaveLength(1);
      expect(failures.filter((outcome) => outcome === 'retry').length).toBeGreaterThanOrEqual(3);

      fixture.answers.delete(reference);
      expect(await replayDeadLetters(database.db, { messageId: dead.messageId })).toBe(1);
      await vi.waitFor(() => expect(notificationsFor(fixture.receiver, reference)).toHaveLength(5), {
        timeout: 10_000,
        interval: 25,
      });
      expect(notificationsFor(fixture.receiver, reference)[4]!.request.headers['webhook-id']).toBe(dead.messageId);
      await vi.waitFor(async () => expect(await deadLettersOf(database.db, { subscription: reference })).toEqual([]), {
        timeout: 10_000,
        interval: 25,
      });
    });

    it('a subscription’s dead letters since a time are replayed together', async () => {
      fixture.answers.set(reference, () => ({ status: 404 }));
      const since = new Date(Date.now() - 1000);
      await work(database.db, owner, authority);
      await work(database.db, owner, authority);
      await vi.waitFor(
        async () => expect(await deadLettersOf(database.db, { subscription: reference })).toHaveLength(2),
        { timeout: 10_000, interval: 25 },
      );
      fixture.answers.delete(reference);
      expect(await replayDeadLetters(database.db, { subscription: reference, since })).toBe(2);
      await vi.waitFor(async () => expect(await deadLettersOf(database.db, { subscription: reference })).toEqual([]), {
        timeout: 10_000,
        interval: 25,
      });
    });

    it('a redirect is a failure and is not followed', async () => {
      let redirected = 0;
      fixture.answers.set(reference, (request) => {
        if (request.headers['webhook-id'] === undefined) redirected += 1;
        return { status: 307, headers: { location: `${fixture.receiver.url}?redirected` } };
      });
      await work(database.db, owner, authority);
      await vi.waitFor(
        async () => expect(await deadLettersOf(database.db, { subscription: reference })).toHaveLength(1),
        { timeout: 10_000, interval: 25 },
      );
      expect(redirected).toBe(0);
      expect((await deadLettersOf(database.db, { subscription: reference }))[0]!.lastError).toMatch(
        /redirects are not followed/,
      );
    });

    it('Retry-After is honoured, and every attempt carries a fresh timestamp of its own', async () => {
      let answered = 0;
      fixture.answers.set(reference, () =>
        ++answered === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 },
      );
      await work(database.db, owner, authority);
      const [first, second] = await arrived(2, () => notificationsFor(fixture.receiver, reference));
      expect(second!.request.receivedAt - first!.request.receivedAt).toBeGreaterThanOrEqual(950);
      for (const { request } of [first!, second!]) {
        expect(Math.abs(Number(request.headers['webhook-timestamp']) - request.receivedAt / 1000)).toBeLessThan(5);
        expect(signedByPublishedKey(request, keys)).toBe(true);
      }
      expect(Number(second!.request.headers['webhook-timestamp'])).toBeGreaterThan(
        Number(first!.request.headers['webhook-timestamp']),
      );
      expect(second!.request.headers['webhook-id']).toBe(first!.request.headers['webhook-id']);
    });

    it('410 Gone removes the subscription', async () => {
      fixture.answers.set(reference, () => ({ status: 410 }));
      await work(database.db, owner, authority);
      await vi.waitFor(
        async () =>
          expect(await database.db.select().from(subscriptions).where(eq(subscriptions.reference, reference))).toEqual(
            [],
          ),
        { timeout: 10_000, interval: 25 },
      );
      expect(notificationsFor(fixture.receiver, reference)).toHaveLength(1);
    });
  });

  it('notifications about one work arrive in update_id order, a later one waiting while an earlier one is retried', async () => {
    const { owner, authority, token } = await newPromoter();
    const reference = await subscribeConfirmed(token);
    let answered = 0;
    // Every third attempt fails: earlier messages are retried while later ones are due.
    fixture.answers.set(reference, () => ({ status: ++answered % 3 === 1 ? 500 : 200 }));
    const immediate = await work(database.db, owner, authority, {
      workCategory: 'immediate_emergency',
      startedOnSubmission: true,
    });
    const standard = await work(database.db, owner, authority);
    for (const eventType of ['permit_granted', 'permit_cancelled'] as const) {
      await transitionPermit(database.db, { permitReferenceNumber: standard.permitReferenceNumber, eventType });
    }
    const expected = await database.db
      .select({ updateId: auditEvents.updateId, workId: auditEvents.workId })
      .from(auditEvents)
      .innerJoin(works, eq(works.id, auditEvents.workId))
      .where(inArray(works.workReferenceNumber, [immediate.workReferenceNumber, standard.workReferenceNumber]));
    await vi.waitFor(
      () => {
        const delivered = new Set(notificationsFor(fixture.receiver, reference).map((got) => got.payload?.update_id));
        expect(delivered.size).toBe(expected.length);
      },
      { timeout: 10_000, interval: 25 },
    );
    for (const workReferenceNumber of [immediate.workReferenceNumber, standard.workReferenceNumber]) {
      const arrivals = notificationsFor(fixture.receiver, reference)
        .filter((got) => got.payload?.work_reference_number === workReferenceNumber)
        .map((got) => got.payload!.update_id as number);
      // Arrival order, retries included, never goes back to a lower update_id.
      expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    }
    const immediateEvents = notificationsFor(fixture.receiver, reference)
      .filter((got) => got.payload?.work_reference_number === immediate.workReferenceNumber)
      .map((got) => got.payload!.event_type);
    expect([...new Set(immediateEvents)]).toEqual(['permit_submitted', 'work_start_logged']);
  });

  it('a contractor without the promoter’s events never sees them, even as an organisation-level event', async () => {
    const { owner } = await newPromoter();
    const firm = await contractor(database.db);
    const other = await newPromoter();
    await addContract(database.db, { contractor: firm.name, promoter: other.owner.name });
    const reference = await subscribeConfirmed(await tokenFor(database.db, firm, 'Contractor'));
    fixture.answers.set(reference, () => ({ status: 500 }));
    await subscribeConfirmed(await tokenFor(database.db, owner, 'Planner'));
    const events = await database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.promoterOrgId, owner.id), eq(auditEvents.eventType, 'event_subscription_created')));
    const theirs = await database.db
      .select()
      .from(deliveries)
      .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
      .where(
        and(
          eq(subscriptions.reference, reference),
          inArray(
            deliveries.auditEventId,
            events.map((event) => event.id),
          ),
        ),
      );
    expect(theirs).toEqual([]);
  });
});

describeEachDatabase('unconfirmed subscriptions', (database) => {
  const fixture = deliveryFixture(database);

  it('are removed with all their records 48 hours after creation; the organisation may subscribe again', async () => {
    const owner = await promoter(database.db);
    const token = await tokenFor(database.db, owner, 'Planner');
    const subscribe = () =>
      fixture.service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
        token,
        body: { api_endpoint: fixture.receiver.url },
      });
    const reference = (await subscribe()).body.subscription_reference_number;
    const [confirmation] = await arrived(1, () => receivedFor(fixture.receiver, reference));

    fixture.worker.advance(47 * 3600 * 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.reference, reference))).toHaveLength(
      1,
    );

    fixture.worker.advance(3600 * 1000 + 1000);
    await vi.waitFor(
      async () =>
        expect(await database.db.select().from(subscriptions).where(eq(subscriptions.reference, reference))).toEqual(
          [],
        ),
      { timeout: 10_000, interval: 25 },
    );
    expect(
      await database.db.select().from(deliveries).where(eq(deliveries.messageId, confirmation!.message.MessageId!)),
    ).toEqual([]);
    expect((await fetch(confirmation!.message.SubscribeURL!)).status).toBe(404);
    expect((await subscribe()).status).toBe(200);
  });
});

describeEachDatabase('several workers', (database) => {
  const fixture = deliveryFixture(database);
  let second: MovableWorker;
  beforeAll(async () => {
    second = await startTestWorker(database);
  });
  afterAll(() => second?.stop());

  it('share the outbox: every message is delivered once', async () => {
    const owner = await promoter(database.db);
    const authority = await highwayAuthority(database.db);
    const reference = await fixture.subscribeConfirmed(await tokenFor(database.db, owner, 'Planner'));
    await Promise.all(Array.from({ length: 30 }, () => work(database.db, owner, authority)));
    await vi.waitFor(() => expect(notificationsFor(fixture.receiver, reference)).toHaveLength(30), {
      timeout: 50_000,
      interval: 25,
    });
    const ids = notificationsFor(fixture.receiver, reference).map((got) => got.request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(30);
  }, 60_000);
});

describeEachDatabase('concurrent writers and a flaky receiver', (database) => {
  const fixture = deliveryFixture(database, {
    retryPolicy: { schedule: [0, 20, 40, 80, 160, 320], jitter: { kind: 'full' }, random: Math.random },
  });

  it('every notification arrives, each work’s in update_id order, none stuck behind another', async () => {
    const owner = await promoter(database.db);
    const authority = await highwayAuthority(database.db);
    const reference = await fixture.subscribeConfirmed(await tokenFor(database.db, owner, 'Planner'));
    let answered = 0;
    fixture.answers.set(reference, () => ({ status: ++answered % 4 === 0 ? 503 : 200 }));
    const created = await Promise.all(Array.from({ length: 4 }, () => work(database.db, owner, authority)));
    // Comments on the same works from many writers at once, while earlier ones are being delivered.
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        openWorkObject(database.db, {
          workReferenceNumber: created[index % created.length]!.workReferenceNumber,
          objectType: 'comment',
          eventType: 'comment_submitted',
        }),
      ),
    );
    const notified = () => new Set(notificationsFor(fixture.receiver, reference).map((got) => got.payload?.update_id));
    await vi.waitFor(() => expect(notified().size).toBe(44), { timeout: 30_000, interval: 25 });
    await vi.waitFor(
      async () =>
        expect(await database.db.select().from(deliveries).where(eq(deliveries.status, 'pending'))).toEqual([]),
      { timeout: 10_000, interval: 25 },
    );
    for (const { workReferenceNumber } of created) {
      const arrivals = notificationsFor(fixture.receiver, reference)
        .filter((got) => got.payload?.work_reference_number === workReferenceNumber)
        .map((got) => got.payload!.update_id as number);
      expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    }
  });
});

describeEachDatabase('waking workers', (database) => {
  // The worker polls only once a minute here: what arrives sooner was announced by NOTIFY at commit.
  const fixture = deliveryFixture(database, { pollIntervalMs: 60_000 });

  it('a committed delivery wakes the worker at once', async () => {
    const owner = await promoter(database.db);
    const authority = await highwayAuthority(database.db);
    const reference = await fixture.subscribeConfirmed(await tokenFor(database.db, owner, 'Planner'));
    await work(database.db, owner, authority);
    await arrived(1, () => notificationsFor(fixture.receiver, reference), 10_000);
  });
});
