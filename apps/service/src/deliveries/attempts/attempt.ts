/**
 * One delivery attempt: a POST of the message to the endpoint, connected only to addresses the
 * endpoint policy allows, within time limits: one for connecting (TCP and TLS), one until the
 * response's status and headers, and one for the whole attempt. An attempt is also ended at once
 * by its abort signal (its subscription was removed or repointed). Redirects are never followed.
 * At most a few kilobytes of the response body are read, then dropped; the first KiB is kept for
 * the message log. The outcome tells the caller what to do next: `delivered` (2xx), `gone` (410:
 * remove the subscription) or `retry` (anything else, with the receiver's `Retry-After` when it
 * sent one), and what was observed: the latency until the response's head, and the excerpt of
 * its body.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { systemClock, type Clock } from '../../shared/clock.js';
import { checkEndpoint, type EndpointPolicy } from './endpoint-policy.js';
import { guardedLookup, RefusedAddressError, type Resolver } from './guarded-lookup.js';
import type { DeliveryRequest } from '../messages/messages.js';

export const defaultAttemptTimeoutMs = 15_000;
/** Default limit for connecting (TCP, then TLS for https). */
export const defaultConnectTimeoutMs = 5_000;
/** Default limit until the response's status and headers. */
export const defaultResponseTimeoutMs = 10_000;

/** How long a kept-alive connection may stay idle before it is closed. */
const idleConnectionMs = 4_000;

/** How much of a response body is read before the connection is dropped. */
const maxDrainedBytes = 4096;

/** How much of a response body the message log keeps. */
export const responseExcerptBytes = 1024;

/** What an attempt observed: milliseconds until the response's head (or the failure), and the first KiB of the body. */
export interface AttemptObservation {
  latencyMs: number;
  responseExcerpt: string | null;
}

type Decision =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'gone'; status: 410; reason: string }
  | { outcome: 'retry'; status: number | null; retryAfterMs: number | null; reason: string };

export type AttemptOutcome = Decision & AttemptObservation;

