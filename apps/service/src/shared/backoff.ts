/**
 * Trying an operation again after a passing fault (the database restarting, a connection lost),
 * with exponential backoff: the one retry loop of the service, on p-retry. Not the delivery retry
 * schedule (src/deliveries/attempts/retry-schedule.ts), which is configured and stored per message.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';

export interface Backoff {
  /** The first pause; each further one is twice the one before, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** Pause before the first try too (reconnecting after a loss), not only between tries. */
  pauseFirst?: boolean;
  /**
   * Whether to try again after `error`, following a pause of `pauseMs`; always, by default. A
   * `TypeError` (a fault in the code, not a passing one), other than fetch's network failure, is
   * never tried again.
   */
  retryIf?: (error: unknown, pauseMs: number) => boolean;
  /** Aborting ends the waiting: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The pause before try `tries + 1`, `tries` having failed (and the first pause being `firstMs`). */
export const pauseAfter = (tries: number, { firstMs, maxMs }: Pick<Backoff, 'firstMs' | 'maxMs'>): number =>
  Math.min(firstMs * 2 ** Math.max(0, tries - 1), maxMs);

/** Calls `attempt` until it resolves, pausing between tries while `retryIf` allows; rejects with the last error. */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, backoff: Backoff): Promise<T> {
  const { firstMs, maxMs, pauseFirst = false, retryIf = () => true, signal } = backoff;
  // With a pause first, the pauses between tries start one step further on.
  const paused = pauseFirst ? 1 : 0;
  if (pauseFirst) await sleep(firstMs, undefined, { signal });
  return pRetry(() => attempt(), {
    retries: Number.POSITIVE_INFINITY,
    minTimeout: pauseAfter(1 + paused, { firstMs, maxMs }),
    factor: 2,
    maxTimeout: maxMs,
    signal,
    shouldRetry: ({ error, retriesConsumed }) =>
      retryIf(error, pauseAfter(retriesConsumed + 1 + paused, { firstMs, maxMs })),
  });
}
