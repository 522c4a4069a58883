import createClient, { type ClientOptions, type Middleware, type QuerySerializerOptions } from 'openapi-fetch';
import type { EventsClient } from './events-client.js';
import { DEFAULT_BASE_URL, type paths as LatestPaths } from './generated/api-version.js';
import { explainingCertificateFailures } from './errors.js';
import { withRetries, type ResilienceOptions } from './retry.js';

export interface EventsClientOptions extends ResilienceOptions {
  /**
   * Base URL including the interface's base path, e.g. `https://events.example/v7/event`. Paths are
   * appended to it. `DEFAULT_BASE_URL` (the document's server, `http://localhost:8080/v7/event`,
   * the sandbox) when omitted.
   */
  baseUrl?: string;
  /** API key, sent in the `token` header of every request. */
  token: string;
  /** The fetch to use; defaults to `globalThis.fetch`. */
  fetch?: ClientOptions['fetch'];
  /** Headers sent with every request, besides `token`. */
  headers?: ClientOptions['headers'];
}

/**
 * How arrays go into the query string. The documents declare every array query parameter
 * (`workstream_prefix`) with `style: form, explode: true`: one `name=value` pair per item,
 * `workstream_prefix=001&workstream_prefix=002`. openapi-fetch does not read per-parameter
 * styles, so the style is set here, for the whole client.
 */
const querySerializer = {
  array: { style: 'form', explode: true },
} as const satisfies QuerySerializerOptions;

/**
 * Creates a client of the event interface. Every request carries the `token` header. Reads are
 * retried with backoff after network errors, time-outs, 408, 429 and 5xx answers, and each
 * attempt is limited to `timeoutMs` (see `withRetries` for what is retried and why); pass
 * `retry: false` to turn retries off.
 *
 * The paths, bodies, query parameters, responses (`data`) and error bodies (`error`) are typed
 * from the latest version; pass another version's `paths` to type it for that one:
 * `createEventsClient<paths>(…)` with `import type { paths } from "@street-events/types/v7.3"`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- openapi-fetch's own constraint on `Paths`, so that a type parameter passes between the two unchanged
export function createEventsClient<Paths extends {} = LatestPaths>(options: EventsClientOptions): EventsClient<Paths> {
  const { baseUrl = DEFAULT_BASE_URL, token, fetch, headers, retry, timeoutMs } = options;
  if (!token) throw new TypeError('createEventsClient: `token` must be a non-empty string');
  const client = createClient<Paths, 'application/json'>({
    baseUrl,
    fetch: withRetries(explainingCertificateFailures(fetch), { retry, timeoutMs }),
    headers,
    querySerializer,
  });
  client.use(tokenHeader(token));
  // The same object; only its declared call signatures differ (see events-client.ts).
  return client as unknown as EventsClient<Paths>;
}

/** Sets `token` on every request, whatever headers a call passes. */
function tokenHeader(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('token', token);
      return request;
    },
  };
}
