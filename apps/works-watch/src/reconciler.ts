/**
 * Keeping the local picture in step with the service. Polling is the source of truth: push
 * delivery is not guaranteed, so the feed is read from the stored cursor at start (catching
 * up after downtime), on a timer, and promptly whenever a notification arrives. Each page is
 * stored with the cursor after it; then the permits of every work that changed are fetched,
 * in batches of up to 1000 works.
 */
import { setMaxListeners } from 'node:events';
import { collectPermits, maxReferencesPerSearch, pollUpdates, type EventsClient } from '@street-events/client';
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

export class Reconciler {
  private inFlight: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly abort = new AbortController();
  private state: ReconcilerStatus = { running: false, lastReconciledAt: null, lastError: null, failures: 0 };

  constructor(private readonly options: ReconcilerOptions) {
    // Every request made with this signal adds an abort listener to it, removed only when the
    // request is garbage-collected; Node would warn after 1500 of them, a mere catch-up.
    setMaxListeners(0, this.abort.signal);
  }

  get status(): ReconcilerStatus {
    return { ...this.state, running: this.inFlight !== undefined };
  }

  /** Reconciles now, then on the timer. */
  start(): Promise<void> {
    return this.reconcile();
  }

  /**
   * Reconciles as soon as possible. Calls made while one is running are folded into one more
   * run after it, so a burst of notifications costs one extra poll, not one each.
   */
  reconcile(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    clearTimeout(this.timer);
    this.inFlight = this.runUntilSettled().finally(() => {
      this.inFlight = undefined;
      this.schedule();
    });
    return this.inFlight;
  }

  /** Stops the timer and waits for a run in progress to end (it is aborted between requests). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.inFlight;
  }

  private schedule(): void {
    if (this.stopped) return;
    // After a failure, try again sooner (1 s, 2 s, 4 s … at most the interval).
    const delay =
      this.state.failures > 0
        ? Math.min(this.options.intervalMs, 1000 * 2 ** (this.state.failures - 1))
        : this.options.intervalMs;
    this.timer = setTimeout(() => void this.reconcile(), delay);
    this.timer.unref();
  }

  private async runUntilSettled(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pollFeed();
        await this.refreshPermits();
        this.state = { ...this.state, lastReconciledAt: new Date().toISOString(), lastError: null, failures: 0 };
      } catch (error) {
        if (this.stopped) return;
        this.state = {
          ...this.state,
          lastError: error instanceof Error ? error.message : String(error),
          failures: this.state.failures + 1,
        };
        this.options.log('warn', 'reconciliation failed; trying again', { error, failures: this.state.failures });
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** Stores every update after the stored cursor, page by page, each page with its cursor. */
  private async pollFeed(): Promise<void> {
    const { client, store, swaCode } = this.options;
    const pages = pollUpdates(client, {
      cursor: await store.cursor(),
      filters: { swa_code: swaCode, page_size: 250 },
      signal: this.abort.signal,
    });
    for await (const page of pages) {
      if (page.cursor === undefined) continue;
      const added = await store.applyUpdates(page.rows, page.cursor);
      if (added > 0) this.options.onChange?.();
    }
  }

  /** Fetches the permits of every work updated since its permits were last fetched. */
  private async refreshPermits(): Promise<void> {
    const { client, store } = this.options;
    for (;;) {
      const stale = await store.staleWorks(maxReferencesPerSearch);
      if (stale.length === 0 || this.stopped) return;
      const summaries = await collectPermits(client, {
        workReferenceNumbers: stale.map((work) => work.work_reference_number),
        signal: this.abort.signal,
      });
      await store.storePermits(stale, summaries);
      this.options.onChange?.();
    }
  }
}
