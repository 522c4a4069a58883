/**
 * Fair claims and failing endpoints, on the outbox's functions without a worker: how many due
 * deliveries one claim takes of each subscription and each endpoint origin, one at a time for a
 * failing endpoint, the disabling of subscriptions failing too long and the pruning of old dead
 * letters. Each test removes what it queued.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { auditEvents, deliveries, subscriptions } from '../../../src/db/schema.js';
import { claimDue, noneBusy, type ClaimCaps } from '../../../src/deliveries/queue/claim.js';
import type { ClaimedDelivery } from '../../../src/deliveries/messages/claimed-delivery.js';
import { markFailing, markRecovered, pruneDeadLetters } from '../../../src/deliveries/queue/failing.js';
import { confirmSubscription } from '../../../src/features/notifications/confirmation.js';
import { subscribe } from '../../../src/features/notifications/subscribe.js';
import { disableFailing } from '../../../src/features/notifications/upkeep.js';
import { describeEachDatabase } from '../../support/databases.js';
import { callerOf, highwayAuthority, promoter, work } from '../../support/fixtures.js';
import { confirmationTokenOf, loopbackPolicy } from '../../features/notifications/harness.js';

const minute = 60_000;
const day = 24 * 60 * minute;
const wide: ClaimCaps = { perSubscription: 100, perOrigin: 100 };

/** A confirmed subscription at `endpoint` with its confirmation and `notifications` notifications due. */
async function subscriberWith(db: Database, notifications: number, endpoint = 'http://127.0.0.1:9/hook') {
  const owner = await promoter(db);
  const authority = await highwayAuthority(db);
  const { subscription_reference_number: reference } = await subscribe(
    db,
    await callerOf(db, owner, 'Planner'),
    { api_endpoint: endpoint },
    { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7' },
  );
  await confirmSubscription(db, await confirmationTokenOf(db, reference));
  for (let i = 0; i < notifications; i += 1) await work(db, owner, authority);
  const [{ id }] = (await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference))) as [{ id: number }];
  return { id, reference, owner };
}

/** Each pending delivery of the subscription: its due time and lease, by id. */
async function dueTimes(db: Database, subscriptionId: number) {
  const rows = await db
    .select({ id: deliveries.id, due: deliveries.nextAttemptAt, lease: deliveries.leaseUntil })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.status, 'pending')));
  return new Map(rows.map((row) => [String(row.id), { due: row.due.getTime(), lease: row.lease }]));
}

const claim = (db: Database, caps: ClaimCaps, busy = noneBusy, limit = 100) =>
  claimDue(db, limit, new Date(), new Date(Date.now() + minute), caps, busy);

const countBy = (claimed: ClaimedDelivery[], key: (delivery: ClaimedDelivery) => string) =>
  claimed.reduce<Record<string, number>>((counts, delivery) => {
    counts[key(delivery)] = (counts[key(delivery)] ?? 0) + 1;
    return counts;
  }, {});

