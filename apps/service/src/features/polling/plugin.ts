/**
 * Polling (`GET /works/updates`): the cursor feed of the caller's works. An organisation runs at
 * most its share of polls at once (http/read-shares.ts); a poll at its caller's head is answered
 * from the feed's heads, with no query and no slot, when they are kept (`heads`).
 */
import type { operations } from '@street-events/types';
import type { FastifyPluginAsync } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { defaultStatementTimeoutMs } from '../../db/query-timeout.js';
import { basePaths, interfaceHooks } from '../../http/interface.js';
import { loadDocument } from '../../http/openapi.js';
import { defaultReadShares, organisationSlot } from '../../http/read-shares.js';
import { serveDocument } from '../../http/serve-document.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import { FeedHeads } from './feed-heads.js';
import { pageBytes, pollPage } from './poll-updates.js';

export interface PollingOptions {
  /** The database of polling (a pool limited to `statementTimeoutMs`, see `DatabaseHandle.limitedTo`). */
  db: Database;
  clock?: Clock;
  /** Limit on each poll's database work; 30 seconds by default, 0 none. */
  statementTimeoutMs?: number;
  /** Polls each organisation may run at once; `defaultReadShares.pollsPerOrganisation` by default. */
  pollsPerOrganisation?: number;
  /** Update ids one poll reads past its cursor at most (see poll-updates.ts). */
  pollScanUpdates?: number;
  /** The database the feed's heads are read from, with its LISTEN: polls at a caller's head are then answered without a query. */
  heads?: { db: Database; listen: DatabaseHandle['listen'] };
  /** The last update_id polling shows now (undefined: all); the sandbox's visibility lag (see poll-updates.ts). */
  horizon?: () => Promise<number | undefined>;
}

export const pollingRoutes: FastifyPluginAsync<PollingOptions> = async (app, options) => {
  const pollSlot = organisationSlot(options.pollsPerOrganisation ?? defaultReadShares.pollsPerOrganisation, 'polls');
  let heads: FeedHeads | undefined;
  if (options.heads) {
    heads = new FeedHeads(options.heads.db);
    app.addHook('onClose', await heads.listen(options.heads.listen));
  }
  serveDocument<operations>(app, {
    document: loadDocument(),
    basePaths,
    hooks: interfaceHooks(app),
    handlers: {
      getWorkUpdates: async ({ caller, query, request }) => {
        const page = await pollPage(options.db, caller, query, {
          now: options.clock ?? systemClock,
          statementTimeoutMs: options.statementTimeoutMs ?? defaultStatementTimeoutMs,
          heads,
          pollScanUpdates: options.pollScanUpdates,
          horizon: options.horizon,
          startedAt: Date.now(),
          admit: () => pollSlot(caller, request.log),
        });
        return { status: 200, json: pageBytes(page) };
      },
    },
  });
};
