/**
 * The sandbox's clock, end to end: the service over HTTP with the clock of `serve --sandbox`, a
 * delivery worker on the same clock, a receiver on a loopback port. Each rule that waits on time
 * happens once `clock advance` passes its moment: the 48-hour removal of an unconfirmed
 * subscription, the replacement of a stale polling cursor, a retry falling due, a permit deemed,
 * a quarter ended. Outside the sandbox there is no clock to move.
 */
import type { ErrorResponse, SubscriptionCreateResponse, WorkUpdateResponse } from '@street-events/types';
import { propertyConstraints, type components } from '@street-events/types/operator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../../src/directory/organisations.js';
import { quarterBounds, quarterOf } from '../../../src/domain/quarters.js';
import { SandboxClock } from '../../../src/sandbox/clock/sandbox-clock.js';
import { describeEachDatabase } from '../../support/databases.js';
import { highwayAuthority, promoter, tokenFor } from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';
import { workBody } from '../../support/internal-api.js';
import { startReceiverBySubscription, type Answer, type Receiver } from '../../deliveries/receiver.js';
import {
  confirm,
  confirmationTokenOf,
  endpoint,
  loopbackPolicy,
  startTestWorker,
  type MovableWorker,
} from '../../features/notifications/harness.js';
import { sandboxLayer } from '../../../src/sandbox/layer.js';

type Schemas = components['schemas'];
type Clock = Schemas['InternalSandboxClock'];
type Advanced = Schemas['InternalClockAdvanced'];

const hour = 60 * 60 * 1000;
const day = 24 * hour;

