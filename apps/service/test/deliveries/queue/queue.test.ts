/**
 * The outbox's functions without a worker: what is due, claimed, settled, dead-lettered and
 * replayed, and the queue state the metrics read. Every test leaves nothing due behind it.
 */
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { queryRows, type Database } from '../../../src/db/database.js';
import { claimDue } from '../../../src/deliveries/queue/claim.js';
import type { ClaimedDelivery } from '../../../src/deliveries/messages/claimed-delivery.js';
import { replayDeadLetters } from '../../../src/deliveries/queue/dead-letters.js';
import { deadLettersOf } from '../../support/dead-letters.js';
import { queueState } from '../../../src/deliveries/queue/queue-state.js';
import type { RetryPolicy } from '../../../src/deliveries/attempts/retry-schedule.js';
import { markDelivered, settleFailure, type AttemptedClaim } from '../../../src/deliveries/queue/settle.js';
import { transitionPermit } from '../../../src/events/permits.js';
import { confirmSubscription } from '../../../src/features/notifications/confirmation.js';
import { subscribe } from '../../../src/features/notifications/subscribe.js';
import { unsubscribe } from '../../../src/features/notifications/unsubscribe.js';
import { describeEachDatabase } from '../../support/databases.js';
import { callerOf, contractor, highwayAuthority, promoter, work } from '../../support/fixtures.js';
import { addContract, removeContract } from '../../../src/events/contracts.js';
import { confirmationTokenOf, loopbackPolicy } from '../../features/notifications/harness.js';

const minute = 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** Claims what is due at `now`, leased for a minute, each with an attempt made (answered 200 in 5 ms). */
async function claimAt(db: Database, now: Date): Promise<{ claimed: ClaimedDelivery[]; claims: AttemptedClaim[] }> {
  const lease = later(now, minute);
  const claimed = await claimDue(db, 10, now, lease);
  const attempted = (delivery: ClaimedDelivery) => ({
    delivery,
    attemptedAt: now,
    request: { headers: { 'content-type': 'text/plain' }, body: '{}' },
    observed: { outcome: 'delivered' as const, status: 200, latencyMs: 5, responseExcerpt: '' },
  });
  return { claimed, claims: claimed.map((delivery) => ({ id: delivery.id, lease, entry: attempted(delivery) })) };
}

/** A planner's subscription (confirmed unless asked otherwise), its confirmation message still queued. */
async function subscriber(db: Database, { confirmed = true } = {}) {
  const owner = await promoter(db);
  const authority = await highwayAuthority(db);
  const { subscription_reference_number: reference } = await subscribe(
    db,
    await callerOf(db, owner, 'Planner'),
    { api_endpoint: 'http://127.0.0.1:9/hook' },
    { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7' },
  );
  if (confirmed) await confirmSubscription(db, await confirmationTokenOf(db, reference));
  return { owner, authority, reference };
}

/** Waits until `count` of this database's sessions are waiting for a lock another one holds. */
async function waitingForLocks(db: Database, count: number): Promise<void> {
  const waiting = async () =>
    (
      await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )
    )[0]!.count;
  await vi.waitFor(async () => expect(await waiting()).toBe(count), { timeout: 10_000, interval: 20 });
}

/** Claims the one due delivery (the confirmation) and records it delivered. */
async function deliverTheDue(db: Database): Promise<ClaimedDelivery[]> {
  const { claimed, claims } = await claimAt(db, new Date());
  await markDelivered(db, claims);
  return claimed;
}

