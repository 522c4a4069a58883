// createReconciler against the fake of the interface on loopback: the feed is the truth, a
// notification only brings the next poll forward, and the application sees each update once.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createEventsClient,
  createReconciler,
  memoryCursorStore,
  type NotificationPayload,
  type Reconciler,
  type ReconcilerOptions,
  type WorkUpdateSummary,
} from '../src/index.js';
import { startFakeEventsService, updateRow, type FakeEventsService } from '../src/testing.js';

let service: FakeEventsService;
const stops: { controller: AbortController; reconciler: Reconciler }[] = [];
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hour = 3_600_000;

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  service.state.updates = [];
  service.state.staleCursors = new Map();
});
afterEach(async () => {
  for (const { controller, reconciler } of stops.splice(0)) {
    controller.abort();
    await reconciler.done;
  }
});

/** A reconciler polling the fake only when asked or notified (the interval is an hour unless set). */
function start(options: Partial<ReconcilerOptions> = {}) {
  const controller = new AbortController();
  const handed: WorkUpdateSummary[][] = [];
  const store = memoryCursorStore();
  const reconciler = createReconciler(createEventsClient({ baseUrl: service.baseUrl, token: 'tok', retry: false }), {
    store,
    intervalMs: hour,
    debounceMs: 5,
    onUpdates: (updates) => void handed.push(updates),
    signal: controller.signal,
    ...options,
  });
  stops.push({ controller, reconciler });
  return { reconciler, controller, store, handed, seen: () => handed.flat().map((row) => row.update_id) };
}

/** The notification the service sends for a row of the feed. */
function notificationOf(row: WorkUpdateSummary): NotificationPayload {
  return {
    ...row,
    work_reference_number: row.work_reference_number,
    object_reference_number: null,
    parent_object_reference_number: null,
    promoter_swa_code: '7001',
    internal_user_identifier: null,
    internal_user_name: null,
  };
}

