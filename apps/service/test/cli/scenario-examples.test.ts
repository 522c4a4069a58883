/**
 * The example scenarios `@street-events/sandbox` ships, played by `street-events scenario run`
 * against the service with the sandbox's operator API, clock and users (on both backends), a
 * delivery worker on the same clock and receivers on loopback ports: each records the events it
 * promises, in order, and they reach polling and the receiver subscribed for them.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotificationMessage, NotificationPayload, WorkUpdateResponse } from '@street-events/types';
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { StepRecord } from '../../src/cli/scenario-play.js';
import { defaultRetryPolicy } from '../../src/deliveries/attempts/retry-schedule.js';
import { SandboxClock } from '../../src/sandbox/clock/sandbox-clock.js';
import { seedSandbox, type SandboxUser } from '../../src/sandbox/seed/sandbox.js';
import { runCli } from '../support/cli.js';
import { describeEachDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';
import { startReceiver, type ReceivedRequest, type Receiver } from '../deliveries/receiver.js';
import { loopbackPolicy, startTestWorker, type MovableWorker } from '../features/notifications/harness.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

type RecordedEvent = components['schemas']['InternalRecordedEvent'];

const examples = fileURLToPath(new URL('../../../../packages/sandbox/scenarios', import.meta.url));

/** The notifications a receiver got, in the order they arrived: each payload and its `webhook-id`. */
const notifications = (receiver: Receiver) =>
  receiver.received
    .map((request: ReceivedRequest) => ({ request, message: JSON.parse(request.body) as NotificationMessage }))
    .filter(({ message }) => message.Type === 'Notification')
    .map(({ request, message }) => ({
      id: request.headers['webhook-id'],
      payload: JSON.parse(message.Message) as NotificationPayload,
    }));

/** The events the triggers of a play recorded, in order. */
const triggered = (records: StepRecord[]): RecordedEvent[] =>
  records.flatMap((record) => (record.kind === 'trigger' ? record.events : []));

