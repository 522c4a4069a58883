/**
 * One delivery attempt: a POST of the message to the endpoint, connected only to addresses the
 * endpoint policy allows, within a time limit that covers resolution, connection and the
 * response's status and headers. Redirects are never followed. At most a few kilobytes of the
 * response body are read, then dropped. The outcome tells the caller what to do next:
 * `delivered` (2xx), `gone` (410: remove the subscription) or `retry` (anything else, with
 * the receiver's `Retry-After` when it sent one).
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

export type AttemptOutcome =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'gone'; status: 410; reason: string }
  | { outcome: 'retry'; status: number | null; retryAfterMs: number | null; reason: string };

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

const retry = (reason: string, status: number | null = null, retryAfterMs: number | null = null): AttemptOutcome => ({
  outcome: 'retry',
  status,
  retryAfterMs,
  reason,
});

function outcomeOfResponse(status: number, headers: IncomingHttpHeaders, now: Date): AttemptOutcome {
  const statusLine = `HTTP ${status} ${http.STATUS_CODES[status] ?? ''}`.trimEnd();
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  if (status === 410) return { outcome: 'gone', status, reason: statusLine };
  const reason = status >= 300 && status < 400 ? `${statusLine} (redirects are not followed)` : statusLine;
  return retry(reason, status, parseRetryAfter(headers['retry-after'], now));
}

function outcomeOfError(error: NodeJS.ErrnoException): AttemptOutcome {
  if (error instanceof RefusedAddressError) return retry(`refused address: ${error.message}`);
  return retry(`connection failed: ${error.message || (error.code ?? error.name)}`);
}

/** Delivers `request` to `endpoint` once. Never rejects: every failure is an outcome. */
export function attemptDelivery(
  endpoint: string,
  request: DeliveryRequest,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const { policy, resolve, timeoutMs = defaultAttemptTimeoutMs, clock = systemClock, agent = false } = options;
  // Checked again at every attempt: the allow-list may have changed, and Node connects to an
  // IP literal without calling `lookup`.
  const checked = checkEndpoint(endpoint, policy);
  if (!checked.ok) return Promise.resolve(retry(`refused endpoint: ${checked.message}`));
  const { url } = checked;
  return new Promise((settle) => {
    let timedOut = false;
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
      settle(outcomeOfResponse(response.statusCode ?? 0, response.headers, clock()));
      let drained = 0;
      response.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > maxDrainedBytes) response.destroy();
      });
      response.on('error', () => undefined);
      response.on('close', () => clearTimeout(timer));
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      settle(timedOut ? retry(`no response within ${timeoutMs} ms`) : outcomeOfError(error));
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
