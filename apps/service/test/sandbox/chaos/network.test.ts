/**
 * The sandbox's chaos network between a real delivery worker and a receiver on a loopback socket,
 * on both databases: notifications dropped (never sent, settled as delivered), duplicated (the same
 * `webhook-id` twice) and delayed, each work's kept in update_id order; the confirmation handshake
 * untouched.
 */
import type { SubscriptionCreateResponse } from '@street-events/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { deliveries } from '../../../src/db/schema.js';
import { openWorkObject } from '../../../src/events/work-objects.js';
import { deliveryDecision } from '../../../src/sandbox/chaos/decisions.js';
import { ChaosLedger } from '../../../src/sandbox/chaos/ledger.js';
import { ChaosNetwork } from '../../../src/sandbox/chaos/network.js';
import { calm, type ChaosProfile } from '../../../src/sandbox/chaos/presets.js';
import { startReceiver, type Receiver } from '../../deliveries/receiver.js';
import { describeEachDatabase, type TestDatabase } from '../../support/databases.js';
import { highwayAuthority, promoter, work } from '../../support/fixtures.js';
import type { RunningService } from '../../support/http.js';
import {
  startNotificationService,
  startTestWorker,
  tokenFor,
  type MovableWorker,
} from '../../features/notifications/harness.js';

const seed = 20261127;

interface Arrival {
  id: string;
  type: string;
  updateId: number | undefined;
  work: string | undefined;
}

/** The service, a worker sending through the chaos network of `profile`, and a receiver. */
function chaosFixture(database: TestDatabase, profile: ChaosProfile) {
  const fixture = { ledger: new ChaosLedger() } as {
    service: RunningService;
    worker: MovableWorker;
    receiver: Receiver;
    network: ChaosNetwork;
    ledger: ChaosLedger;
  };
  beforeAll(async () => {
    fixture.receiver = await startReceiver();
    fixture.service = await startNotificationService(database.db);
    fixture.network = new ChaosNetwork({
      profile,
      seed,
      ledger: fixture.ledger,
      organisationOf: () => Promise.resolve('Northern Water'),
    });
    fixture.worker = await startTestWorker(database, { network: fixture.network.send });
  }, 30_000);
  afterAll(async () => {
    await fixture.worker?.stop();
    fixture.network?.close();
    await fixture.service?.close();
    await fixture.receiver?.close();
  });

  /** What arrived, in order. */
  const arrivals = (): Arrival[] =>
    fixture.receiver.received.map((request) => {
      const message = JSON.parse(request.body) as Record<string, string>;
      const payload =
        message.Type === 'Notification'
          ? (JSON.parse(message.Message!) as { update_id: number; work_reference_number: string })
          : undefined;
      return {
        id: String(request.headers['webhook-id']),
        type: message.Type!,
        updateId: payload?.update_id,
        work: payload?.work_reference_number,
      };
    });

  /** Subscribes the receiver for a new promoter and confirms; answers the promoter. */
  async function subscribed() {
    const owner = await promoter(database.db);
    const response = await fixture.service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token: await tokenFor(database.db, owner, 'Planner'),
      body: { api_endpoint: fixture.receiver.url },
    });
    expect(response.status).toBe(200);
    const confirmation = await vi.waitFor(
      () => {
        const got = fixture.receiver.received.find((request) => request.body.includes('SubscriptionConfirmation'));
        if (!got) throw new Error('no confirmation yet');
        return JSON.parse(got.body) as { SubscribeURL: string };
      },
      { timeout: 10_000, interval: 25 },
    );
    expect((await fetch(confirmation.SubscribeURL)).status).toBe(200);
    return owner;
  }

  /** Waits until no delivery is left in the outbox, then a little for sends still under way. */
  async function drained(): Promise<void> {
    await vi.waitFor(
      async () =>
        expect(await database.db.select().from(deliveries).where(eq(deliveries.status, 'pending'))).toEqual([]),
      { timeout: 30_000, interval: 50 },
    );
  }
  return Object.assign(fixture, { arrivals, subscribed, drained });
}

/** Comments on `works` works, `each` per work, one after another per work and the works side by side. */
async function activity(
  database: TestDatabase,
  owner: Awaited<ReturnType<typeof promoter>>,
  works: number,
  each: number,
) {
  const authority = await highwayAuthority(database.db);
  const created = await Promise.all(Array.from({ length: works }, () => work(database.db, owner, authority)));
  await Promise.all(
    created.map(async ({ workReferenceNumber }) => {
      for (let index = 0; index < each; index++)
        await openWorkObject(database.db, {
          workReferenceNumber,
          objectType: 'comment',
          eventType: 'comment_submitted',
        });
    }),
  );
  return created.map((created) => created.workReferenceNumber);
}

describeEachDatabase('the chaos network delaying notifications', (database) => {
  const fixture = chaosFixture(database, { ...calm, delay_rate: 0.6, max_delay_ms: 300 });

  it('a delayed notification holds back the later ones of its work, while other works’ overtake it', async () => {
    const owner = await fixture.subscribed();
    const works = await activity(database, owner, 4, 5);
    await fixture.drained();
    const notifications = fixture.arrivals().filter((arrival) => arrival.type === 'Notification');
    expect(notifications).toHaveLength(works.length * 6);
    for (const reference of works) {
      const ofWork = notifications.filter((arrival) => arrival.work === reference).map((arrival) => arrival.updateId!);
      expect(ofWork).toEqual([...ofWork].sort((a, b) => a - b));
    }
    const order = notifications.map((arrival) => arrival.updateId!);
    expect(order, 'some notification of another work overtook a delayed one').not.toEqual(
      [...order].sort((a, b) => a - b),
    );
    expect(fixture.ledger.all()[0]!.delayed).toBeGreaterThan(0);
  }, 60_000);
});

describeEachDatabase('the chaos network dropping and duplicating notifications', (database) => {
  const fixture = chaosFixture(database, { ...calm, drop_rate: 0.3, duplicate_rate: 0.3 });

  it('dropped ones never arrive yet leave the outbox; duplicated ones arrive twice with one webhook-id; as the seed decides', async () => {
    const owner = await fixture.subscribed();
    await activity(database, owner, 3, 4);
    await fixture.drained();
    const notifications = fixture.arrivals().filter((arrival) => arrival.type === 'Notification');
    const times = new Map<string, number>();
    for (const { id } of notifications) times.set(id, (times.get(id) ?? 0) + 1);
    for (const [id, count] of times) {
      const decision = deliveryDecision({ ...calm, drop_rate: 0.3, duplicate_rate: 0.3 }, seed, id);
      expect(decision.dropped).toBe(false);
      expect(count).toBe(decision.duplicated ? 2 : 1);
    }
    const [figures] = fixture.ledger.all();
    expect(figures!.dropped + figures!.sent).toBe(3 * 5);
    expect(figures!.dropped).toBe(3 * 5 - times.size);
    expect(figures!.duplicated).toBe(notifications.length - times.size);
    expect(figures!.sent).toBe(times.size);
  }, 60_000);
});

describeEachDatabase('the chaos network and the confirmation handshake', (database) => {
  const fixture = chaosFixture(database, { ...calm, drop_rate: 1 });

  it('the SubscriptionConfirmation passes even when every notification is dropped', async () => {
    const owner = await fixture.subscribed();
    await activity(database, owner, 1, 2);
    await fixture.drained();
    expect(fixture.arrivals().map((arrival) => arrival.type)).toEqual(['SubscriptionConfirmation']);
    expect(fixture.ledger.all()[0]!.dropped).toBe(3);
  }, 60_000);
});
