/**
 * Permit search (`POST /permits/search`). An organisation runs at most its share of searches at
 * once (http/read-shares.ts); searches of all organisations then share `searchConcurrency` slots,
 * waiting their turn. The wait counts towards the query's time limit, so a search that waits out
 * its limit is `408`.
 */
import type { operations } from '@street-events/types';
import { availableParallelism } from 'node:os';
import type { FastifyPluginCallback } from 'fastify';
import type { Database } from '../../db/database.js';
import { defaultStatementTimeoutMs } from '../../db/query-timeout.js';
import { concurrencyLimit } from '../../http/concurrency-limit.js';
import { basePaths, interfaceHooks } from '../../http/interface.js';
import { loadDocument } from '../../http/openapi.js';
import { defaultReadShares, organisationSlot } from '../../http/read-shares.js';
import { serveDocument } from '../../http/serve-document.js';
import { TimeoutError } from '../../shared/errors.js';
import { searchPage, searchPageBytes } from './search-permits.js';

/** Permit searches run at once by default: one core fewer than the machine has (at least one), so polling keeps a core. */
export const defaultSearchConcurrency = Math.max(1, availableParallelism() - 1);

export interface PermitSearchOptions {
  /** The database of permit search (a pool limited to `statementTimeoutMs`, see `DatabaseHandle.limitedTo`). */
  db: Database;
  /** Limit on each search's database work, waiting for a slot included; 30 seconds by default, 0 none. */
  statementTimeoutMs?: number;
  /** Permit searches run at once (others wait their turn). */
  searchConcurrency: number;
  /** Searches each organisation may run at once; `defaultReadShares.searchesPerOrganisation` by default. */
  searchesPerOrganisation?: number;
}

export const permitSearchRoutes: FastifyPluginCallback<PermitSearchOptions> = (app, options, done) => {
  const perOrganisation = options.searchesPerOrganisation ?? defaultReadShares.searchesPerOrganisation;
  const searchSlot = organisationSlot(perOrganisation, 'permit searches');
  const searchSlots = concurrencyLimit(options.searchConcurrency);
  const statementTimeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
  const waitExpired = () =>
    new TimeoutError(`the search waited ${statementTimeoutMs} ms for a free slot and was not run; retry later`);
  serveDocument<operations>(app, {
    document: loadDocument(),
    basePaths,
    hooks: interfaceHooks(app),
    handlers: {
      searchPermits: async ({ caller, body, request }) => {
        const startedAt = Date.now();
        const release = searchSlot(caller, request.log);
        try {
          const search = () => searchPage(options.db, caller, body, { statementTimeoutMs, startedAt });
          const deadline =
            statementTimeoutMs === 0 ? undefined : { at: startedAt + statementTimeoutMs, expired: waitExpired };
          return { status: 200, json: searchPageBytes(await searchSlots(search, deadline)) };
        } finally {
          release();
        }
      },
    },
  });
  done();
};
