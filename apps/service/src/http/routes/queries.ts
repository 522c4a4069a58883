/**
 * Polling (`GET /work-updates`) and permit search (`POST /permits/search`): the read path of the
 * interface, and its shares of the database per organisation.
 *
 * - An organisation runs at most `pollsPerOrganisation` polls and `searchesPerOrganisation`
 *   searches at once (all its users and API keys together: they share the organisation's feed
 *   and its quota of the read pools, and a tenant could otherwise add users to take more). One
 *   more is refused at once with `429` and `Retry-After` rather than queued, so that a tenant's
 *   queue never holds the slots or the pool connections another tenant's requests need. A poll
 *   answered from the feed's heads, with no query, takes no slot.
 * - Searches of all organisations then share `searchConcurrency` slots, waiting their turn; the
 *   wait counts towards the query's time limit, so a search that waits out its limit is `408`.
 *
 * A refusal is logged at `warn` with the organisation's name; the request metrics count it under
 * status 429.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { systemClock, type Clock } from '../../clock.js';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { RateLimitedError, TimeoutError } from '../../errors.js';
import { FeedHeads } from '../../queries/feed-heads.js';
import { pageBytes, pollPage, type QueryOptions } from '../../queries/poll-updates.js';
import { defaultStatementTimeoutMs } from '../../queries/query-timeout.js';
import { searchPage, searchPageBytes } from '../../queries/search-permits.js';
import { concurrencyLimit, perKeyLimit } from '../concurrency-limit.js';
import type { operations } from '@street-events/types';
import { basePaths, interfaceHooks } from '../interface.js';
import { loadDocument } from '../openapi.js';
import { serveDocument } from '../serve-document.js';

/** What one organisation may run at once. */
export interface ReadShares {
  pollsPerOrganisation: number;
  searchesPerOrganisation: number;
}

export const defaultReadShares: ReadShares = { pollsPerOrganisation: 2, searchesPerOrganisation: 1 };

/** The `Retry-After` of a request refused because its organisation runs its share already. */
export const busyRetryAfterSeconds = 1;

export interface QueryRoutesOptions {
  /** The databases of polling and of permit search (pools limited to `statementTimeoutMs`, see `DatabaseHandle.limitedTo`). */
  pollDb: Database;
  searchDb: Database;
  clock?: Clock;
  /** Limit on each request's database work, waiting for a search slot included; 30 seconds by default, 0 none. */
  statementTimeoutMs?: number;
  /** Permit searches run at once (others wait their turn). */
  searchConcurrency: number;
  /** Polls and searches each organisation may run at once; `defaultReadShares` by default. */
  readShares?: ReadShares;
  /** Update ids one poll reads past its cursor at most (see queries/poll-updates.ts). */
  pollScanUpdates?: number;
  /** The database the feed's heads are read from, with its LISTEN: polls at a caller's head are then answered without a query. */
  heads?: { db: Database; listen: DatabaseHandle['listen'] };
}

/** The slot of an organisation for one kind of read, or `429` (logged, with the organisation) when it holds its share already. */
function organisationSlot(limit: number, what: string): (caller: Caller, log: FastifyBaseLogger) => () => void {
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

export const queryRoutes: FastifyPluginAsync<QueryRoutesOptions> = async (app, options) => {
  const shares = options.readShares ?? defaultReadShares;
  const pollSlot = organisationSlot(shares.pollsPerOrganisation, 'polls');
  const searchSlot = organisationSlot(shares.searchesPerOrganisation, 'permit searches');
  const searchSlots = concurrencyLimit(options.searchConcurrency);
  let heads: FeedHeads | undefined;
  if (options.heads) {
    heads = new FeedHeads(options.heads.db);
    app.addHook('onClose', await heads.listen(options.heads.listen));
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
  const queryOptions: QueryOptions = {
    now: options.clock ?? systemClock,
    statementTimeoutMs,
    heads,
    pollScanUpdates: options.pollScanUpdates,
  };
  const searchWaitExpired = () =>
    new TimeoutError(`the search waited ${statementTimeoutMs} ms for a free slot and was not run; retry later`);
  serveDocument<operations>(app, {
    document: loadDocument(),
    basePaths,
    hooks: interfaceHooks(app),
    handlers: {
      getWorkUpdates: async ({ caller, query, request }) => {
        const startedAt = Date.now();
        const page = await pollPage(options.pollDb, caller, query, {
          ...queryOptions,
          startedAt,
          admit: () => pollSlot(caller, request.log),
        });
        return { status: 200, json: pageBytes(page) };
      },
      searchPermits: async ({ caller, body, request }) => {
        const startedAt = Date.now();
        const release = searchSlot(caller, request.log);
        try {
          const search = () => searchPage(options.searchDb, caller, body, { ...queryOptions, startedAt });
          const deadline =
            statementTimeoutMs === 0 ? undefined : { at: startedAt + statementTimeoutMs, expired: searchWaitExpired };
          return { status: 200, json: searchPageBytes(await searchSlots(search, deadline)) };
        } finally {
          release();
        }
      },
    },
  });
};
