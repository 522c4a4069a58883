/**
 * The read path's shares of the database per organisation: an organisation runs at most
 * `pollsPerOrganisation` polls and `searchesPerOrganisation` permit searches at once (all its users
 * and API keys together: they share the organisation's feed and its quota of the read pools, and a
 * tenant could otherwise add users to take more). One more is refused at once with `429` and
 * `Retry-After` rather than queued, so that a tenant's queue never holds the slots or the pool
 * connections another tenant's requests need. A refusal is logged at `warn` with the
 * organisation's name; the request metrics count it under status 429.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../directory/caller.js';
import { RateLimitedError } from '../shared/errors.js';
import { perKeyLimit } from './concurrency-limit.js';

/** What one organisation may run at once. */
export interface ReadShares {
  pollsPerOrganisation: number;
  searchesPerOrganisation: number;
}

export const defaultReadShares: ReadShares = { pollsPerOrganisation: 2, searchesPerOrganisation: 1 };

/** The `Retry-After` of a request refused because its organisation runs its share already. */
export const busyRetryAfterSeconds = 1;

/** The slot of an organisation for one kind of read, or `429` (logged, with the organisation) when it holds its share already. */
export function organisationSlot(limit: number, what: string): (caller: Caller, log: FastifyBaseLogger) => () => void {
  const slots = perKeyLimit(limit);
  return (caller, log) => {
    const release = slots.take(caller.organisation.id);
    if (release) return release;
    log.warn({ organisation: caller.organisation.name, limit }, `organisation refused: it runs its share of ${what}`);
    throw new RateLimitedError(
      `Your organisation already runs ${limit} ${what} at once, its limit. Retry after ${busyRetryAfterSeconds} second.`,
      busyRetryAfterSeconds,
    );
  };
}
