import type { NotificationPayload, WorkUpdateSummary } from '@street-events/types';
import type { EventsClient } from './events-client.js';
import { pollUpdates, type UpdateFilters } from './poll-updates.js';
import { backoffDelay } from './retry.js';
import { sleep } from './sleep.js';

/** A polling cursor: the `update_id` after which the feed resumes. */
export type UpdateCursor = WorkUpdateSummary['update_id'];

/**
 * Where the reconciler keeps its cursor between runs of the process: a file, a row of your
 * database. The cursor is all the state it needs: an update at or below it has been handed on.
 */
export interface CursorStore {
  /** The cursor stored last, or undefined before the first (polling then starts at `startDate`). */
  getCursor(): UpdateCursor | undefined | Promise<UpdateCursor | undefined>;
  /**
   * Stores the cursor; called once the updates up to it have been handled by `onUpdates`.
   * Throwing counts as a failed poll: those updates are not handed on again, and the cursor is
   * stored by the next attempt.
   */
  setCursor(cursor: UpdateCursor): void | Promise<void>;
}

/** What the reconciler reads of a notification: the `NotificationPayload` itself will do. */
export type UpdateHint = Pick<NotificationPayload, 'update_id'> &
  Partial<Pick<NotificationPayload, 'work_reference_number'>>;

export interface ReconcilerBackoff {
  /** The pause after the first failed poll; each further one doubles it. Default 1000 ms. */
  baseDelayMs?: number;
  /** The longest pause. Default `intervalMs`. */
  maxDelayMs?: number;
  /** `true` (default): each pause a random time up to that length ("full jitter"); `false`: exactly that length. */
  jitter?: boolean;
}

export interface ReconcilerOptions {
  /** Keeps the cursor across restarts. `memoryCursorStore()` for tests and examples. */
  store: CursorStore;
  /**
   * Handles updates of the feed, each exactly once, in `update_id` order, in batches of one page.
   * The cursor is stored when it returns; throwing counts as a failed poll, and the same updates
   * come again after the pause. `cursor` is the one about to be stored, to store it together
   * with the updates (one transaction) if a crash between the two must not repeat them.
   */
  onUpdates: (updates: WorkUpdateSummary[], cursor: UpdateCursor) => void | Promise<void>;
  /** Called at the end of each poll, once the feed has been read to its end; throwing counts as a failed poll. */
  onCaughtUp?: (cursor: UpdateCursor | undefined) => void | Promise<void>;
  /** Told of each failed poll (the service refused or could not be reached after the client's retries, or a handler threw) and how many in a row. */
  onError?: (error: unknown, failures: number) => void;
  /** Where the first poll starts (`start_date`) while the store has no cursor. */
  startDate?: string;
  /** `swa_code` (Contractors), `workstream_prefix`, `exclude_events_from`, `page_size`, `end_date`: sent on every call. */
  filters?: UpdateFilters;
  /** The time from the end of one poll to the next. Default 30 000 ms. */
  intervalMs?: number;
  /** The wait from a notification to the poll it asks for, so that a burst costs one poll. Default 100 ms. */
  debounceMs?: number;
  /** The pauses after failed polls. */
  backoff?: ReconcilerBackoff;
  /** Aborting stops the reconciler: the poll in progress ends (a request at once, `onUpdates` once it returns), and none starts. */
  signal?: AbortSignal;
}

export interface ReconcilerStatus {
  /** True from the start of a poll until it has caught up, the pauses after failures included. */
  running: boolean;
  /** Every update up to it has been handed on (and the store has it, unless storing it failed). */
  cursor: UpdateCursor | undefined;
  /** Consecutive failed polls; 0 after one that caught up. */
  failures: number;
  /** The error of the last failed poll, until a poll catches up. */
  lastError: unknown;
  /** When a poll last caught up with the feed. */
  lastCaughtUpAt: Date | undefined;
}

export interface Reconciler {
  /**
   * Polls now: the first call starts the reconciler (a catch-up from the stored cursor), and
   * every poll schedules the next `intervalMs` after it. A call while a poll runs asks for one
   * more after it (however many calls); a call during the pause after a failure ends the pause.
   * Resolves once a poll has read the feed to its end, or the reconciler has stopped.
   */
  poll(): Promise<void>;
  /**
   * A notification arrived: poll soon (after `debounceMs`), unless its update is at or below the
   * cursor (already handed on: returns false) or it is about an organisation rather than a work
   * (such events are never in the feed: returns false). The update itself is handed on by the
   * poll, in its place in the feed. Returns true when the notification asks for a poll.
   */
  notify(hint: UpdateHint): boolean;
  readonly status: ReconcilerStatus;
  /** Resolves once `signal` has aborted and the poll in progress has ended. */
  readonly done: Promise<void>;
}

/** The longest delay setTimeout takes (about 24.8 days); a longer one would fire at once. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * Keeps an application in step with the feed, polling `GET /works/updates` from a stored cursor
 * and treating push notifications as hints. The feed is the source of truth: each update is
 * handed to `onUpdates` once, in `update_id` order, whether or not a notification announced it,
 * however many times, and before or after the poll. A notification makes the next poll come
 * early; a lost one costs only that, the next poll reads the update anyway. Rows are handed on as
 * the service sends them: an `event_type` or `object_type` this version does not list is
 * passed on like any other.
 */
export function createReconciler(client: EventsClient, options: ReconcilerOptions): Reconciler {
  return new FeedReconciler(client, options);
}

