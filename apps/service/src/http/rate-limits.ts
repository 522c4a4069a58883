/**
 * Rate limits, counted by @fastify/rate-limit (registered once, `global: false`) in buckets of
 * this process: each instance of the service counts alone, so behind N instances a client may
 * make up to N times a limit. A `requestLimit` counts a request under a key its own function
 * derives (a client address, an authenticated caller, an email address) and past `max` in the
 * window answers `429` with `Retry-After` (seconds) and the error body. Each limit has buckets of
 * its own: a flood of one kind of key cannot push another kind's counts out.
 */
import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { RateLimitedError } from '../shared/errors.js';

/** At most `max` requests per `windowMs`. */
export interface Bucket {
  max: number;
  windowMs: number;
}

/**
 * The limit of the interface's operations unless the operator sets one: 600 requests a minute
 * per caller (ten a second, far above a poller's need, and a bound on a loop's), so that a new
 * production install is protected without tuning. `serve --sandbox` has none unless set.
 */
export const defaultRateLimit: Bucket = { max: 600, windowMs: 60_000 };

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

/** Counts a request under its key; throws `RateLimitedError` once the key is past the limit. */
export type RequestLimit = (request: FastifyRequest) => Promise<void>;

/** A limit of `bucket` per key, the key of a request being `keyOf(request)`. */
export function requestLimit(
  app: FastifyInstance,
  bucket: Bucket,
  keyOf: (request: FastifyRequest) => string,
): RequestLimit {
  const options: CreateRateLimitOptions & { cache: number } = {
    max: bucket.max,
    timeWindow: bucket.windowMs,
    keyGenerator: keyOf,
    cache: bucketsPerLimit,
  };
  const increment = app.createRateLimit(options);
  return async (request) => {
    const counted = await increment(request);
    if (!counted.isAllowed && counted.isExceeded) throw refusal(counted.ttlInSeconds);
  };
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
    caller: requestLimit(app, bucket, (request) => `user:${request.caller!.username}`),
    address: requestLimit(app, bucket, addressKey),
  };
}

/**
 * An authentication hook under `limits`: a request that fails to authenticate counts under its
 * client address (and is `429` rather than `401`/`403` once the address is past the limit); one
 * that authenticates counts under its caller only. So callers sharing an address (an office
 * behind NAT, clients behind a proxy the service does not trust) are not refused because another
 * client there sends bad tokens; the price is that each bad token is still looked up (one
 * indexed query, or a signature check).
 */
export function limitedAuthentication(
  authenticate: (request: FastifyRequest) => Promise<void>,
  limits: CallerLimits,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    try {
      await authenticate(request);
    } catch (error) {
      await limits.address(request);
      throw error;
    }
    await limits.caller(request);
  };
}

/**
 * At most `max` requests to the document's operations per caller in each window of
 * `windowMs`; `max` 0 is no limit. A caller is its user once authenticated, whatever token it
 * sends; a request that does not authenticate counts under its client address (see
 * `limitedAuthentication`). Counts are kept in this process: each instance of the service counts alone.
 */
export type RateLimit = Bucket;