describeEachDatabase('the sandbox clock', (database) => {
  const db = () => database.db;
  let clock: SandboxClock;
  let service: RunningService;
  let worker: MovableWorker;
  let receiver: Receiver;
  let operator: string;
  /** Each subscription's answer, by reference; 200 by default. */
  const answers = new Map<string, Answer>();

  beforeAll(async () => {
    receiver = await startReceiverBySubscription(answers);
    clock = await SandboxClock.open(db());
    let baseUrl = '';
    service = await startService({
      db: db(),
      clock: clock.now,
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
      listen: database.listen,
      layer: sandboxLayer({ db: db(), users: [], clock }),
    });
    baseUrl = service.baseUrl;
    // A retry an hour after a failure, then another a day later.
    worker = await startTestWorker(database, {
      clock: clock.now,
      retryPolicy: { schedule: [0, hour, day], jitter: { kind: 'full' }, random: () => 1 },
    });
    operator = await tokenFor(db(), await promoter(db()), 'Operator');
  }, 30_000);
  afterAll(async () => {
    await worker?.stop();
    await service?.close();
    await receiver?.close();
    await clock?.reset(db());
  });

  const read = async () => (await service.internalRequest<Clock>('GET', '/sandbox/clock', { token: operator })).body;

  async function advance(by: string): Promise<Advanced> {
    const response = await service.internalRequest<Advanced>('POST', '/sandbox/clock/advance', {
      token: operator,
      body: { by },
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  /** A new promoter and authority, the promoter's Planner token, and a standard permit submitted now. */
  async function submitted() {
    const owner = await promoter(db());
    const authority = await highwayAuthority(db());
    const response = await service.internalRequest<{ work_reference_number: string; permit_reference_number: string }>(
      'POST',
      '/works',
      { token: operator, body: workBody(owner, authority, { work_category: 'standard' }) },
    );
    expect(response.status).toBe(201);
    return { owner, authority, planner: await tokenFor(db(), owner, 'Planner'), ...response.body };
  }

  async function subscribe(owner: Organisation, apiEndpoint: string): Promise<string> {
    const response = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token: await tokenFor(db(), owner, 'Planner'),
      body: { api_endpoint: apiEndpoint },
    });
    expect(response.status).toBe(200);
    return response.body.subscription_reference_number;
  }

  async function notificationOf(reference: string): Promise<Schemas['InternalMessage']> {
    const messages = await service.internalRequest<Schemas['InternalMessagePage']>(
      'GET',
      `/subscriptions/${reference}/messages`,
      { token: operator },
    );
    const notification = messages.body.messages.find((message) => message.kind === 'notification');
    expect(notification).toBeDefined();
    return notification!;
  }

  const poll = async (token: string, updateId: number) =>
    (await service.request<WorkUpdateResponse>('GET', '/works/updates', { token, query: { update_id: updateId } }))
      .body;

  it('reads the sandbox time, the wall clock and how far apart they are', async () => {
    const before = await read();
    await advance('2h');
    const after = await read();
    expect(after.offset_seconds - before.offset_seconds).toBe(2 * 3600);
    expect(Date.parse(after.now) - Date.parse(after.wall_clock)).toBe(after.offset_seconds * 1000);
  });

  it('stamps the events recorded after a move with the moved time', async () => {
    await advance('3d');
    const { offset_seconds } = await read();
    const { planner } = await submitted();
    const [update] = (await poll(planner, 0)).rows;
    expect(Date.parse(update!.update_date_time) - Date.now()).toBeGreaterThan(offset_seconds * 1000 - 60_000);
  });

  it('keeps the clock across restarts', async () => {
    const { offset_seconds } = await read();
    expect((await SandboxClock.open(db())).read().offsetMs).toBe(offset_seconds * 1000);
  });

  it('removes a subscription left unconfirmed once 48 hours have passed, not before', async () => {
    const { owner } = await submitted();
    const reference = await subscribe(owner, endpoint);
    expect((await advance('47h')).subscriptions_removed).not.toContain(reference);
    expect((await advance('2h')).subscriptions_removed).toEqual([reference]);
    const listed = await service.internalRequest<Schemas['InternalSubscriptionList']>('GET', '/subscriptions', {
      token: operator,
    });
    expect(listed.body.subscriptions.map((subscription) => subscription.subscription_reference_number)).not.toContain(
      reference,
    );
  });

  it('replaces a polling cursor once it is over seven days old by the latest update at least an hour old', async () => {
    const { planner } = await submitted();
    await advance('6d'); // the permit is deemed, the last update for now
    const last = (await poll(planner, 0)).rows.at(-1)!;
    expect('next_update' in (await poll(planner, last.update_id))).toBe(false);
    await advance('8d');
    const replaced = await poll(planner, last.update_id);
    expect(replaced.rows).toEqual([]);
    expect(replaced.next_update).toBeGreaterThanOrEqual(last.update_id);
  });

  it('deems a permit still awaiting assessment at its deadline, at the deadline’s time', async () => {
    const { planner, permit_reference_number } = await submitted();
    const deadlineDays = 5;
    const moved = await advance(`${deadlineDays + 1}d`);
    const deemed = moved.events.find(
      (event) => event.event_type === 'permit_deemed' && event.object_reference_number === permit_reference_number,
    );
    expect(deemed).toBeDefined();
    expect(Date.parse(moved.clock.now) - Date.parse(deemed!.update_date_time)).toBeGreaterThan(0.9 * day);
    const seen = (await poll(planner, 0)).rows.map((update) => update.event_type);
    expect(seen).toContain('permit_deemed');
  });

  it('ends a quarter with a sample inspection still open when the clock passes its end', async () => {
    const { work_reference_number } = await submitted();
    const opened = await service.internalRequest<{ reference: string }>(
      'POST',
      `/works/${work_reference_number}/objects`,
      { token: operator, body: { object_type: 'sample_inspection', event_type: 'sample_inspection_created' } },
    );
    expect(opened.status).toBe(201);
    const { now } = await read();
    const quarter = quarterOf(new Date(now));
    const untilEnd = Math.ceil((quarterBounds(quarter).end.getTime() - Date.parse(now)) / hour) + 1;
    const moved = await advance(`${untilEnd}h`);
    const kinds = moved.events.map((event) => [event.event_type, event.object_reference_number]);
    expect(kinds).toContainEqual(['sample_inspection_expired', opened.body.reference]);
    expect(kinds).toContainEqual(['sample_inspection_quarter_ended', quarter]);
  });

  /** A confirmed subscription whose endpoint refuses a notification (503): its first try made, its retry scheduled. */
  async function retryWaiting() {
    const { owner, authority } = await submitted();
    const reference = await subscribe(owner, receiver.url);
    expect((await confirm(service, await confirmationTokenOf(db(), reference))).status).toBe(200);
    const sent = () => receiver.received.filter((request) => request.body.includes(reference)).length;
    // The handshake is answered 200 before the endpoint turns to 503, or it too would wait for a retry.
    await vi.waitFor(() => expect(sent()).toBe(1), { timeout: 10_000 });
    answers.set(reference, { status: 503 });
    await service.internalRequest('POST', '/works', { token: operator, body: workBody(owner, authority) });
    await vi.waitFor(async () => expect((await notificationOf(reference)).attempts).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(sent()).toBe(2); // the confirmation and the first try
    return { reference, sent };
  }

  it('sends a retry once the clock passes its time, without waiting for it', async () => {
    const { sent } = await retryWaiting();
    await advance('61m');
    await vi.waitFor(() => expect(sent()).toBe(3), { timeout: 10_000 });
  });

  it('puts the clock back on the wall clock, and a retry waiting on it no later than it had left', async () => {
    const { reference } = await retryWaiting();
    const reset = await service.internalRequest<Clock>('POST', '/sandbox/clock/reset', { token: operator });
    expect(reset.body.offset_seconds).toBe(0);
    const { next_attempt_at: next } = await notificationOf(reference);
    expect(Date.parse(next!) - Date.now()).toBeLessThanOrEqual(hour);
    expect(Date.parse(next!) - Date.now()).toBeGreaterThan(hour - 5 * 60_000);
  });

  /** The furthest the clock runs ahead of the wall clock, as the document bounds it. */
  const maxOffsetSeconds = propertyConstraints.InternalSandboxClock.offset_seconds.maximum;
  const advanceTo = (by: string) =>
    service.internalRequest<ErrorResponse>('POST', '/sandbox/clock/advance', { token: operator, body: { by } });
  const resetClock = () => service.internalRequest('POST', '/sandbox/clock/reset', { token: operator });

  it('advances up to the furthest the clock runs ahead of the wall clock', async () => {
    await resetClock();
    const days = maxOffsetSeconds / 86_400;
    expect(Number.isInteger(days)).toBe(true);
    await advance(`${days - 1}d`);
    await advance('1d');
    expect((await read()).offset_seconds).toBe(maxOffsetSeconds);
    await resetClock();
  }, 60_000);

  it('refuses an advance past the furthest the clock runs ahead with 400 naming by, the clock unchanged', async () => {
    await resetClock();
    await advance(`${maxOffsetSeconds / 86_400 - 1}d`);
    const before = await read();
    const refused = await advanceTo('1441m');
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'by', rule: 'maximum' })]);
    expect(refused.body.message).toMatch(/by may be at most 86400 seconds/);
    expect((await read()).offset_seconds).toBe(before.offset_seconds);
    await advance('1d');
    expect((await advanceTo('1s')).status).toBe(400);
    expect((await read()).offset_seconds).toBe(maxOffsetSeconds);
    await resetClock();
  }, 60_000);

  it('answers the largest advance of every unit without a 5xx, even repeated', async () => {
    await resetClock();
    for (const unit of ['s', 'm', 'h', 'd', 'w'])
      for (let time = 0; time < 3; time += 1) expect([200, 400]).toContain((await advanceTo(`9999${unit}`)).status);
    expect((await advanceTo('9999w')).status).toBe(400);
    expect((await read()).offset_seconds).toBeLessThanOrEqual(maxOffsetSeconds);
    await resetClock();
  }, 120_000);

  it('refuses a duration that is not a number and a unit, naming the field', async () => {
    const response = await service.internalRequest<ErrorResponse>('POST', '/sandbox/clock/advance', {
      token: operator,
      body: { by: '-3 days' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'by', rule: 'pattern' }));
  });

  it('is the Operator’s alone', async () => {
    const planner = await tokenFor(db(), await promoter(db()), 'Planner');
    const response = await service.internalRequest<ErrorResponse>('POST', '/sandbox/clock/advance', {
      token: planner,
      body: { by: '1h' },
    });
    expect(response.status).toBe(403);
  });
});

describeEachDatabase('outside the sandbox', (database) => {
  let service: RunningService;
  let operator: string;
  beforeAll(async () => {
    service = await startService({ db: database.db });
    operator = await tokenFor(database.db, await promoter(database.db), 'Operator');
  });
  afterAll(() => service?.close());

  describe('there is no clock to move', () => {
    it.each([
      ['GET', '/sandbox/clock', undefined],
      ['POST', '/sandbox/clock/advance', { by: '49h' }],
      ['POST', '/sandbox/clock/reset', undefined],
    ] as const)('%s %s is 404', async (method, path, body) => {
      const response = await service.internalRequest<ErrorResponse>(method, path, { token: operator, body });
      expect(response.status).toBe(404);
    });
  });
});