describeEachDatabase('the outbox', (database) => {
  const db = () => database.db;

  it('the queue state counts pending deliveries, the age of the oldest, and dead letters', async () => {
    expect(await queueState(db())).toEqual({ pending: 0, oldestPendingSeconds: null, dead: 0 });
    await subscriber(db(), { confirmed: false });
    const state = await queueState(db());
    expect(state).toMatchObject({ pending: 1, dead: 0 });
    expect(state.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect(state.oldestPendingSeconds).toBeLessThan(60);
    await deliverTheDue(db());
    expect(await queueState(db())).toEqual({ pending: 0, oldestPendingSeconds: null, dead: 0 });
  });

  it('a subscription’s confirmation is due at once; a claim leases it, and only a lapsed lease lets it be claimed again', async () => {
    const { reference } = await subscriber(db(), { confirmed: false });
    const now = new Date();
    const first = await claimAt(db(), now);
    expect(first.claimed).toMatchObject([{ kind: 'confirmation', subscription_reference: reference, attempts: 0 }]);
    expect(JSON.parse(first.claimed[0]!.body!)).toMatchObject({ Type: 'SubscriptionConfirmation' });
    expect((await claimAt(db(), later(now, minute - 1))).claimed).toEqual([]);
    const again = await claimAt(db(), later(now, minute + 1));
    expect(again.claimed.map((delivery) => delivery.id)).toEqual([first.claimed[0]!.id]);
    await markDelivered(db(), again.claims);
  });

  it('a delivery is recorded delivered only under the claim that holds it', async () => {
    await subscriber(db(), { confirmed: false });
    const now = new Date();
    const lapsed = await claimAt(db(), now);
    const current = await claimAt(db(), later(now, minute + 1));
    await markDelivered(db(), lapsed.claims);
    expect((await queueState(db())).pending).toBe(1);
    await markDelivered(db(), current.claims);
    expect((await queueState(db())).pending).toBe(0);
  });

  it('a subscription’s notifications about one work are due one at a time, in order: the next once the one before is delivered', async () => {
    const { owner, authority } = await subscriber(db());
    await deliverTheDue(db());
    const { permitReferenceNumber } = await work(db(), owner, authority);
    await transitionPermit(db(), { permitReferenceNumber, eventType: 'permit_granted' });
    const first = await claimAt(db(), new Date());
    expect(first.claimed.map((delivery) => delivery.event_type)).toEqual(['permit_submitted']);
    expect((await claimAt(db(), later(new Date(), 1000))).claimed).toEqual([]);
    await markDelivered(db(), first.claims);
    expect((await deliverTheDue(db())).map((delivery) => delivery.event_type)).toEqual(['permit_granted']);
  });

  it('a failed attempt is due again when the schedule says; after the last it is dead, the next is released, and a replay queues it again', async () => {
    const { owner, authority, reference } = await subscriber(db());
    await deliverTheDue(db());
    const { permitReferenceNumber } = await work(db(), owner, authority);
    await transitionPermit(db(), { permitReferenceNumber, eventType: 'permit_granted' });
    const twoAttempts: RetryPolicy = { schedule: [0, 1000], jitter: { kind: 'full' }, random: () => 1 };
    const failure = { retryAfterMs: null, reason: 'HTTP 500 Internal Server Error' };

    const now = new Date();
    const first = await claimAt(db(), now);
    const [delivery] = first.claimed;
    expect(await settleFailure(db(), { ...first.claims[0]!, attempts: 0 }, failure, now, twoAttempts)).toMatchObject({
      outcome: 'retry',
    });
    expect((await claimAt(db(), later(now, 999))).claimed).toEqual([]);
    const retried = await claimAt(db(), later(now, 1000));
    expect(retried.claimed).toMatchObject([{ id: delivery!.id, attempts: 1 }]);
    expect(await settleFailure(db(), { ...retried.claims[0]!, attempts: 1 }, failure, now, twoAttempts)).toMatchObject({
      outcome: 'dead',
    });

    expect(await queueState(db())).toMatchObject({ pending: 1, dead: 1 });
    expect(await deadLettersOf(db(), { subscription: reference })).toMatchObject([
      { messageId: delivery!.message_id, attempts: 2, lastError: failure.reason },
    ]);
    expect((await deliverTheDue(db())).map((next) => next.event_type)).toEqual(['permit_granted']);

    expect(await replayDeadLetters(db(), { messageId: delivery!.message_id })).toBe(1);
    expect(await deliverTheDue(db())).toMatchObject([{ message_id: delivery!.message_id, attempts: 0 }]);
    expect(await queueState(db())).toEqual({ pending: 0, oldestPendingSeconds: null, dead: 0 });
  });

  it('a replayed dead letter joins the end of its queue: due once the deliveries of its work queued before the replay are done', async () => {
    const { owner, authority } = await subscriber(db());
    await deliverTheDue(db());
    const { permitReferenceNumber } = await work(db(), owner, authority);
    await transitionPermit(db(), { permitReferenceNumber, eventType: 'permit_granted' });
    const now = new Date();
    const first = await claimAt(db(), now);
    const once: RetryPolicy = { schedule: [0], jitter: { kind: 'full' }, random: () => 1 };
    const failure = { retryAfterMs: null, reason: 'HTTP 500 Internal Server Error' };
    expect(await settleFailure(db(), { ...first.claims[0]!, attempts: 0 }, failure, now, once)).toMatchObject({
      outcome: 'dead',
    });

    await replayDeadLetters(db(), { messageId: first.claimed[0]!.message_id });
    const next = await claimAt(db(), new Date());
    expect(next.claimed.map((delivery) => delivery.event_type)).toEqual(['permit_granted']);
    await markDelivered(db(), next.claims);
    expect((await deliverTheDue(db())).map((delivery) => delivery.event_type)).toEqual(['permit_submitted']);
  });

  it('a dead letter is not replayed to a contractor whose contract with the promoter has ended (409)', async () => {
    const owner = await promoter(db());
    const firm = await contractor(db());
    await addContract(db(), { contractor: firm.name, promoter: owner.name });
    const { subscription_reference_number: reference } = await subscribe(
      db(),
      await callerOf(db(), firm, 'Contractor'),
      { api_endpoint: 'http://127.0.0.1:9/hook' },
      { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7' },
    );
    await confirmSubscription(db(), await confirmationTokenOf(db(), reference));
    await deliverTheDue(db());
    await work(db(), owner, await highwayAuthority(db()));
    const now = new Date();
    const { claimed, claims } = await claimAt(db(), now);
    const once: RetryPolicy = { schedule: [0], jitter: { kind: 'full' }, random: () => 1 };
    await settleFailure(db(), { ...claims[0]!, attempts: 0 }, { retryAfterMs: null, reason: 'HTTP 500' }, now, once);
    await addContract(db(), { contractor: firm.name, promoter: (await promoter(db())).name });
    await removeContract(db(), { contractor: firm.name, promoter: owner.name });

    await expect(replayDeadLetters(db(), { messageId: claimed[0]!.message_id })).rejects.toMatchObject({
      status: 409,
    });
    expect(await deadLettersOf(db(), { subscription: reference })).toMatchObject([
      { messageId: claimed[0]!.message_id },
    ]);
    await db().execute(sql`delete from deliveries`);
  });

  if (database.kind === 'postgres') {
    it('unsubscribing while a worker records a delivered attempt of the subscription: both complete, one after the other', async () => {
      const { owner, authority, reference } = await subscriber(db());
      await deliverTheDue(db());
      const { permitReferenceNumber } = await work(db(), owner, authority);
      await transitionPermit(db(), { permitReferenceNumber, eventType: 'permit_granted' });
      const { claimed, claims } = await claimAt(db(), new Date());
      expect(claimed.map((delivery) => delivery.event_type)).toEqual(['permit_submitted']);
      const [queuedBehind] = await queryRows<{ id: string }>(
        db(),
        sql`select id from deliveries where next_attempt_at = 'infinity'`,
      );

      // A writer queuing behind the held notification keeps it locked (outbox.ts), so the worker
      // waits there, partway through recording the delivered one, while the unsubscribe comes in.
      let releaseWriter!: () => void;
      const writerHolds = new Promise<void>((resolve) => (releaseWriter = resolve));
      const writer = db().transaction(async (tx) => {
        await tx.execute(sql`select id from deliveries where id = ${queuedBehind!.id} for share`);
        await writerHolds;
      });
      await waitingForLocks(db(), 0);
      const recorded = markDelivered(db(), claims);
      await waitingForLocks(db(), 1);
      const removed = unsubscribe(db(), await callerOf(db(), owner, 'Planner'), {
        subscription_reference_number: reference,
      });
      await waitingForLocks(db(), 2);
      releaseWriter();

      await expect(Promise.all([writer, recorded, removed])).resolves.toEqual([undefined, undefined, undefined]);
      expect(await queueState(db())).toEqual({ pending: 0, oldestPendingSeconds: null, dead: 0 });
    });

    it('an event recorded while its subscriber is being removed is recorded, queued for no removed subscription', async () => {
      const { owner, authority } = await subscriber(db());
      await deliverTheDue(db());
      const { permitReferenceNumber } = await work(db(), owner, authority);
      await db().execute(sql`delete from deliveries`);

      // The subscription's removal (a worker disabling it, say) is under way, not yet committed,
      // when the event's transaction queues its deliveries.
      let commitRemoval!: () => void;
      const removalHolds = new Promise<void>((resolve) => (commitRemoval = resolve));
      const removal = db().transaction(async (tx) => {
        await tx.execute(sql`delete from subscriptions`);
        await removalHolds;
      });
      await waitingForLocks(db(), 0);
      const recorded = transitionPermit(db(), { permitReferenceNumber, eventType: 'permit_granted' });
      await waitingForLocks(db(), 1);
      commitRemoval();

      await expect(Promise.all([removal, recorded])).resolves.toBeDefined();
      expect(await queueState(db())).toEqual({ pending: 0, oldestPendingSeconds: null, dead: 0 });
    });
  }
});
