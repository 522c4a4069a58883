/**
 * The reconciler against the client's fake of the interface on loopback, with an in-memory
 * store: what it asks the service, in which batches, and how it folds and retries runs.
 */
import { createEventsClient } from '@street-events/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { startFakeEventsService, type FakeEventsService } from '@street-events/client/testing';
import type { Log } from '../src/log.js';
import { firstRetryMs, Reconciler } from '../src/reconciler.js';
import { WatchStore } from '../src/store/store.js';
import { permit, update } from './support/fixtures.js';
import { endPauses, fakeClock, pausesBetween, pausesBetweenTimes, until } from './support/pauses.js';
import { emptyStore } from './support/store.js';

let service: FakeEventsService;
let store: WatchStore;
let reconciler: Reconciler;
/** When the reconciler sent each poll, by `Date.now()` as it sent it. */
let polls: number[];
const logged: string[] = [];
const log: Log = (_level, message) => void logged.push(message);

function start(intervalMs = 3_600_000): Reconciler {
  const client = createEventsClient({
    baseUrl: service.baseUrl,
    token: 'se_test',
    retry: false,
    fetch: (request) => {
      if (new URL(request.url).pathname.endsWith('/works/updates')) polls.push(Date.now());
      return fetch(request);
    },
  });
  reconciler = new Reconciler({ client, store, log, intervalMs });
  return reconciler;
}

/** On a faked clock: ends each pause after a failed attempt by moving the clock on by `expected`. */
function endPausesOfPolls(expected: number[]): Promise<void> {
  return endPauses(expected, { failures: () => reconciler.status.failures, attempts: () => polls.length });
}

beforeAll(async () => {
  store = await WatchStore.open();
});
afterAll(() => store.close());
beforeEach(async () => {
  service = await startFakeEventsService();
  await emptyStore(store);
  polls = [];
  logged.length = 0;
});
afterEach(async () => {
  await reconciler?.stop();
  await service.close();
});

describe('reconciliation', () => {
  test('stores every update of the feed and the permits of every work in it', async () => {
    service.state.updates = Array.from({ length: 600 }, (_, i) => update(i + 1, `W${(i % 40) + 1}`));
    service.state.permits = Array.from({ length: 40 }, (_, i) => permit(`W${i + 1}`));
    await start().reconcile();
    expect(await store.cursor()).toBe(600);
    expect(await store.counts()).toMatchObject({ works: 40, events: 600, permits: 40, stale_works: 0 });
    expect(service.requestsTo('/works/updates').map((request) => request.url.searchParams.get('page_size'))).toEqual([
      '250',
      '250',
      '250',
    ]);
  });

  test('searches permits in batches of at most 1000 works', async () => {
    service.state.updates = Array.from({ length: 1500 }, (_, i) => update(i + 1, `W${i + 1}`));
    await start().reconcile();
    const batches = service
      .requestsTo('/permits/search')
      .map(
        (request) => (JSON.parse(request.body) as { work_reference_numbers: string[] }).work_reference_numbers.length,
      );
    expect(batches).toEqual([1000, 500]);
    expect((await store.counts()).stale_works).toBe(0);
  });

  test('resumes from the stored cursor', async () => {
    service.state.updates = [update(1, 'W1'), update(2, 'W1'), update(3, 'W2')];
    await store.applyUpdates([update(1, 'W1'), update(2, 'W1')], 2);
    await start().reconcile();
    expect(service.requestsTo('/works/updates')[0]!.url.searchParams.get('update_id')).toBe('2');
    expect((await store.allUpdates()).map((row) => row.update_id)).toEqual([1, 2, 3]);
  });

  test('stores the replacement for a stale cursor', async () => {
    service.state.staleCursors.set(5, 90);
    await store.applyUpdates([update(5, 'W1')], 5);
    await start().reconcile();
    expect(await store.cursor()).toBe(90);
  });

  test('requests made during a run are folded into one more run', async () => {
    start();
    await Promise.all([reconciler.reconcile(), reconciler.reconcile(), reconciler.reconcile(), reconciler.reconcile()]);
    expect(service.requestsTo('/works/updates')).toHaveLength(2);
  });
});

describe('after a failed attempt', () => {
  test('a failed attempt is reported in the status and the log', async () => {
    service.failNext({ status: 503 });
    void start().reconcile();
    await expect.poll(() => reconciler.status).toMatchObject({ running: true, failures: 1 });
    expect(reconciler.status.lastError).toContain('503');
    expect(logged).toContain('reconciliation failed; trying again');
  });

  test('a reconciliation asked for during the pause is tried at once', async () => {
    service.failNext({ status: 503 });
    void start(60_000).reconcile();
    await expect.poll(() => reconciler.status.failures).toBe(1);
    await reconciler.reconcile();
    const [pause] = pausesBetween(service, '/works/updates');
    expect(pause).toBeLessThan(firstRetryMs);
    expect(reconciler.status.failures).toBe(0);
  });
});

describe('after a failed attempt, on a faked clock', () => {
  beforeEach(fakeClock);
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the attempt that succeeds clears the failures and stores the page', async () => {
    service.state.updates = [update(1, 'W1')];
    service.failNext({ status: 503 }, { status: 503 });
    const run = start().reconcile();
    await endPausesOfPolls([firstRetryMs, 2 * firstRetryMs]);
    await run;
    expect(reconciler.status).toMatchObject({ running: false, failures: 0, lastError: null });
    expect(await store.cursor()).toBe(1);
  });

  test('the next attempts come after 1 s, 2 s and 4 s, not at the next interval', async () => {
    service.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    const run = start(60_000).reconcile();
    await endPausesOfPolls([firstRetryMs, 2 * firstRetryMs, 4 * firstRetryMs]);
    await run;
    expect(pausesBetweenTimes(polls)).toEqual([firstRetryMs, 2 * firstRetryMs, 4 * firstRetryMs]);
  });

  test('the pause between attempts grows to the interval and no further', async () => {
    service.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    const run = start(1500).reconcile();
    await endPausesOfPolls([firstRetryMs, 1500, 1500]);
    await run;
    expect(pausesBetweenTimes(polls)).toEqual([firstRetryMs, 1500, 1500]);
  });

  test('stopping ends the pause, and no attempt follows', async () => {
    service.failNext({ status: 503 }, { status: 503 });
    const run = start(60_000).reconcile();
    await until(() => reconciler.status.failures === 1);
    await reconciler.stop();
    await run;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls).toHaveLength(1);
    expect(service.requestsTo('/works/updates')).toHaveLength(1);
  });
});
