import { getEventListeners } from 'node:events';
import { parameterConstraints } from '@street-events/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventsClient, pollUpdateRows, pollUpdates, ServerError, type UpdatesPage } from '../src/index.js';
import { startFakeEventsService, updateRow, type FakeEventsService } from '../src/testing.js';

let service: FakeEventsService;
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  service.state.updates = ids(1, 25).map((id) => updateRow(id));
  service.state.staleCursors = new Map();
  service.state.scanUpdates = undefined;
});

const client = () => createEventsClient({ baseUrl: service.baseUrl, token: 'tok', retry: { baseDelayMs: 1 } });

async function pages(iterator: AsyncIterable<UpdatesPage>): Promise<UpdatesPage[]> {
  const seen: UpdatesPage[] = [];
  for await (const page of iterator) seen.push(page);
  return seen;
}

describe('pollUpdates', () => {
  it("reads pages of the document's default size when no page_size is asked for (the fake as the service)", async () => {
    const { default: pageSize } = parameterConstraints.getWorkUpdates.page_size;
    service.state.updates = ids(1, pageSize + 1).map((id) => updateRow(id));
    const [first] = await pages(pollUpdates(client()));
    expect(first!.rows).toHaveLength(pageSize);
  });

  it('follows next_update across pages, returning every update once, none skipped or repeated', async () => {
    const seen = await pages(pollUpdates(client(), { filters: { page_size: 10 } }));

    expect(seen.flatMap((page) => page.rows.map((row) => row.update_id))).toEqual(ids(1, 25));
    expect(seen.map((page) => page.cursor)).toEqual([10, 20, 25]);
    expect(seen.map((page) => page.caughtUp)).toEqual([false, false, true]);
    expect(service.requestsTo('/works/updates').map((request) => request.url.searchParams.get('update_id'))).toEqual([
      null,
      '10',
      '20',
    ]);
  });

  it('resumes after a stored cursor: a restart continues with the next update', async () => {
    const stored: number[] = [];
    for await (const page of pollUpdates(client(), {
      filters: { page_size: 10 },
      onCursor: (cursor) => void stored.push(cursor),
    })) {
      void page;
      break; // the process stops after handling the first page
    }
    // onCursor is called once a page has been handled, i.e. when the loop asks for the next one.
    expect(stored).toEqual([]);

    const first = await pages(
      pollUpdates(client(), { filters: { page_size: 10 }, onCursor: (cursor) => void stored.push(cursor) }),
    );
    expect(stored).toEqual([10, 20, 25]);

    service.state.updates.push(updateRow(26), updateRow(27));
    const resumed = await pages(pollUpdates(client(), { cursor: stored.at(-1), filters: { page_size: 10 } }));
    expect(first.flatMap((page) => page.rows).length).toBe(25);
    expect(resumed.flatMap((page) => page.rows.map((row) => row.update_id))).toEqual([26, 27]);
    expect(service.requestsTo('/works/updates').at(-1)?.url.searchParams.get('update_id')).toBe('25');
  });

  it('continues from the replacement next_update of a stale cursor that returns no rows', async () => {
    service.state.updates = [updateRow(5000), updateRow(5001)];
    service.state.staleCursors.set(10_000, 4999);
    // Cursor 10 000 is above every row: it finds none, and the service offers 4999 instead.
    const seen = await pages(pollUpdates(client(), { cursor: 10_000 }));

    expect(seen).toEqual([
      { rows: [], cursor: 4999, caughtUp: false },
      { rows: [updateRow(5000), updateRow(5001)], cursor: 5001, caughtUp: true },
    ]);
  });

  it('continues past pages the service ended early at its bound, even empty ones and the first one', async () => {
    service.state.scanUpdates = 4;
    service.state.updates = [2, 3, 15].map((id) => updateRow(id));
    const seen = await pages(pollUpdates(client(), { filters: { page_size: 10 } }));

    expect(seen.flatMap((page) => page.rows.map((row) => row.update_id))).toEqual([2, 3, 15]);
    expect(seen.map((page) => page.cursor)).toEqual([4, 8, 12, 15]);
    expect(seen.at(-1)!.caughtUp).toBe(true);
  });

  it('ends when no rows come back and next_update is absent (a recent cursor: caught up)', async () => {
    const seen = await pages(pollUpdates(client(), { cursor: 25 }));

    expect(seen).toEqual([]);
    expect(service.requestsTo('/works/updates')).toHaveLength(1);
  });

  it('starts from start_date when there is no cursor, and sends update_id instead once it has one', async () => {
    const from = updateRow(21).update_date_time;
    const seen = await pages(pollUpdates(client(), { startDate: from, filters: { page_size: 3 } }));

    expect(seen.flatMap((page) => page.rows.map((row) => row.update_id))).toEqual([21, 22, 23, 24, 25]);
    const queries = service.requestsTo('/works/updates').map((request) => Object.fromEntries(request.url.searchParams));
    expect(queries).toEqual([
      { start_date: from, page_size: '3' },
      { update_id: '23', page_size: '3' },
    ]);
  });

  it('passes swa_code, workstream_prefix, exclude_events_from, page_size and end_date on every call', async () => {
    await pages(
      pollUpdates(client(), {
        cursor: 0,
        filters: {
          swa_code: '7001',
          workstream_prefix: ['001', '002'],
          exclude_events_from: 'nw.bot',
          page_size: 10,
          end_date: '2026-12-01T00:00:00.000Z',
        },
      }),
    );

    const sent = service.requestsTo('/works/updates');
    expect(sent).toHaveLength(3);
    for (const request of sent) {
      expect(request.url.searchParams.get('swa_code')).toBe('7001');
      expect(request.url.searchParams.getAll('workstream_prefix')).toEqual(['001', '002']);
      expect(request.url.searchParams.get('exclude_events_from')).toBe('nw.bot');
      expect(request.url.searchParams.get('page_size')).toBe('10');
      expect(request.url.searchParams.get('end_date')).toBe('2026-12-01T00:00:00.000Z');
    }
  });

  it('in follow mode, waits the interval once caught up and polls again, picking up new updates', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const following = (async () => {
      for await (const page of pollUpdates(client(), {
        cursor: 25,
        follow: true,
        intervalMs: 50,
        signal: controller.signal,
      })) {
        seen.push(...page.rows.map((row) => row.update_id));
        if (seen.includes(27)) controller.abort();
      }
    })();
    await waitFor(() => service.requestsTo('/works/updates').length >= 2); // caught up, waited, polled again
    service.state.updates.push(updateRow(26), updateRow(27));
    await following;

    expect(seen).toEqual([26, 27]);
    // Every poll until the new rows came asked for the updates after 25.
    const cursors = service.requestsTo('/works/updates').map((request) => request.url.searchParams.get('update_id'));
    expect(cursors.length).toBeGreaterThanOrEqual(3);
    expect(new Set(cursors)).toEqual(new Set(['25']));
  }, 10_000);

  it('in follow mode, stops cleanly (no error) when the signal aborts during the wait', async () => {
    const controller = new AbortController();
    const polls = pollUpdates(client(), { cursor: 25, follow: true, intervalMs: 60_000, signal: controller.signal });
    const done = pages(polls);
    await waitFor(() => service.requestsTo('/works/updates').length === 1);
    controller.abort();

    await expect(done).resolves.toEqual([]);
    expect(service.requestsTo('/works/updates')).toHaveLength(1);
  });

  it("holds no listener on the caller's signal once a call has ended, however many pages it follows", async () => {
    const controller = new AbortController();
    const listeners: number[] = [];
    const pages = pollUpdates(client(), { filters: { page_size: 1 }, signal: controller.signal });
    while (!(await pages.next()).done) listeners.push(getEventListeners(controller.signal, 'abort').length);

    expect(listeners).toHaveLength(25);
    expect(Math.max(...listeners)).toBe(0);
  });

  it('throws an EventsApiError when the service keeps failing', async () => {
    service.failNext({ status: 500 }, { status: 500 });
    const polls = pollUpdates(
      createEventsClient({ baseUrl: service.baseUrl, token: 'tok', retry: { maxAttempts: 2, baseDelayMs: 1 } }),
    );

    await expect(pages(polls)).rejects.toBeInstanceOf(ServerError);
  });
});

describe('pollUpdateRows', () => {
  it("yields the rows one by one and stores each handled row's update_id, so a stop mid-page resumes at the next row", async () => {
    const stored: number[] = [];
    const handled: number[] = [];
    for await (const row of pollUpdateRows(client(), {
      filters: { page_size: 10 },
      onCursor: (cursor) => void stored.push(cursor),
    })) {
      handled.push(row.update_id);
      if (row.update_id === 14) break;
    }
    expect(handled).toEqual(ids(1, 14));
    expect(stored.at(-1)).toBe(13); // 14 was being handled when the loop stopped

    const rest: number[] = [];
    for await (const row of pollUpdateRows(client(), { cursor: stored.at(-1), filters: { page_size: 10 } }))
      rest.push(row.update_id);
    expect(rest).toEqual(ids(14, 25));
  });

  it("stores a stale cursor's replacement even though it brings no row", async () => {
    service.state.updates = [];
    service.state.staleCursors.set(10_000, 4999);
    const stored: number[] = [];
    for await (const row of pollUpdateRows(client(), {
      cursor: 10_000,
      onCursor: (cursor) => void stored.push(cursor),
    }))
      void row;

    expect(stored).toEqual([4999]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