describeEachDatabase('fair claims', (database) => {
  const db = () => database.db;
  afterEach(async () => {
    await db().delete(deliveries);
    await db().execute(sql`update subscriptions set failing_since = null`);
  });

  it('take at most the per-subscription cap of one subscription’s due deliveries, less its attempts in flight', async () => {
    const { id } = await subscriberWith(db(), 4);
    const busy = { subscriptions: new Map([[id, 1]]), origins: new Map() };
    expect(await claim(db(), { perSubscription: 3, perOrigin: 100 }, busy)).toHaveLength(2);
  });

  it('leave the deliveries beyond a cap as they were: due when they were due, not leased', async () => {
    const { id } = await subscriberWith(db(), 4);
    const before = await dueTimes(db(), id);
    const claimed = await claim(db(), { perSubscription: 2, perOrigin: 100 });
    const after = await dueTimes(db(), id);
    const untouched = [...before.keys()].filter((delivery) => !claimed.some((one) => String(one.id) === delivery));
    expect(untouched.length).toBeGreaterThan(0);
    for (const delivery of untouched) expect(after.get(delivery)).toEqual(before.get(delivery));
  });

  it('give every subscription its share: a large backlog does not push out another subscription’s later delivery', async () => {
    const backlog = await subscriberWith(db(), 6);
    const quiet = await subscriberWith(db(), 0);
    const claimed = await claim(db(), { perSubscription: 2, perOrigin: 100 }, noneBusy, 3);
    expect(countBy(claimed, (delivery) => delivery.subscription_reference)).toEqual({
      [backlog.reference]: 2,
      [quiet.reference]: 1,
    });
  });

  it('take at most the per-origin cap across the subscriptions of one origin, less its attempts in flight', async () => {
    await subscriberWith(db(), 2, 'http://127.0.0.1:9/first');
    await subscriberWith(db(), 2, 'http://127.0.0.1:9/second');
    await subscriberWith(db(), 1, 'http://127.0.0.1:10/other');
    const busy = { subscriptions: new Map(), origins: new Map([['http://127.0.0.1:9', 1]]) };
    const claimed = await claim(db(), { perSubscription: 100, perOrigin: 4 }, busy);
    expect(countBy(claimed, (delivery) => delivery.endpoint_origin)).toEqual({
      'http://127.0.0.1:9': 3,
      'http://127.0.0.1:10': 2,
    });
  });

  it('take one delivery at a time of a failing subscription, none while one is in flight, and its share again once it recovers', async () => {
    const { id } = await subscriberWith(db(), 3);
    await markFailing(db(), id, new Date());
    const claimed = await claim(db(), wide);
    expect(claimed).toMatchObject([{ subscription_id: id, failing: true }]);
    expect(await claim(db(), wide, { subscriptions: new Map([[id, 1]]), origins: new Map() })).toEqual([]);
    await markRecovered(db(), id);
    expect(await claim(db(), wide)).toHaveLength(3);
  });

  it('a subscription failing since before the cutoff is disabled: removed with its pending deliveries, event_subscription_removed recorded for its organisation', async () => {
    const failing = await subscriberWith(db(), 2);
    const recent = await subscriberWith(db(), 1);
    const now = new Date();
    await markFailing(db(), failing.id, new Date(now.getTime() - 5 * day - minute));
    await markFailing(db(), recent.id, new Date(now.getTime() - 4 * day));
    expect(await disableFailing(db(), new Date(now.getTime() - 5 * day), now)).toEqual([failing.reference]);
    const remaining = await db().select({ id: subscriptions.id }).from(subscriptions);
    expect(remaining.map((row) => row.id)).not.toContain(failing.id);
    expect(remaining.map((row) => row.id)).toContain(recent.id);
    expect(await db().select().from(deliveries).where(eq(deliveries.subscriptionId, failing.id))).toEqual([]);
    const removed = await db()
      .select({ promoter: auditEvents.promoterOrgId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.eventType, 'event_subscription_removed'),
          eq(auditEvents.objectReferenceNumber, failing.reference),
        ),
      );
    expect(removed).toEqual([{ promoter: failing.owner.id }]);
  });

  it('dead letters whose message is older than the retention are pruned; newer ones stay', async () => {
    const { id } = await subscriberWith(db(), 2);
    const now = Date.now();
    await db().update(deliveries).set({ status: 'dead' }).where(eq(deliveries.subscriptionId, id));
    const [oldest] = await db()
      .update(deliveries)
      .set({ createdAt: new Date(now - 31 * day) })
      .where(eq(deliveries.kind, 'confirmation'))
      .returning({ id: deliveries.id });
    expect(await pruneDeadLetters(db(), new Date(now - 30 * day))).toBe(1);
    const left = await db().select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.subscriptionId, id));
    expect(left).toHaveLength(2);
    expect(left.map((row) => row.id)).not.toContain(oldest!.id);
  });
});
