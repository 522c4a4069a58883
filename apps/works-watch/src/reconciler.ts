/**
 * Keeping the local picture in step with the service, on the client's `createReconciler`:
 * polling is the source of truth, read from the stored cursor at start (catching up after
 * downtime), on a timer, and soon after a notification arrives; notifications only bring the
 * next poll forward. Each page is stored with the cursor after it; then the permits of every
 * work that changed are fetched, in batches of up to 1000 works.
 */
import {
  collectPermits,
  createReconciler,
  maxReferencesPerSearch,
  type EventsClient,
  type Reconciler as FeedReconciler,
  type UpdateHint,
} from '@street-events/client';
import type { Log } from './log.js';
import type { WatchStore } from './store/store.js';

export interface ReconcilerOptions {
  client: EventsClient;
  store: WatchStore;
  log: Log;
  swaCode?: string;
  /** Time between scheduled reconciliations. */
  intervalMs: number;
  /** Told after anything was stored. */
  onChange?: () => void;
}

export interface ReconcilerStatus {
  running: boolean;
  lastReconciledAt: string | null;
  lastError: string | null;
  /** Consecutive failed attempts. */
  failures: number;
}

/** The pause after the first failed attempt; each further one is twice the one before, up to the interval. */
export const firstRetryMs = 1000;

export class Reconciler {
  private readonly stopping = new AbortController();
  private readonly feed: FeedReconciler;

  constructor(private readonly options: ReconcilerOptions) {
    const { client, store, log, swaCode, intervalMs, onChange } = options;
    this.feed = createReconciler(client, {
      // onUpdates stores each page with its cursor in one transaction; setCursor then writes the
      // same cursor again, and writes it alone for a stale cursor's replacement (no rows).
      store: {
        getCursor: () => store.cursor(),
        setCursor: async (cursor) => {
          await store.applyUpdates([], cursor);
        },
      },
      onUpdates: async (rows, cursor) => {
        if ((await store.applyUpdates(rows, cursor)) > 0) onChange?.();
      },
      onCaughtUp: () => this.refreshPermits(),
      onError: (error, failures) => log('warn', 'reconciliation failed; trying again', { error, failures }),
      filters: { swa_code: swaCode, page_size: 250 },
      intervalMs,
      // The documented schedule: 1 s, 2 s, 4 s … at most the interval.
      backoff: { baseDelayMs: firstRetryMs, maxDelayMs: intervalMs, jitter: false },
      signal: this.stopping.signal,
    });
  }

  get status(): ReconcilerStatus {
    const { running, lastCaughtUpAt, lastError, failures } = this.feed.status;
    return {
      running,
      lastReconciledAt: lastCaughtUpAt?.toISOString() ?? null,
      lastError:
        lastError === undefined ? null : lastError instanceof Error ? lastError.message : JSON.stringify(lastError),
      failures,
    };
  }

  /** Reconciles now, then on the timer. */
  start(): Promise<void> {
    return this.feed.poll();
  }

  /**
   * Reconciles as soon as possible. Calls made while one is running are folded into one more
   * run after it; a call made during the pause after a failed attempt ends the pause.
   */
  reconcile(): Promise<void> {
    return this.feed.poll();
  }

  /** A notification arrived: reconcile soon, unless its update is stored already. */
  notify(hint: UpdateHint): boolean {
    return this.feed.notify(hint);
  }

  /** Stops the timer and waits for a run in progress to end (it is aborted between requests). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.feed.done;
  }

  /** Fetches the permits of every work updated since its permits were last fetched. */
  private async refreshPermits(): Promise<void> {
    const { client, store, onChange } = this.options;
    for (;;) {
      const stale = await store.staleWorks(maxReferencesPerSearch);
      if (stale.length === 0 || this.stopping.signal.aborted) return;
      const summaries = await collectPermits(client, {
        workReferenceNumbers: stale.map((work) => work.work_reference_number),
        signal: this.stopping.signal,
      });
      await store.storePermits(stale, summaries);
      onChange?.();
    }
  }
}
