/**
 * An AbortController that aborts when `signal` does, until `release()` stops following it.
 *
 * fetch's `Request` keeps a listener on the signal it is given until the request is garbage
 * collected, so one long-lived signal passed straight to every call of a long poll collects
 * thousands of listeners (and Node warns). Each call gets a signal of its own instead; the
 * long-lived one holds a single listener while a call is in progress.
 */
export function followSignal(signal: AbortSignal | null | undefined): FollowingSignal {
  const controller = new AbortController();
  const abort = (reason?: unknown) => controller.abort(reason);
  if (!signal) return { signal: controller.signal, abort, release: () => {} };
  const onAbort = () => controller.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, abort, release: () => signal.removeEventListener('abort', onAbort) };
}

export interface FollowingSignal {
  readonly signal: AbortSignal;
  /** Aborts this signal alone. */
  abort(reason?: unknown): void;
  /** Stops following the other signal. */
  release(): void;
}

/** Runs `call` with a signal of its own that follows `signal` while the call lasts. */
export async function withOwnSignal<T>(
  signal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const own = followSignal(signal);
  try {
    return await call(own.signal);
  } finally {
    own.release();
  }
}
