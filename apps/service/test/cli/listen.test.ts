/**
 * `street-events listen` as a process of its own against the service over HTTP (a worker
 * delivering on the same database) and a local handler on a loopback port: it forwards a
 * delivery and prints its line, confirms on the developer's behalf only in the sandbox, and on
 * SIGINT leaves the organisation's subscription as it found it.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createUser } from '../../src/directory/users.js';
import { issueToken, revokeToken } from '../../src/directory/tokens.js';
import type { Organisation } from '../../src/directory/organisations.js';
import type { components } from '@street-events/types/operator';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { highwayAuthority, promoter, tokenFor, work } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';
import { startCli } from '../support/cli.js';
import { loopbackPolicy, startTestWorker, type MovableWorker } from '../features/notifications/harness.js';
import { startReceiver, type Receiver } from '../deliveries/receiver.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

type Subscription = components['schemas']['InternalSubscription'];

/** `street-events listen …`; `stdout()` and `stderr()` are what it printed so far. */
const listenProcess = (args: string[]) => startCli(['listen', ...args], { LOG_LEVEL: 'warn' });

// A `listen` process takes a while to start on a loaded machine.
const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 45_000, interval: 50 });
vi.setConfig({ testTimeout: 150_000 });

/**
 * The database's LISTEN, which a test can take down: notifications sent meanwhile are lost, and
 * bringing it back tells each listener so, as a lost LISTEN connection does once re-established.
 */
function interruptible(listen: TestDatabase['listen']) {
  let down = false;
  const listeners = new Set<(payload?: string) => void>();
  return {
    listen: (async (channel, onNotify, log) => {
      listeners.add(onNotify);
      const unlisten = await listen(channel, (payload) => (down ? undefined : onNotify(payload)), log);
      return async () => {
        listeners.delete(onNotify);
        await unlisten();
      };
    }) satisfies TestDatabase['listen'],
    down: () => void (down = true),
    up: () => {
      down = false;
      for (const onNotify of listeners) onNotify();
    },
  };
}

