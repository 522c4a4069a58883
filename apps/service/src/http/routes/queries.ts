/** Polling (`GET /work-updates`) and permit search (`POST /permits/search`): the read path of the interface. */
import type { FastifyPluginAsync } from 'fastify';
import { systemClock, type Clock } from '../../clock.js';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { FeedHeads } from '../../queries/feed-heads.js';
import { pageBytes, pollPage } from '../../queries/poll-updates.js';
import { defaultStatementTimeoutMs } from '../../queries/query-timeout.js';
import { searchPage, searchPageBytes } from '../../queries/search-permits.js';
import { concurrencyLimit } from '../concurrency-limit.js';
import { registerOperations } from '../operations.js';

export interface QueryRoutesOptions {
  /** The databases of polling and of permit search (pools limited to `statementTimeoutMs`, see `DatabaseHandle.limitedTo`). */
  pollDb: Database;
  searchDb: Database;
  clock?: Clock;
  /** Limit on each database query; 30 seconds by default. */
  statementTimeoutMs?: number;
  /** Permit searches run at once (others wait their turn). */
  searchConcurrency: number;
  /** The database the feed's heads are read from, with its LISTEN: polls at a caller's head are then answered without a query. */
  heads?: { db: Database; listen: DatabaseHandle['listen'] };
}

export const queryRoutes: FastifyPluginAsync<QueryRoutesOptions> = async (app, options) => {
  const searchSlots = concurrencyLimit(options.searchConcurrency);
  let heads: FeedHeads | undefined;
  if (options.heads) {
    heads = new FeedHeads(options.heads.db);
    app.addHook('onClose', await heads.listen(options.heads.listen));
  }
  const queryOptions = {
    now: options.clock ?? systemClock,
    statementTimeoutMs: options.statementTimeoutMs ?? defaultStatementTimeoutMs,
    heads,
  };
  registerOperations(app, {
    getWorkUpdates: async ({ caller, query }) => ({
      status: 200,
      json: pageBytes(await pollPage(options.pollDb, caller, query, queryOptions)),
    }),
    searchPermits: async ({ caller, body }) => ({
      status: 200,
      json: searchPageBytes(await searchSlots(() => searchPage(options.searchDb, caller, body, queryOptions))),
    }),
  });
};
