import type { ErrorResponse } from '@street-events/types';

/** What went wrong, by HTTP status: the class of every `EventsApiError`. */
export type EventsErrorKind =
  | 'bad_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'request_timeout'
  | 'conflict'
  | 'rate_limit'
  | 'server'
  | 'other';

/**
 * A request the service answered with a 4xx or 5xx, thrown by the helpers (`pollUpdates`,
 * `searchPermits`, `unwrap`, …). The raw `client.GET`/`client.POST` do not throw: they return
 * `{ data, error, response }`.
 *
 * `errorFromResponse` picks the subclass from the status, so `catch (e) { if (e instanceof
 * RateLimitError) … }` works, as does `switch (e.kind)`.
 */
export class EventsApiError extends Error {
  override name = 'EventsApiError';
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The class of the failure, from the status. */
  readonly kind: EventsErrorKind;
  /** `error.code` of the body (`validation_failed`, `rate_limited`, …), or `http_<status>` when the body is not an `ErrorResponse`. */
  readonly code: string;
  /** The `ErrorResponse` body; undefined when the answer had another body (a proxy's HTML page, nothing). */
  readonly body: ErrorResponse | undefined;
  /** `x-request-id` of the answer, or `error.request_id` of the body. Quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** The headers of the answer. */
  readonly headers: Headers;

  constructor(init: { status: number; body: unknown; headers: Headers; kind?: EventsErrorKind }) {
    const body = isErrorResponse(init.body) ? init.body : undefined;
    const text = typeof init.body === 'string' && init.body.length > 0 ? init.body.slice(0, 200) : undefined;
    super(body?.message ?? text ?? `HTTP ${init.status}`);
    this.status = init.status;
    this.kind = init.kind ?? kindOf(init.status);
    this.code = body?.error.code ?? `http_${init.status}`;
    this.body = body;
    this.requestId = init.headers.get('x-request-id') ?? body?.error.request_id;
    this.headers = init.headers;
  }
}

/** 400: the request breaks a constraint; `body.error.details` names each field. */
export class BadRequestError extends EventsApiError {
  override name = 'BadRequestError';
}
/** 401: the `token` is missing, unknown or revoked. */
export class AuthenticationError extends EventsApiError {
  override name = 'AuthenticationError';
}
/** 403: the role is not allowed, or the request names an organisation the caller does not act for. */
export class PermissionError extends EventsApiError {
  override name = 'PermissionError';
}
/** 404: no such route or resource visible to the caller. */
export class NotFoundError extends EventsApiError {
  override name = 'NotFoundError';
}
/** 408: the service stopped the query after its 30-second limit. */
export class RequestTimeoutError extends EventsApiError {
  override name = 'RequestTimeoutError';
}
/** 409: the request conflicts with a subscription's state. */
export class ConflictError extends EventsApiError {
  override name = 'ConflictError';
}
/** 429: too many requests, still refused after the client's retries. */
export class RateLimitError extends EventsApiError {
  override name = 'RateLimitError';
  /** How long the service asked to wait, in milliseconds (from `Retry-After`), if it said. */
  readonly retryAfterMs: number | undefined = parseRetryAfter(this.headers);
}
/** 5xx: a failure of the service, still failing after the client's retries. */
export class ServerError extends EventsApiError {
  override name = 'ServerError';
}

const classes = {
  bad_request: BadRequestError,
  authentication: AuthenticationError,
  permission: PermissionError,
  not_found: NotFoundError,
  request_timeout: RequestTimeoutError,
  conflict: ConflictError,
  rate_limit: RateLimitError,
  server: ServerError,
  other: EventsApiError,
} satisfies Record<EventsErrorKind, typeof EventsApiError>;

function kindOf(status: number): EventsErrorKind {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'authentication';
    case 403:
      return 'permission';
    case 404:
      return 'not_found';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limit';
    default:
      return status >= 500 ? 'server' : 'other';
  }
}

/** The error for an answer: the subclass chosen by `response.status`, carrying `body` (the parsed error body). */
export function errorFromResponse(response: Response, body: unknown): EventsApiError {
  const kind = kindOf(response.status);
  return new classes[kind]({ status: response.status, body, headers: response.headers, kind });
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { message, error } = body as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    typeof error === 'object' &&
    error !== null &&
    typeof (error as Record<string, unknown>).code === 'string' &&
    typeof (error as Record<string, unknown>).status === 'number'
  );
}

/**
 * `Retry-After` in milliseconds: a number of seconds or an HTTP date (then relative to `now`,
 * never negative). Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date always names the day and month in letters ("Fri, 20 Nov 2026 09:00:30 GMT").
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The codes of a TLS failure because the server's certificate is not trusted (or not for its name). */
const certificateCodes = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The TLS code of a failed fetch, if a certificate check failed (undici puts it on `cause`). */
export function certificateFailureCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && certificateCodes.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The server's TLS certificate is not trusted by this process (`code` says why). The sandbox's
 * HTTPS certificate is signed by a certificate authority of its own, whose file `serve --sandbox`
 * prints: Node trusts it when started with `NODE_EXTRA_CA_CERTS` naming that file (Python:
 * `REQUESTS_CA_BUNDLE`; most others: `SSL_CERT_FILE`). Thrown by every request of the client in
 * place of undici's bare `fetch failed`, and never retried.
 */
export class UntrustedCertificateError extends Error {
  override name = 'UntrustedCertificateError';

  constructor(
    /** The origin whose certificate was refused, e.g. `https://localhost:8443`. */
    readonly origin: string,
    /** The TLS code, e.g. `SELF_SIGNED_CERT_IN_CHAIN`. */
    readonly code: string,
    options?: ErrorOptions,
  ) {
    const extra = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
      ?.NODE_EXTRA_CA_CERTS;
    super(
      `the TLS certificate of ${origin} is not trusted (${code}): start the process with NODE_EXTRA_CA_CERTS naming the file of the certificate authority that signed it (the sandbox prints its CA file when it starts); NODE_EXTRA_CA_CERTS is ${extra ? `now ${extra}` : 'not set'}`,
      options,
    );
  }
}

/**
 * `fetch` (the global one by default), with a certificate failure thrown as an
 * `UntrustedCertificateError` naming what to trust; the client's requests, the confirmation GET
 * and the key fetch all go through it.
 */
export function explainingCertificateFailures(
  fetch: (request: Request) => Promise<Response> = (request) => globalThis.fetch(request),
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await fetch(request);
    } catch (error) {
      const code = certificateFailureCode(error);
      if (code === undefined) throw error;
      throw new UntrustedCertificateError(new URL(request.url).origin, code, { cause: error });
    }
  };
}