describeEachDatabase('street-events listen', (database) => {
  const db = () => database.db;
  let handler: Receiver;
  let sandbox: RunningService;
  let service: RunningService;
  let worker: MovableWorker;
  let operator: string;

  const sandboxListen = interruptible(database.listen);

  /** A service in the sandbox or not, on any free port or on `port`. */
  const start = (isSandbox: boolean, port = 0) => {
    let baseUrl = '';
    return startService(
      {
        db: db(),
        notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
        listen: isSandbox ? sandboxListen.listen : database.listen,
        layer: isSandbox ? sandboxLayer({ db: db(), users: [] }) : undefined,
      },
      port,
    ).then((running) => {
      baseUrl = running.baseUrl;
      return running;
    });
  };

  beforeAll(async () => {
    handler = await startReceiver();
    sandbox = await start(true);
    service = await start(false);
    worker = await startTestWorker(database);
    operator = await tokenFor(db(), await promoter(db()), 'Operator');
  }, 30_000);
  afterAll(async () => {
    await worker?.stop();
    await sandbox?.close();
    await service?.close();
    await handler?.close();
  });

  const origin = (running: RunningService) => new URL(running.baseUrl).origin;
  const listening = (running: RunningService, owner: Organisation) =>
    listenProcess([
      '--org',
      owner.swaCode!,
      '--forward-to',
      handler.url,
      '--service',
      origin(running),
      '--token',
      operator,
    ]);

  async function subscriptionsOf(owner: Organisation): Promise<Subscription[]> {
    const response = await sandbox.internalRequest<components['schemas']['InternalSubscriptionList']>(
      'GET',
      '/subscriptions',
      { token: operator, query: { organisation: owner.swaCode! } },
    );
    return response.body.subscriptions;
  }

  /** The update ids of the organisation's notifications, once each has been attempted. */
  const attemptedNotifications = (owner: Organisation) =>
    waitFor(async () => {
      const [subscription] = await subscriptionsOf(owner);
      const page = await sandbox.internalRequest<components['schemas']['InternalMessagePage']>(
        'GET',
        `/subscriptions/${subscription!.subscription_reference_number}/messages`,
        { token: operator },
      );
      const notifications = page.body.messages.filter((message) => message.kind === 'notification');
      expect(notifications.every((message) => message.attempts.length === 1)).toBe(true);
      return notifications.map((message) => message.update_id!).sort((a, b) => a - b);
    });

  /** The update ids of the deliveries the listen process printed, in order. */
  const printedUpdateIds = (run: ReturnType<typeof listenProcess>) =>
    [...run.stdout().matchAll(/ update_id (\d+) /g)].map((match) => Number(match[1])).sort((a, b) => a - b);

  it('forwards a delivery to the local handler, prints its line, and removes the subscription it made on SIGINT', async () => {
    const owner = await promoter(db());
    const authority = await highwayAuthority(db());
    const run = listening(sandbox, owner);
    await waitFor(() => expect(run.stderr()).toContain('forwarding'));
    expect(await subscriptionsOf(owner), run.stderr()).toMatchObject([
      { status: 'confirmed', api_endpoint: handler.url },
    ]);
    const { workReferenceNumber } = await work(db(), owner, authority);
    const line = await waitFor(() => {
      const found = run
        .stdout()
        .split('\n')
        .find((printed) => printed.includes('permit_submitted'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(line).toMatch(/^\d{4}-\d\d-\d\dT\S+Z {2}permit_submitted {2}update_id \d+ {2}200 {2}\d+ ms$/);
    const forwarded = handler.received
      .map((request) => request.body)
      .filter((body) => body.includes(workReferenceNumber));
    expect(forwarded).toHaveLength(1);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toContain('removed');
    expect(await subscriptionsOf(owner)).toEqual([]);
  });

  it('in the sandbox the handshake is still sent, and its SubscribeURL answers 200 once, the subscription staying confirmed', async () => {
    const owner = await promoter(db());
    const run = listening(sandbox, owner);
    await waitFor(() => expect(run.stderr()).toContain('forwarding'));
    const [subscription] = await subscriptionsOf(owner);
    const reference = subscription!.subscription_reference_number;
    const handshake = await waitFor(() => {
      const found = handler.received.find(
        ({ body }) => body.includes('SubscriptionConfirmation') && body.includes(reference),
      );
      expect(found).toBeDefined();
      return JSON.parse(found!.body) as { SubscribeURL: string };
    });
    expect((await fetch(handshake.SubscribeURL)).status).toBe(200);
    expect((await fetch(handshake.SubscribeURL)).status).toBe(404);
    expect(await subscriptionsOf(owner)).toMatchObject([
      { status: 'confirmed', confirmed_at: subscription!.confirmed_at },
    ]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('prints a delivery whose change the service missed once it resyncs, and each delivery once', async () => {
    const owner = await promoter(db());
    const authority = await highwayAuthority(db());
    const run = listening(sandbox, owner);
    const printedIds = () => printedUpdateIds(run);
    await waitFor(() => expect(run.stderr()).toContain('forwarding'));
    const attempted = () => attemptedNotifications(owner);
    await work(db(), owner, authority);
    const before = await attempted();
    await waitFor(() => expect(printedIds()).toEqual(before));
    sandboxListen.down();
    let all: number[];
    try {
      await work(db(), owner, authority);
      all = await attempted();
      expect(all.length).toBeGreaterThan(before.length);
      expect(printedIds(), 'missed while the service could not listen').toEqual(before);
    } finally {
      sandboxListen.up();
    }
    await waitFor(() => expect(printedIds()).toEqual(all));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(printedIds()).toEqual(all);
  });

  it('opens the stream again when the service restarts, and prints what was delivered meanwhile', async () => {
    const owner = await promoter(db());
    const authority = await highwayAuthority(db());
    const restarting = await start(true);
    const port = Number(new URL(restarting.baseUrl).port);
    const run = listening(restarting, owner);
    await waitFor(() => expect(run.stderr()).toContain('forwarding'));
    await restarting.close();
    await waitFor(() => expect(run.stderr()).toContain('opening it again'));
    await work(db(), owner, authority);
    const delivered = await attemptedNotifications(owner);
    expect(delivered.length).toBeGreaterThan(0);
    expect(printedUpdateIds(run), 'delivered while the service was down').toEqual([]);
    const restarted = await start(true, port);
    try {
      await waitFor(() => expect(run.stderr()).toContain('following the deliveries again'));
      await waitFor(() => expect(printedUpdateIds(run)).toEqual(delivered));
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
      expect(run.stderr()).toContain('removed');
    } finally {
      await restarted.close();
    }
  });

  it('ends in one error line when the restarted service refuses its token', async () => {
    const owner = await promoter(db());
    const user = await createUser(db(), {
      username: `listener-${owner.swaCode}`,
      role: 'Operator',
      organisation: owner.name,
    });
    const { token, prefix } = await issueToken(db(), user.username);
    const restarting = await start(true);
    const port = Number(new URL(restarting.baseUrl).port);
    const run = listenProcess([
      '--org',
      owner.swaCode!,
      '--forward-to',
      handler.url,
      '--service',
      origin(restarting),
      '--token',
      token,
    ]);
    await waitFor(() => expect(run.stderr()).toContain('forwarding'));
    await restarting.close();
    await waitFor(() => expect(run.stderr()).toContain('opening it again'));
    await revokeToken(db(), prefix);
    const restarted = await start(true, port);
    try {
      expect(await run.exited).toBe(1);
      expect(run.stderr()).toMatch(/\nerror: the stream of deliveries answered 401\n$/);
    } finally {
      await restarted.close();
    }
  });

  it('restores the endpoint and state of the subscription it found on SIGINT', async () => {
    const owner = await promoter(db());
    const before = await sandbox.internalRequest<Subscription>('PUT', `/organisations/${owner.swaCode}/subscription`, {
      token: operator,
      body: { api_endpoint: 'http://127.0.0.1:9/elsewhere', status: 'confirmed' },
    });
    expect(before.status).toBe(200);
    const run = listening(sandbox, owner);
    await waitFor(() => expect(run.stderr()).toContain('forwarding'));
    expect(await subscriptionsOf(owner)).toMatchObject([{ api_endpoint: handler.url, status: 'confirmed' }]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    // Its endpoint refuses connections, so by now it may be failing (`failing_since`) as it was bound to.
    const after = await subscriptionsOf(owner);
    expect(after.map((subscription) => ({ ...subscription, failing_since: null }))).toEqual([before.body]);
  });

  it('outside the sandbox leaves the confirmation to the handler', async () => {
    const owner = await promoter(db());
    const run = listening(service, owner);
    await waitFor(() => expect(run.stderr()).toContain('confirm it'));
    const reference = (await subscriptionsOf(owner))[0]?.subscription_reference_number ?? 'none';
    // The handshake reaches the handler (the worker's part), then its line is printed (the stream's part).
    await waitFor(() =>
      expect(
        handler.received.some(({ body }) => body.includes('SubscriptionConfirmation') && body.includes(reference)),
        run.stderr(),
      ).toBe(true),
    );
    await waitFor(() => expect(run.stdout(), run.stderr()).toContain('SubscriptionConfirmation'));
    expect(await subscriptionsOf(owner)).toMatchObject([{ status: 'unconfirmed', api_endpoint: handler.url }]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(await subscriptionsOf(owner)).toEqual([]);
  });

  it('an unknown organisation is one line and exit code 1', async () => {
    const run = listenProcess([
      '--org',
      'Nobody At All',
      '--forward-to',
      handler.url,
      '--service',
      origin(sandbox),
      '--token',
      operator,
    ]);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toBe('error: no organisation Nobody At All\n');
  });
});
