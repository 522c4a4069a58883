/**
 * Keeping the local picture in step with the service. Polling is the source of truth: push
 * delivery is not guaranteed, so the feed is read from the stored cursor at start (catching
 * up after downtime), on a timer, and promptly whenever a notification arrives. Each page is
 * stored with the cursor after it; then the permits of every work that changed are fetched,
 * in batches of up to 1000 works.
 */
import { setMaxListeners } from 'node:events';
import { collectPermits, maxReferencesPerSearch, pollUpdates, type EventsClient } from '@street-events/client';
import pRetry from 'p-retry';
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
  private inFlight: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly abort = new AbortController();
  /** Set while a failed attempt waits for the next: aborting it ends the pause. */
  private pause: AbortController | undefined;
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
   * run after it, so a burst of notifications costs one extra poll, not one each; a call made
   * during the pause after a failed attempt ends the pause.
   */
  reconcile(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      this.pause?.abort();
      return this.inFlight;
    }
    clearTimeout(this.timer);
    this.inFlight = this.runWithRetries().finally(() => {
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
    this.timer = setTimeout(() => void this.reconcile(), this.options.intervalMs);
    this.timer.unref();
  }

  /**
   * Runs until a run succeeds, after a failure trying again sooner than the interval (1 s, 2 s,
   * 4 s … at most the interval), with p-retry. A pause ended by `reconcile()` starts over at once.
   */
  private async runWithRetries(): Promise<void> {
    for (;;) {
      const pause = new AbortController();
      try {
        return await pRetry(() => this.runUntilSettled(), {
          retries: Number.POSITIVE_INFINITY,
          minTimeout: firstRetryMs,
          factor: 2,
          maxTimeout: this.options.intervalMs,
          signal: AbortSignal.any([this.abort.signal, pause.signal]),
          unref: true,
          onFailedAttempt: ({ error }) => this.failed(error, pause),
        });
      } catch {
        // Stopped, or a fault p-retry does not retry (a TypeError): the timer tries again. A pause
        // ended early: start over now.
        if (this.stopped || !pause.signal.aborted) return;
      } finally {
        this.pause = undefined;
      }
    }
  }

  private async runUntilSettled(): Promise<void> {
    this.pause = undefined;
    do {
      this.again = false;
      await this.pollFeed();
      await this.refreshPermits();
      this.state = { ...this.state, lastReconciledAt: new Date().toISOString(), lastError: null, failures: 0 };
    } while (this.again && !this.stopped);
  }

  /** Records a failed attempt; aborting `pause` ends the pause before the next one. */
  private failed(error: Error, pause: AbortController): void {
    if (this.stopped || pause.signal.aborted) return;
    this.state = { ...this.state, lastError: error.message, failures: this.state.failures + 1 };
    this.options.log('warn', 'reconciliation failed; trying again', { error, failures: this.state.failures });
    this.pause = pause;
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
