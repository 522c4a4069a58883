import { certificateFailureCode, parseRetryAfter } from './errors.js';
import { followSignal } from './follow-signal.js';
import { sleep } from './sleep.js';

export interface RetryOptions {
  /** Attempts in all, the first included. Default 4. */
  maxAttempts?: number;
  /** The backoff before retry n is a random time between 0 and `min(maxDelayMs, baseDelayMs * 2^(n-1))` ("full jitter"). Default 500. */
  baseDelayMs?: number;
  /** Cap of the backoff. A `Retry-After` longer than this is not waited for: the answer is returned as it is. Default 30 000. */
  maxDelayMs?: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (retry: RetryEvent) => void;
}

export interface RetryEvent {
  /** The attempt that failed (1 for the first). */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  request: Request;
  /** The answer that is retried (408, 429, 5xx), or undefined after a network error. */
  response?: Response;
  /** The network error or time-out that is retried. */
  error?: unknown;
}

export interface ResilienceOptions {
  /** Retry settings, or `false` for a single attempt per call. */
  retry?: RetryOptions | false;
  /** Limit of each attempt, in milliseconds, or `false` for none. Default 35 000: the service stops its own queries after 30 s and answers 408. */
  timeoutMs?: number | false;
}

export type Fetch = (request: Request) => Promise<Response>;

export const retryDefaults = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 35_000 } as const;

/** Statuses that mean "try again": the request was not served, or the service failed. */
const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

/** Connection failures that happen before any byte of the request is sent. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Which failures of a request are retried. Reads (`GET`, `HEAD`, and `POST /permits/search`,
 * which only reads) are retried after a network error, a time-out of the attempt, or a 408,
 * 429 or 5xx answer. Other requests (`POST /api-notifications/subscribe` and `…/unsubscribe`)
 * change state, and a repeat after a lost answer could subscribe or unsubscribe twice: they are
 * retried only when the service cannot have acted on them, which is when the connection could
 * not be made (refused, unresolvable, unreachable) or the answer is a 429 (refused before being
 * processed). A certificate the process does not trust is never retried: it will not change.
 */
export function isRetryable(request: Request, failure: { response?: Response; error?: unknown }): boolean {
  const safe = request.method === 'GET' || request.method === 'HEAD' || isPermitSearch(request);
  if (failure.response) {
    if (safe) return retryableStatuses.has(failure.response.status);
    return failure.response.status === 429;
  }
  if (isAbort(failure.error) || certificateFailureCode(failure.error) !== undefined) return false;
  if (safe) return true;
  return notSentCodes.has(errorCode(failure.error) ?? '');
}

function isPermitSearch(request: Request): boolean {
  return request.method === 'POST' && new URL(request.url).pathname.endsWith('/permits/search');
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The `code` of a network error (undici puts it on `cause`). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface BackoffOptions {
  /** The longest first pause: the pause before retry n is at most `baseDelayMs * 2^(n-1)`. */
  baseDelayMs: number;
  /** Cap of the pause. */
  maxDelayMs: number;
  /** `true` (default): a random time between 0 and that bound ("full jitter"); `false`: the bound itself. */
  jitter?: boolean;
}

/**
 * The pause before retry `attempt` (1 for the first retry): exponential from `baseDelayMs`,
 * capped at `maxDelayMs`, with full jitter unless `jitter` is false. The client's retries and
 * the reconciler's pauses after a failed poll both use it.
 */
export function backoffDelay(attempt: number, { baseDelayMs, maxDelayMs, jitter = true }: BackoffOptions): number {
  const bound = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return jitter ? Math.random() * bound : bound;
}

/**
 * Wraps `fetch` with a time-out per attempt and retries with exponential backoff and full
 * jitter, honouring `Retry-After` (seconds or an HTTP date). `createEventsClient` uses it unless
 * told not to. The caller's signal (`client.GET(path, { signal })`) stops the attempts and the
 * waits at once.
 */
export function withRetries(fetch: Fetch, options: ResilienceOptions = {}): Fetch {
  const retry = options.retry === false ? { maxAttempts: 1 } : (options.retry ?? {});
  const maxAttempts = Math.max(1, retry.maxAttempts ?? retryDefaults.maxAttempts);
  const baseDelayMs = retry.baseDelayMs ?? retryDefaults.baseDelayMs;
  const maxDelayMs = retry.maxDelayMs ?? retryDefaults.maxDelayMs;
  const onRetry = 'onRetry' in retry ? retry.onRetry : undefined;
  const timeoutMs = options.timeoutMs ?? retryDefaults.timeoutMs;

  return async (request) => {
    const callerSignal = request.signal;
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let error: unknown;
      try {
        response = await attemptOnce(fetch, request, callerSignal, timeoutMs);
      } catch (caught) {
        // The caller's own abort ends everything; a time-out of this attempt is retried.
        if (callerSignal.aborted) throw callerSignal.reason;
        error = caught;
      }
      if (attempt >= maxAttempts || !isRetryable(request, { response, error })) {
        if (response) return response;
        throw error;
      }
      const backoff = backoffDelay(attempt, { baseDelayMs, maxDelayMs });
      const asked = response && parseRetryAfter(response.headers);
      if (asked !== undefined && asked > maxDelayMs) return response!;
      const delayMs = Math.round(asked ?? backoff);
      onRetry?.({ attempt, delayMs, request, response, error });
      await sleep(delayMs, callerSignal);
    }
  };
}

/**
 * One attempt, its body read in full within the attempt's time limit, so that a stalled body
 * is a time-out, retried like any other.
 */
async function attemptOnce(
  fetch: Fetch,
  request: Request,
  callerSignal: AbortSignal,
  timeoutMs: number | false,
): Promise<Response> {
  const attempt = followSignal(callerSignal);
  const timer =
    timeoutMs === false
      ? undefined
      : setTimeout(
          () => attempt.abort(new DOMException(`The attempt took longer than ${timeoutMs} ms.`, 'TimeoutError')),
          timeoutMs,
        );
  try {
    callerSignal.throwIfAborted();
    const response = await fetch(new Request(request.clone(), { signal: attempt.signal }));
    const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } finally {
    clearTimeout(timer);
    attempt.release();
  }
}
