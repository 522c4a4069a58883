/**
 * One delivery attempt: a POST of the message to the endpoint, connected only to addresses the
 * endpoint policy allows, within a time limit that covers resolution, connection and the
 * response's status and headers. Redirects are never followed. At most a few kilobytes of the
 * response body are read, then dropped; the first KiB is kept for the message log. The outcome
 * tells the caller what to do next: `delivered` (2xx), `gone` (410: remove the subscription) or
 * `retry` (anything else, with the receiver's `Retry-After` when it sent one), and what was
 * observed: the latency until the response's head, and the excerpt of its body.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { systemClock, type Clock } from '../clock.js';
import { checkEndpoint, type EndpointPolicy } from './endpoint-policy.js';
import { guardedLookup, RefusedAddressError, type Resolver } from './guarded-lookup.js';
import type { DeliveryRequest } from './messages.js';

export const defaultAttemptTimeoutMs = 15_000;

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
  timeoutMs?: number;
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

/** Delivers `request` to `endpoint` once. Never rejects: every failure is an outcome. */
export function attemptDelivery(
  endpoint: string,
  request: DeliveryRequest,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const { policy, resolve, timeoutMs = defaultAttemptTimeoutMs, clock = systemClock, agent = false } = options;
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
      resolveOutcome({ ...decision, latencyMs, responseExcerpt });
    };
    let timedOut = false;
    /** Once the response's head has come, settles with it whatever happens to the body. */
    let answered: (() => void) | undefined;
    const transport = url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: guardedLookup(policy, resolve),
      agent,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('response', (response) => {
      const latencyMs = elapsed();
      const decision = outcomeOfResponse(response.statusCode ?? 0, response.headers, clock());
      const readSoFar = readExcerpt(response, (excerpt) => settle(decision, latencyMs, excerpt));
      answered = () => settle(decision, latencyMs, readSoFar());
      response.on('close', () => clearTimeout(timer));
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      if (answered) return answered();
      settle(timedOut ? retry(`no response within ${timeoutMs} ms`) : outcomeOfError(error), elapsed(), null);
    });
    outgoing.end(request.body);
  });
}

/**
 * Keep-alive agents for the attempts of one worker, one per endpoint origin, so that attempts to
 * one receiver reuse connections; a new connection still resolves through the guarded lookup of
 * its attempt.
 */
export class KeepAliveAgents {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly settings: { maxSockets: number; timeoutMs: number }) {}

  /** The agent of the endpoint's origin; none for an endpoint that is not a URL (the attempt refuses it). */
  for(endpoint: string): http.Agent | undefined {
    if (!URL.canParse(endpoint)) return undefined;
    const { origin, protocol } = new URL(endpoint);
    let agent = this.agents.get(origin);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: this.settings.maxSockets, timeout: this.settings.timeoutMs };
      agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(origin, agent);
    }
    return agent;
  }

  /** Closes every connection. */
  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }
}