export interface AttemptOptions {
  policy: EndpointPolicy;
  resolve?: Resolver;
  /** Limit of the whole attempt. */
  timeoutMs?: number;
  /** Limit for connecting; at most `timeoutMs`. */
  connectTimeoutMs?: number;
  /** Limit until the response's head; at most `timeoutMs`. */
  responseTimeoutMs?: number;
  /** Ends the attempt at once, as a failure whose reason is the signal's. */
  signal?: AbortSignal;
  /** For `Retry-After` given as an HTTP date. */
  clock?: Clock;
  /**
   * A keep-alive agent for the endpoint's origin; by default a fresh connection per attempt.
   * New connections of an agent still resolve through the guarded lookup of this attempt.
   */
  agent?: http.Agent;
}

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; null if absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  if (/^\s*[0-9]+\s*$/.test(value)) return Number(value) * 1000;
  // Every HTTP date format starts with the day's name; Date.parse alone takes `-5` for a year.
  const date = /^\s*[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

const retry = (reason: string, status: number | null = null, retryAfterMs: number | null = null): Decision => ({
  outcome: 'retry',
  status,
  retryAfterMs,
  reason,
});

function outcomeOfResponse(status: number, headers: IncomingHttpHeaders, now: Date): Decision {
  const statusLine = `HTTP ${status} ${http.STATUS_CODES[status] ?? ''}`.trimEnd();
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  if (status === 410) return { outcome: 'gone', status, reason: statusLine };
  const reason = status >= 300 && status < 400 ? `${statusLine} (redirects are not followed)` : statusLine;
  return retry(reason, status, parseRetryAfter(headers['retry-after'], now));
}

function outcomeOfError(error: NodeJS.ErrnoException): Decision {
  if (error instanceof RefusedAddressError) return retry(`refused address: ${error.message}`);
  return retry(`connection failed: ${error.message || (error.code ?? error.name)}`);
}

/** The response body's first bytes as text, without the U+0000 that PostgreSQL cannot store. */
const excerptOf = (chunks: Buffer[]): string =>
  Buffer.concat(chunks).subarray(0, responseExcerptBytes).toString('utf8').replaceAll('\0', '');

/**
 * Reads the first KiB of a response (or all of it, if shorter), then calls `done` with it; the
 * rest, up to a few KiB, is drained and dropped. Answers what was read so far.
 */
function readExcerpt(response: http.IncomingMessage, done: (excerpt: string) => void): () => string {
  const chunks: Buffer[] = [];
  let read = 0;
  const finish = () => done(excerptOf(chunks));
  response.on('data', (chunk: Buffer) => {
    if (read < responseExcerptBytes) chunks.push(chunk);
    read += chunk.length;
    if (read >= responseExcerptBytes) finish();
    if (read > maxDrainedBytes) response.destroy();
  });
  response.on('end', finish);
  response.on('close', finish);
  response.on('error', () => undefined);
  return () => excerptOf(chunks);
}

interface Limits {
  connectMs: number;
  responseMs: number;
  totalMs: number;
}

function limitsOf(options: AttemptOptions): Limits {
  const totalMs = options.timeoutMs ?? defaultAttemptTimeoutMs;
  return {
    totalMs,
    connectMs: Math.min(options.connectTimeoutMs ?? defaultConnectTimeoutMs, totalMs),
    responseMs: Math.min(options.responseTimeoutMs ?? defaultResponseTimeoutMs, totalMs),
  };
}

/**
 * Ends `outgoing` when a limit passes or `signal` aborts, remembering why first. Returns why it
 * was ended (undefined if it was not), the function to call once the response's head has come,
 * and the one that clears every timer.
 */
function guard(outgoing: http.ClientRequest, limits: Limits, tls: boolean, signal: AbortSignal | undefined) {
  let why: string | undefined;
  const end = (reason: string) => {
    why ??= reason;
    outgoing.destroy();
  };
  const onAbort = () => end(`aborted: ${String(signal?.reason ?? 'the attempt was cancelled')}`);
  const response = setTimeout(() => end(`no response within ${limits.responseMs} ms`), limits.responseMs);
  const total = setTimeout(() => end(`no complete response within ${limits.totalMs} ms`), limits.totalMs);
  let connect: NodeJS.Timeout | undefined;
  outgoing.on('socket', (socket) => {
    if (!socket.connecting) return;
    connect = setTimeout(() => end(`no connection within ${limits.connectMs} ms`), limits.connectMs);
    socket.once(tls ? 'secureConnect' : 'connect', () => clearTimeout(connect));
  });
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    why: () => why,
    answered: () => {
      clearTimeout(connect);
      clearTimeout(response);
    },
    clear: () => {
      [connect, response, total].forEach(clearTimeout);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Delivers `request` to `endpoint` once. Never rejects: every failure is an outcome. */
export function attemptDelivery(
  endpoint: string,
  request: DeliveryRequest,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const { policy, resolve, clock = systemClock, agent = false, signal } = options;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Checked again at every attempt: the allow-list may have changed, and Node connects to an
  // IP literal without calling `lookup`.
  const checked = checkEndpoint(endpoint, policy);
  if (!checked.ok) {
    return Promise.resolve({ ...retry(`refused endpoint: ${checked.message}`), latencyMs: 0, responseExcerpt: null });
  }
  const { url } = checked;
  return new Promise((resolveOutcome) => {
    let settled = false;
    const settle = (decision: Decision, latencyMs: number, responseExcerpt: string | null) => {
      if (settled) return;
      settled = true;
      limits.clear();
      resolveOutcome({ ...decision, latencyMs, responseExcerpt });
    };
    /** Once the response's head has come, settles with it whatever happens to the body. */
    let answered: (() => void) | undefined;
    const tls = url.protocol === 'https:';
    const outgoing = (tls ? https : http).request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: guardedLookup(policy, resolve),
      agent,
    });
    const limits = guard(outgoing, limitsOf(options), tls, signal);
    outgoing.on('response', (response) => {
      limits.answered();
      const latencyMs = elapsed();
      const decision = outcomeOfResponse(response.statusCode ?? 0, response.headers, clock());
      const readSoFar = readExcerpt(response, (excerpt) => settle(decision, latencyMs, excerpt));
      answered = () => settle(decision, latencyMs, readSoFar());
      response.on('close', () => limits.clear());
    });
    outgoing.on('error', (error) => {
      if (answered) return answered();
      const why = limits.why();
      settle(why === undefined ? outcomeOfError(error) : retry(why), elapsed(), null);
    });
    outgoing.end(request.body);
  });
}

/**
 * The keep-alive agents of one worker: one for http and one for https, shared by every endpoint.
 * An agent keeps its connections by host and port, at most `maxSocketsPerHost` to each (beyond
 * which requests wait for one), and closes a connection idle for a few seconds; a host with no
 * connection left leaves the agent's tables, so what is kept is bounded by the connections
 * open, whatever the number of endpoints ever reached. A new connection still resolves through
 * the guarded lookup of its attempt.
 */
export class KeepAliveAgents {
  private readonly http: http.Agent;
  private readonly https: https.Agent;

  constructor(settings: { maxSocketsPerHost: number }) {
    // No total cap: the worker bounds the attempts in flight, and a total cap would make a
    // request to one host wait while idle connections to another use up the total.
    const options = { keepAlive: true, maxSockets: settings.maxSocketsPerHost, timeout: idleConnectionMs };
    this.http = new http.Agent(options);
    this.https = new https.Agent(options);
  }

  /** The agent of the endpoint's scheme; none for an endpoint that is not a URL (the attempt refuses it). */
  for(endpoint: string): http.Agent | undefined {
    if (!URL.canParse(endpoint)) return undefined;
    return new URL(endpoint).protocol === 'https:' ? this.https : this.http;
  }

  /** How many hosts the agents keep connections (busy or idle) or waiting requests for. */
  hosts(): number {
    const names = new Set<string>();
    for (const agent of [this.http, this.https]) {
      for (const table of [agent.sockets, agent.freeSockets, agent.requests]) {
        for (const name of Object.keys(table)) names.add(name);
      }
    }
    return names.size;
  }

  /** Closes every connection. */
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