class FeedReconciler implements Reconciler {
  readonly done: Promise<void>;
  private inFlight: Promise<void> | undefined;
  /** A poll was asked for during the one in progress. */
  private again = false;
  /** The highest update asked for during the poll in progress (Infinity: whatever is there). */
  private wanted = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDue = Infinity;
  /** Set during the pause after a failed poll: aborting it ends the pause. */
  private pause: AbortController | undefined;
  private loaded = false;
  /** Every update up to it has been handed on. */
  private cursor: UpdateCursor | undefined;
  /** The cursor as the store has it. */
  private stored: UpdateCursor | undefined;
  private state: Omit<ReconcilerStatus, 'running' | 'cursor'> = {
    failures: 0,
    lastError: undefined,
    lastCaughtUpAt: undefined,
  };

  constructor(
    private readonly client: EventsClient,
    private readonly options: ReconcilerOptions,
  ) {
    this.done = new Promise((resolve) => {
      const { signal } = options;
      const stop = () => {
        clearTimeout(this.timer);
        void Promise.resolve(this.inFlight).then(
          () => resolve(),
          () => resolve(),
        );
      };
      if (signal?.aborted) stop();
      else signal?.addEventListener('abort', stop, { once: true });
    });
  }

  get status(): ReconcilerStatus {
    return { ...this.state, running: this.inFlight !== undefined, cursor: this.cursor };
  }

  private get stopped(): boolean {
    return this.options.signal?.aborted ?? false;
  }

  poll(): Promise<void> {
    return this.request(Infinity);
  }

  notify(hint: UpdateHint): boolean {
    if (this.stopped || hint.work_reference_number === null) return false;
    if (this.cursor !== undefined && hint.update_id <= this.cursor) return false;
    if (this.inFlight) void this.request(hint.update_id);
    else this.arm(this.options.debounceMs ?? 100);
    return true;
  }

  private request(wanted: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      this.wanted = Math.max(this.wanted, wanted);
      this.pause?.abort();
      return this.inFlight;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight = this.runWithRetries().finally(() => {
      this.inFlight = undefined;
      this.arm(this.options.intervalMs ?? 30_000);
    });
    return this.inFlight;
  }

  /** Polls in `ms`, unless a poll is already due sooner. */
  private arm(ms: number): void {
    const due = Date.now() + ms;
    if (this.stopped || (this.timer !== undefined && this.timerDue <= due)) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.request(Infinity);
      },
      Math.min(ms, maxTimerMs),
    );
  }

  /** Polls until a poll catches up or the reconciler stops, pausing longer after each failure. */
  private async runWithRetries(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.runUntilSettled();
        if (!this.stopped) this.state = { failures: 0, lastError: undefined, lastCaughtUpAt: new Date() };
        return;
      } catch (error) {
        if (this.stopped) return;
        const failures = this.state.failures + 1;
        this.state = { ...this.state, failures, lastError: error };
        try {
          this.options.onError?.(error, failures);
        } catch {
          // A report that fails must not stop the reconciliation.
        }
        await this.pauseAfter(failures);
      }
    }
  }

  /** Waits before the next attempt; ended early by `poll()`, `notify()` or the stop. */
  private async pauseAfter(failures: number): Promise<void> {
    const intervalMs = this.options.intervalMs ?? 30_000;
    const { baseDelayMs = 1000, maxDelayMs = intervalMs, jitter } = this.options.backoff ?? {};
    const pause = (this.pause = new AbortController());
    const { signal } = this.options;
    try {
      await sleep(
        backoffDelay(failures, { baseDelayMs, maxDelayMs, jitter }),
        signal ? AbortSignal.any([signal, pause.signal]) : pause.signal,
      );
    } catch {
      // Ended early.
    } finally {
      this.pause = undefined;
    }
  }

  /** Reads the feed to its end, and again while polls asked for meanwhile may find more. */
  private async runUntilSettled(): Promise<void> {
    do {
      this.again = false;
      this.wanted = -Infinity;
      await this.readFeed();
      if (this.stopped) return;
      await this.options.onCaughtUp?.(this.cursor);
    } while (this.again && !this.stopped && !(this.cursor !== undefined && this.wanted <= this.cursor));
  }

  /** Hands on every update after the cursor, page by page, storing the cursor after each. */
  private async readFeed(): Promise<void> {
    const { store, startDate, filters, signal, onUpdates } = this.options;
    if (!this.loaded) {
      this.cursor = this.stored = await store.getCursor();
      this.loaded = true;
    }
    await this.storeCursor(); // in case storing it failed last time
    for await (const page of pollUpdates(this.client, { cursor: this.cursor, startDate, filters, signal })) {
      if (page.cursor === undefined) continue;
      const updates = newerThan(this.cursor, page.rows);
      if (updates.length > 0) await onUpdates(updates, page.cursor);
      if (this.cursor === undefined || page.cursor > this.cursor) this.cursor = page.cursor;
      await this.storeCursor();
    }
  }

  private async storeCursor(): Promise<void> {
    if (this.cursor === undefined || this.cursor === this.stored) return;
    const cursor = this.cursor;
    await this.options.store.setCursor(cursor);
    this.stored = cursor;
  }
}

/** The rows above `cursor`, each once, in the order of the feed. */
function newerThan(cursor: UpdateCursor | undefined, rows: WorkUpdateSummary[]): WorkUpdateSummary[] {
  let last = cursor ?? -Infinity;
  const fresh: WorkUpdateSummary[] = [];
  for (const row of rows) {
    if (row.update_id <= last) continue;
    fresh.push(row);
    last = row.update_id;
  }
  return fresh;
}

/** A `CursorStore` in memory, for tests and examples: a restart of the process starts over. */
export function memoryCursorStore(initial?: UpdateCursor): CursorStore & { readonly cursor: UpdateCursor | undefined } {
  let cursor = initial;
  return {
    get cursor() {
      return cursor;
    },
    getCursor: () => cursor,
    setCursor: (next) => {
      cursor = next;
    },
  };
}