describeEachDatabase('the example scenarios', (database) => {
  const db = () => database.db;
  let clock: SandboxClock;
  let service: RunningService;
  let worker: MovableWorker;
  let users: SandboxUser[];
  let operator: string;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    ({ users } = await seedSandbox(db(), { events: 0 }));
    clock = await SandboxClock.open(db());
    let baseUrl = '';
    service = await startService({
      db: db(),
      clock: clock.now,
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
      listen: database.listen,
      layer: sandboxLayer({ db: db(), users, clock }),
    });
    baseUrl = service.baseUrl;
    // As in the sandbox: the standard schedule (5 s, 5 min, 30 min, 2 h, … after each failure), and
    // unconfirmed subscriptions expired every 10 s, so that the clock's move is what removes one.
    worker = await startTestWorker(database, {
      clock: clock.now,
      retryPolicy: defaultRetryPolicy,
      expiryIntervalMs: 10_000,
    });
    operator = users.find((user) => user.role === 'Operator')!.token;
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await service?.close();
    for (const receiver of receivers) await receiver.close();
    await clock?.reset(db());
  });

  const tokenOf = (organisation: string) =>
    users.find((user) => user.organisation === organisation && user.role !== 'Operator')!.token;

  async function receiver(status: number): Promise<Receiver> {
    const started = await startReceiver();
    started.answer = { status };
    receivers.push(started);
    return started;
  }

  /** Plays the example through the command line; what each step recorded. */
  async function play(name: string, variables: Record<string, string> = {}): Promise<StepRecord[]> {
    const vars = Object.entries(variables).flatMap(([key, value]) => ['--var', `${key}=${value}`]);
    const target = ['--service', new URL(service.baseUrl).origin, '--token', operator];
    const { code, stdout, stderr } = await runCli([
      'scenario',
      'run',
      join(examples, `${name}.yaml`),
      ...target,
      ...vars,
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    return JSON.parse(stdout) as StepRecord[];
  }

  /** A receiver answering 200, subscribed and confirmed for the organisation. */
  async function subscribed(organisation: string): Promise<Receiver> {
    const listening = await receiver(200);
    const body = { api_endpoint: listening.url };
    const created = await service.request('POST', '/api-notifications/subscribe', {
      token: tokenOf(organisation),
      body,
    });
    expect(created.status).toBe(200);
    const path = `/organisations/${encodeURIComponent(organisation)}/subscription`;
    const confirmed = await service.internalRequest('PUT', path, {
      token: operator,
      body: { ...body, status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    return listening;
  }

  /** The events as polled by the organisation, from just before the first: the same, in the same order. */
  async function expectPolled(organisation: string, events: RecordedEvent[]) {
    const response = await service.request<WorkUpdateResponse>('GET', '/works/updates', {
      token: tokenOf(organisation),
      query: { update_id: events[0]!.update_id - 1 },
    });
    const ids = new Set(events.map((event) => event.update_id));
    const polled = response.body.rows.filter((row) => ids.has(row.update_id));
    expect(polled.map((row) => [row.update_id, row.event_type, row.object_reference_number])).toEqual(
      events.map((event) => [event.update_id, event.event_type, event.object_reference_number]),
    );
  }

  /** The events as the receiver got them: each notified once, in order. */
  async function expectNotified(listening: Receiver, events: RecordedEvent[]) {
    const ids = new Set(events.map((event) => event.update_id));
    const arrived = await vi.waitFor(
      () => {
        const got = notifications(listening).filter(({ payload }) => ids.has(payload.update_id));
        expect(got).toHaveLength(events.length);
        return got;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(arrived.map(({ payload }) => [payload.update_id, payload.event_type])).toEqual(
      events.map((event) => [event.update_id, event.event_type]),
    );
  }

  it('an immediate permit started at creation: permit_submitted and work_start_logged at once, then work_stop_logged', async () => {
    const listening = await subscribed('Northern Water');
    const events = triggered(await play('immediate-permit'));
    const work = events[0]!.parent_object_reference_number;
    expect(events.map((event) => [event.event_type, event.object_reference_number])).toEqual([
      ['permit_submitted', `${work}-01`],
      ['work_start_logged', `${work}-01`],
      ['work_stop_logged', `${work}-01`],
    ]);
    expect(events[1]!.update_date_time).toBe(events[0]!.update_date_time);
    await expectPolled('Northern Water', events);
    await expectNotified(listening, events);
  });

  it('a permit refused, then submitted again as <work>-02 and granted', async () => {
    const listening = await subscribed('Pennine Gas Networks');
    const events = triggered(await play('refused-then-resubmitted'));
    const work = events[0]!.parent_object_reference_number;
    expect(events.map((event) => [event.event_type, event.object_reference_number])).toEqual([
      ['permit_submitted', `${work}-01`],
      ['permit_refused', `${work}-01`],
      ['permit_submitted', `${work}-02`],
      ['permit_granted', `${work}-02`],
    ]);
    await expectPolled('Pennine Gas Networks', events);
    await expectNotified(listening, events);
  });

  it('a subscription never confirmed gets no notification, and is removed after 49 hours', async () => {
    const listening = await receiver(200);
    const [subscribe, , trigger, moved] = await play('unconfirmed-subscription', { endpoint: listening.url });
    expect(subscribe).toMatchObject({ kind: 'subscribe', status: 'unconfirmed', api_endpoint: listening.url });
    const reference = (subscribe as { subscription_reference_number: string }).subscription_reference_number;
    expect(moved).toMatchObject({ kind: 'clock', advanced: '49h', subscriptions_removed: [reference] });
    await expectPolled('Aire Valley Fibre', triggered([trigger!]));
    expect(listening.received.map((request) => JSON.parse(request.body) as NotificationMessage)).toEqual([
      expect.objectContaining({ Type: 'SubscriptionConfirmation' }),
    ]);
    const left = await service.internalRequest<components['schemas']['InternalSubscriptionList']>(
      'GET',
      '/subscriptions',
      { token: operator, query: { organisation: 'Aire Valley Fibre' } },
    );
    expect(left.body.subscriptions).toEqual([]);
  });

  it('an endpoint that fails for a day gets the same notification again at each retry as the clock moves on', async () => {
    const failing = await receiver(503);
    const records = await play('failing-endpoint', { endpoint: failing.url });
    const events = triggered(records);
    expect(events.map((event) => event.event_type)).toEqual(['permit_submitted']);
    const settled = records.filter((record) => record.kind === 'wait' && 'messages' in record);
    const attemptsOf = (record: StepRecord) =>
      'messages' in record ? record.messages.find((message) => message.update_id === events[0]!.update_id) : undefined;
    expect(settled.map((record) => attemptsOf(record)?.attempts)).toEqual([1, 2, 3, 4, 5]);
    expect(attemptsOf(settled.at(-1)!)).toMatchObject({ state: 'pending', answers: '503 503 503 503 503' });
    await expectPolled('Leeds City Council', events);
    const sent = notifications(failing).filter(({ payload }) => payload.update_id === events[0]!.update_id);
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map(({ id }) => id)).size).toBe(1);
  });
});