const polls = () => service.requestsTo('/works/updates');
const sentCursors = () => polls().map((request) => request.url.searchParams.get('update_id'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createReconciler: polling', () => {
  it('hands every update of the feed on once, in update_id order, a page at a time, storing the cursor after each', async () => {
    service.state.updates = ids(1, 25).map((id) => updateRow(id));
    const stored: number[] = [];
    const { reconciler, handed } = start({
      filters: { page_size: 10 },
      store: { getCursor: () => undefined, setCursor: (cursor) => void stored.push(cursor) },
    });
    await reconciler.poll();

    expect(handed.map((page) => page.map((row) => row.update_id))).toEqual([ids(1, 10), ids(11, 20), ids(21, 25)]);
    expect(stored).toEqual([10, 20, 25]);
    expect(reconciler.status).toMatchObject({ running: false, cursor: 25, failures: 0 });
  });

  it('polls again on the interval, which catches an update whose notification was lost', async () => {
    service.state.updates = [updateRow(1)];
    const { reconciler, seen } = start({ intervalMs: 200 });
    await reconciler.poll();
    service.state.updates.push(updateRow(2)); // and no notification arrives

    await expect.poll(seen, { timeout: 5000 }).toEqual([1, 2]);
    const [first, second] = polls().map((request) => request.receivedAt);
    expect(second! - first!).toBeGreaterThanOrEqual(195);
  });

  it('folds the polls asked for during a poll into one more', async () => {
    service.state.updates = [updateRow(1)];
    const { reconciler } = start();
    await Promise.all([reconciler.poll(), reconciler.poll(), reconciler.poll(), reconciler.poll()]);
    expect(polls()).toHaveLength(2);
  });

  it('resumes after a restart from the cursor in the store, handing on only what is new', async () => {
    service.state.updates = ids(1, 3).map((id) => updateRow(id));
    const first = start();
    await first.reconciler.poll();
    first.controller.abort();
    await first.reconciler.done;

    service.state.updates.push(updateRow(4), updateRow(5));
    service.reset();
    const second = start({ store: first.store });
    await second.reconciler.poll();

    expect(first.seen()).toEqual([1, 2, 3]);
    expect(second.seen()).toEqual([4, 5]);
    expect(sentCursors()).toEqual(['3']);
    expect(first.store.cursor).toBe(5);
  });

  it('hands on an update once even when the feed repeats it', async () => {
    service.state.updates = ids(1, 4).map((id) => updateRow(id));
    const client = createEventsClient({ baseUrl: service.baseUrl, token: 'tok', retry: false });
    client.use({
      // A misbehaving proxy: every page starts again with the update before the cursor sent.
      async onResponse({ response, request }) {
        const sent = Number(new URL(request.url).searchParams.get('update_id') ?? 0);
        const page = (await response.clone().json()) as { rows: WorkUpdateSummary[] };
        const rows = sent > 0 ? [updateRow(sent - 1), updateRow(sent), ...page.rows] : page.rows;
        return new Response(JSON.stringify({ ...page, rows }), response);
      },
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const reconciler = createReconciler(client, {
      store: memoryCursorStore(),
      filters: { page_size: 2 },
      onUpdates: (updates) => void seen.push(...updates.map((row) => row.update_id)),
      signal: controller.signal,
    });
    stops.push({ controller, reconciler });
    await reconciler.poll();

    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('passes on updates of event and object types this version does not list', async () => {
    const unknown = { ...updateRow(2), event_type: 'works_reclassified', object_type: 'works_class' };
    service.state.updates = [updateRow(1), unknown];
    const { reconciler, handed } = start();
    await reconciler.poll();
    service.state.updates.push({ ...updateRow(3), event_type: 'works_reclassified' });
    const notification: NotificationPayload = { ...notificationOf(updateRow(3)), event_type: 'works_reclassified' };
    expect(reconciler.notify(notification)).toBe(true);

    await expect.poll(() => handed.flat()).toHaveLength(3);
    expect(handed.flat()[1]).toEqual(unknown);
    expect(handed.flat()[2]!.event_type).toBe('works_reclassified');
  });
});

describe('createReconciler: notifications', () => {
  it('a notification ahead of the cursor brings the poll forward, one poll for a burst', async () => {
    service.state.updates = ids(1, 3).map((id) => updateRow(id));
    const { reconciler, seen } = start();
    await reconciler.poll();
    const rows = [updateRow(4), updateRow(5)];
    service.state.updates.push(...rows);
    const asked = [rows[0]!, rows[1]!, rows[0]!].map((row) => reconciler.notify(notificationOf(row)));

    expect(asked).toEqual([true, true, true]);
    await expect.poll(seen).toEqual(ids(1, 5));
    expect(sentCursors()).toEqual([null, '3']);
  });

  it('a notification of an update already handed on is dropped and asks for no poll', async () => {
    service.state.updates = ids(1, 3).map((id) => updateRow(id));
    const { reconciler, seen } = start();
    await reconciler.poll();

    expect([2, 3].map((id) => reconciler.notify(notificationOf(updateRow(id))))).toEqual([false, false]);
    await pause(50);
    expect(polls()).toHaveLength(1);
    expect(seen()).toEqual([1, 2, 3]);
  });

  it('a notification about an organisation, never in the feed, asks for no poll', async () => {
    const { reconciler } = start();
    await reconciler.poll();

    expect(reconciler.notify({ ...notificationOf(updateRow(9)), work_reference_number: null })).toBe(false);
    await pause(50);
    expect(polls()).toHaveLength(1);
  });

  it('notifications lost (a fifth or more), repeated and late leave the application with the feed, each update once, in order', async () => {
    // Per update, how many times its notification arrives (0: lost), in batches appended to the feed.
    const scenario = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 5, maxLength: 30 }).chain((copies) =>
      fc.record({
        copies: fc.constant(copies),
        lost: fc.uniqueArray(fc.nat({ max: copies.length - 1 }), {
          minLength: Math.ceil(copies.length / 5),
          maxLength: copies.length,
        }),
        batchSize: fc.integer({ min: 1, max: 6 }),
        reversed: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ copies, lost, batchSize, reversed }) => {
        service.reset();
        service.state.updates = [];
        const { reconciler, controller, seen } = start();
        const late: NotificationPayload[] = [];
        for (let from = 0; from < copies.length; from += batchSize) {
          const batch = ids(from + 1, Math.min(from + batchSize, copies.length)).map((id) => updateRow(id));
          service.state.updates.push(...batch);
          const arriving = batch.filter((row) => !lost.includes(row.update_id - 1));
          if (reversed) arriving.reverse();
          for (const row of arriving) {
            expect(reconciler.notify(notificationOf(row))).toBe(true);
            late.push(...Array.from({ length: copies[row.update_id - 1]! - 1 }, () => notificationOf(row)));
          }
          // A notification that asked for a poll is handed on by it.
          const notified = Math.max(0, ...arriving.map((row) => row.update_id));
          await expect.poll(() => reconciler.status.cursor ?? 0, { timeout: 5000 }).toBeGreaterThanOrEqual(notified);
          // Repeats of notifications already handled change nothing and cost no poll.
          for (const repeat of late.splice(0)) expect(reconciler.notify(repeat)).toBe(false);
        }
        await reconciler.poll(); // the next poll on the interval
        const batches = Math.ceil(copies.length / batchSize);

        expect(seen()).toEqual(ids(1, copies.length));
        expect(polls().length).toBeLessThanOrEqual(batches + 1);
        controller.abort();
        await reconciler.done;
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe('createReconciler: failures and stopping', () => {
  it('retries a failed poll after pauses doubling from baseDelayMs, handing the updates on once', async () => {
    service.state.updates = ids(1, 3).map((id) => updateRow(id));
    service.failNext({ status: 503 }, { status: 503 });
    const failures: number[] = [];
    const { reconciler, seen } = start({
      backoff: { baseDelayMs: 100, jitter: false },
      onError: (_error, count) => void failures.push(count),
    });
    await reconciler.poll();

    const times = polls().map((request) => request.receivedAt);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(95);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(195);
    expect(failures).toEqual([1, 2]);
    expect(seen()).toEqual([1, 2, 3]);
    expect(reconciler.status).toMatchObject({ failures: 0, lastError: undefined });
  });

  it('hands the same updates on again after the handler threw, and stores the cursor only then', async () => {
    service.state.updates = ids(1, 3).map((id) => updateRow(id));
    const handled: number[][] = [];
    let calls = 0;
    const { reconciler, store } = start({
      backoff: { baseDelayMs: 10 },
      onUpdates: (updates) => {
        if (calls++ === 0) throw new Error('the database is away');
        handled.push(updates.map((row) => row.update_id));
      },
    });
    await reconciler.poll();

    expect(handled).toEqual([[1, 2, 3]]);
    expect(store.cursor).toBe(3);
  });

  it('a notification ends the pause after a failed poll', async () => {
    service.failNext({ status: 503 });
    const { reconciler, seen } = start({ backoff: { baseDelayMs: hour } });
    void reconciler.poll();
    await expect.poll(() => reconciler.status.failures).toBe(1);
    service.state.updates = [updateRow(1)];

    expect(reconciler.notify(notificationOf(updateRow(1)))).toBe(true);
    await expect.poll(seen).toEqual([1]);
  });

  it('aborting ends the poll in progress, and no poll follows', async () => {
    service.state.updates = [updateRow(1)];
    service.failNext({ delayMs: 300 });
    const { reconciler, controller, seen } = start({ intervalMs: 50 });
    const polling = reconciler.poll();
    await expect.poll(() => polls()).toHaveLength(1);
    controller.abort();

    await reconciler.done;
    await polling;
    expect(reconciler.status.running).toBe(false);
    expect(reconciler.notify(notificationOf(updateRow(2)))).toBe(false);
    await reconciler.poll();
    await pause(200);
    expect(polls()).toHaveLength(1);
    expect(seen()).toEqual([]);
  });
});
