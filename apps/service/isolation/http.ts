/**
 * What the isolation scenarios send and measure: requests over node:http from a chosen loopback
 * address (so each tenant, and each attacker, is a client address of its own), each with its
 * status, body and time taken; percentiles; and steady traffic, bounded in count and time.
 */
import { request as httpRequest, Agent } from 'node:http';

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The loopback address to send from, e.g. 127.0.0.2 (the client address the service sees). */
  from?: string;
  timeoutMs?: number;
}

/** A keep-alive agent per source address, as a real client keeps its connections. */
const agents = new Map<string, Agent>();
const agentFor = (from: string) => {
  let agent = agents.get(from);
  if (agent === undefined) agents.set(from, (agent = new Agent({ keepAlive: true, maxSockets: 64 })));
  return agent;
};

/** Closes every kept connection (end of a run). */
export function closeConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One request; a connection failure or time-out is status 0 with the error's message as body. */
export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const { method = 'GET', headers = {}, body, from = '127.0.0.1', timeoutMs = 60_000 } = options;
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = (status: number, text: string, answerHeaders: Answer['headers'] = {}) =>
      resolve({ status, body: text, headers: answerHeaders, ms: performance.now() - started });
    const outgoing = httpRequest(
      url,
      {
        method,
        localAddress: from,
        agent: agentFor(from),
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          finish(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), response.headers),
        );
        response.on('error', (error) => finish(0, error.message));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    outgoing.on('error', (error) => finish(0, error.message));
    outgoing.end(body);
  });
}

/** The JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(answer: Answer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether an answer is the documented error body with `error.status` equal to its status. */
export function isErrorBody(answer: Answer): boolean {
  const parsed = jsonOf(answer) as { message?: unknown; error?: { status?: unknown; code?: unknown } } | undefined;
  return (
    typeof parsed?.message === 'string' &&
    parsed.error?.status === answer.status &&
    typeof parsed.error.code === 'string'
  );
}

/** The `p`-th percentile (0-100) of `values`, nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Calls `act` `perSecond` times a second for `seconds`, each call started on time whatever the
 * previous ones take (an open loop, as independent clients are), and resolves with every result
 * once all have ended.
 */
export async function atRate<T>(perSecond: number, seconds: number, act: (index: number) => Promise<T>): Promise<T[]> {
  const count = Math.max(1, Math.round(perSecond * seconds));
  const started = performance.now();
  const running: Promise<T>[] = [];
  for (let index = 0; index < count; index += 1) {
    await pause(started + (index * 1000) / perSecond - performance.now());
    running.push(act(index));
  }
  return Promise.all(running);
}

/**
 * Calls `act` one call after the other, at most `perSecond` times a second, for `seconds` (a
 * closed loop, as one poller follows its cursor); resolves with every result.
 */
export async function paced<T>(perSecond: number, seconds: number, act: (index: number) => Promise<T>): Promise<T[]> {
  const started = performance.now();
  const results: T[] = [];
  for (let index = 0; performance.now() - started < seconds * 1000; index += 1) {
    results.push(await act(index));
    await pause(started + ((index + 1) * 1000) / perSecond - performance.now());
  }
  return results;
}

/**
 * Starts a call of `act` `perSecond` times a second, each on time whatever the others take (an
 * open loop, as a flood is), until `stop()` is called or `maxSeconds` pass; resolves with every
 * result once all have ended.
 */
export function atRateUntilStopped<T>(
  perSecond: number,
  maxSeconds: number,
  act: (index: number) => Promise<T>,
): { stop: () => void; done: Promise<T[]> } {
  let stopped = false;
  const started = performance.now();
  const running: Promise<T>[] = [];
  const loop = async () => {
    for (let index = 0; !stopped && performance.now() - started < maxSeconds * 1000; index += 1) {
      running.push(act(index));
      await pause(started + ((index + 1) * 1000) / perSecond - performance.now());
    }
    return Promise.all(running);
  };
  const done = loop();
  return { stop: () => (stopped = true), done };
}

/**
 * Keeps `concurrency` loops calling `act` until `stop()` is called, `maxSeconds` pass or
 * `maxCalls` calls were made; resolves with their results once every loop has ended.
 */
export function whileRunning<T>(
  concurrency: number,
  maxSeconds: number,
  act: (index: number) => Promise<T>,
  maxCalls = Number.POSITIVE_INFINITY,
): { stop: () => void; done: Promise<T[]> } {
  let stopped = false;
  const deadline = performance.now() + maxSeconds * 1000;
  const results: T[] = [];
  let index = 0;
  const loop = async () => {
    while (!stopped && performance.now() < deadline && index < maxCalls) results.push(await act(index++));
  };
  const done = Promise.all(Array.from({ length: concurrency }, loop)).then(() => results);
  return { stop: () => (stopped = true), done };
}
