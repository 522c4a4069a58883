/**
 * Rate limits, counted by @fastify/rate-limit (registered once, `global: false`) in buckets of
 * this process: each instance of the service counts alone, so behind N instances a client may
 * make up to N times a limit. A `RequestLimit` counts a request under a key its own function
 * derives (a client address, an authenticated caller, an email address) and past `max` in the
 * window answers `429` with `Retry-After` (seconds) and the error body. Each limit has buckets of
 * its own: a flood of one kind of key cannot push another kind's counts out.
 */
import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { RateLimitedError } from '../errors.js';

/** At most `max` requests per `windowMs`. */
export interface Bucket {
  max: number;
  windowMs: number;
}

/** Keys each limit keeps counts for; past that the least recently counted is forgotten. */
export const bucketsPerLimit = 10_000;

/** Registers @fastify/rate-limit with no limit of its own: routes count through `RequestLimit`s. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

/**
 * The client address a request counts under: its IPv4 address, or the /64 network of an IPv6
 * one (a single client commonly holds a whole /64, and would otherwise get a bucket per address).
 */
export function addressKey(request: FastifyRequest): string {
  if (!ipaddr.isValid(request.ip)) return `ip:${request.ip}`;
  const address = ipaddr.process(request.ip);
  if (address.kind() === 'ipv4') return `ip:${address.toString()}`;
  const network = (address as ipaddr.IPv6).toByteArray().slice(0, 8);
  return `ip6:${Buffer.from(network).toString('hex')}`;
}

export class RequestLimit {
  private readonly increment: ReturnType<FastifyInstance['createRateLimit']>;
  /** Keys over their limit, and until when (ms): `refuseIfOver` answers them without counting. */
  private readonly over = new Map<string, number>();

  constructor(
    app: FastifyInstance,
    bucket: Bucket,
    private readonly keyOf: (request: FastifyRequest) => string,
  ) {
    const options: CreateRateLimitOptions & { cache: number } = {
      max: bucket.max,
      timeWindow: bucket.windowMs,
      keyGenerator: keyOf,
      cache: bucketsPerLimit,
    };
    this.increment = app.createRateLimit(options);
  }

  /** Counts the request; throws `RateLimitedError` when its key is past the limit. */
  async count(request: FastifyRequest): Promise<void> {
    const counted = await this.increment(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    this.remember(counted.key, Date.now() + counted.ttl);
    throw refusal(counted.ttlInSeconds);
  }

  /** Throws `RateLimitedError` if the request's key was found past its limit in the current window; counts nothing. */
  refuseIfOver(request: FastifyRequest): void {
    const key = this.keyOf(request);
    const until = this.over.get(key);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left > 0) throw refusal(Math.ceil(left / 1000));
    this.over.delete(key);
  }

  private remember(key: string, until: number): void {
    this.over.delete(key);
    if (this.over.size >= bucketsPerLimit) this.over.delete(this.over.keys().next().value!);
    this.over.set(key, until);
  }
}

function refusal(seconds: number): RateLimitedError {
  const retryAfter = Math.max(1, seconds);
  return new RateLimitedError(`Too many requests. Retry after ${retryAfter} seconds.`, retryAfter);
}

/**
 * The limit of the interface's operations (`RATE_LIMIT_MAX` per `RATE_LIMIT_WINDOW_MS`): an
 * authenticated caller counts under its user, whatever token it sends; a request that does not
 * authenticate (no token, an unknown or revoked one, a role not allowed) counts under its client
 * address. A token value is never a key, so made-up tokens create no buckets and reset no count.
 */
export interface CallerLimits {
  caller: RequestLimit;
  address: RequestLimit;
}

export function callerLimits(app: FastifyInstance, bucket: Bucket): CallerLimits {
  return {
    caller: new RequestLimit(app, bucket, (request) => `user:${request.caller!.username}`),
    address: new RequestLimit(app, bucket, addressKey),
  };
}

/**
 * An authentication hook under `limits`: an address already past its limit is answered `429`
 * before any token lookup; a failed authentication counts under the address (and is `429`
 * rather than its own answer once past the limit); a caller's request counts under the caller.
 */
export function limitedAuthentication(
  authenticate: (request: FastifyRequest) => Promise<void>,
  limits: CallerLimits,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    limits.address.refuseIfOver(request);
    try {
      await authenticate(request);
    } catch (error) {
      await limits.address.count(request);
      throw error;
    }
    await limits.caller.count(request);
  };
}
