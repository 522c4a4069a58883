import type { operations, WorkUpdateSummary } from '@street-events/types';
import type { EventsClient } from './events-client.js';
import { unwrap } from './unwrap.js';
import { withOwnSignal } from './follow-signal.js';
import { sleep } from './sleep.js';

type UpdatesQuery = NonNullable<operations['getWorkUpdates']['parameters']['query']>;

/** The query parameters sent unchanged on every call. */
export type UpdateFilters = Pick<
  UpdatesQuery,
  'swa_code' | 'workstream_prefix' | 'exclude_events_from' | 'page_size' | 'end_date'
>;

export interface PollUpdatesOptions {
  /** The cursor stored after the last page handled (`page.cursor`); the feed resumes just after it. */
  cursor?: number | null;
  /** Where to start when there is no cursor (`start_date`, inclusive). Not sent once a cursor is known. */
  startDate?: string;
  /** `swa_code` (Contractors), `workstream_prefix`, `exclude_events_from`, `page_size` (up to 250), `end_date`. */
  filters?: UpdateFilters;
  /** When caught up: `false` (default) ends the iteration; `true` waits `intervalMs` and polls again, until `signal` aborts. */
  follow?: boolean;
  /** The wait between polls once caught up, with `follow`. Default 30 000 ms. */
  intervalMs?: number;
  /** Ends the iteration cleanly (no error) when aborted, during a call or a wait. */
  signal?: AbortSignal;
  /**
   * Called with the page's cursor once the page has been handled: when the loop body that
   * received the page (or, with `pollUpdateRows`, its last row) asks for the next. Store it
   * and pass it back as `cursor` to resume without loss or repetition.
   */
  onCursor?: (cursor: number) => void | Promise<void>;
}

export interface UpdatesPage {
  /** The rows of this call, in ascending `update_id` order (may be empty after a stale-cursor replacement). */
  rows: WorkUpdateSummary[];
  /** The cursor to store once these rows are handled; `undefined` only before any cursor is known. */
  cursor: number | undefined;
  /** True when the service said no further updates exist for now. */
  caughtUp: boolean;
}

/**
 * Follows `GET /works/updates` page by page. Each page's `cursor` is what to store once its
 * rows are handled: `next_update` when more pages follow (the service's cursor is the
 * `update_id` of the last row returned), the last row's `update_id` when caught up. A stale
 * cursor (more than seven days old) comes back with no rows and a replacement `next_update`:
 * the iteration continues from it, yielding an empty page so the replacement can be stored.
 *
 * Throws `EventsApiError` when the service refuses a call (after the client's retries).
 */
export async function* pollUpdates(
  client: EventsClient,
  options: PollUpdatesOptions = {},
): AsyncGenerator<UpdatesPage, void, undefined> {
  const { startDate, filters, follow = false, intervalMs = 30_000, signal, onCursor } = options;
  let cursor = options.cursor ?? undefined;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const query: UpdatesQuery =
        cursor === undefined ? { ...filters, start_date: startDate } : { ...filters, update_id: cursor };
      const response = await withOwnSignal(signal, (own) =>
        unwrap(client.GET('/works/updates', { params: { query }, signal: own })),
      );
      const page = nextPage(cursor, response.rows, response.next_update);
      if (page.rows.length > 0 || page.cursor !== cursor) {
        yield page;
        cursor = page.cursor;
        if (cursor !== undefined) await onCursor?.(cursor);
      }
      if (!page.caughtUp) continue;
      if (!follow) return;
      await sleep(intervalMs, signal);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
}

/** What one answer means for the cursor (interface rules 1 to 3 and the service's cursor decision). */
function nextPage(
  sent: number | undefined,
  rows: WorkUpdateSummary[],
  nextUpdate: number | null | undefined,
): UpdatesPage {
  if (rows.length > 0) {
    if (nextUpdate != null) return { rows, cursor: nextUpdate, caughtUp: false };
    return { rows, cursor: rows[rows.length - 1]!.update_id, caughtUp: true };
  }
  // No rows: a replacement for a stale cursor, or the end of what one call reads (a rare filter
  // over a long feed), unless it would not move the cursor on.
  if (nextUpdate != null && nextUpdate !== sent) return { rows, cursor: nextUpdate, caughtUp: false };
  return { rows, cursor: sent, caughtUp: true };
}

/**
 * The rows of `pollUpdates`, one by one. `onCursor` is called after each row has been handled
 * (when the loop asks for the next) with that row's `update_id`, which is a cursor too: the
 * feed resumes after it. A restart from the stored cursor therefore repeats and skips nothing,
 * even when the loop stopped in the middle of a page. A stale-cursor replacement is passed to
 * `onCursor` as well.
 */
export async function* pollUpdateRows(
  client: EventsClient,
  options: PollUpdatesOptions = {},
): AsyncGenerator<WorkUpdateSummary, void, undefined> {
  const { onCursor, ...pageOptions } = options;
  for await (const page of pollUpdates(client, pageOptions)) {
    for (const row of page.rows) {
      yield row;
      await onCursor?.(row.update_id);
    }
    if (page.cursor !== undefined && page.cursor !== page.rows.at(-1)?.update_id) await onCursor?.(page.cursor);
  }
}
