/**
 * A running service (as `serve` wires it) hears credential changes made by any process on its
 * database: a token revoked elsewhere is refused at once, long before the cache's time to live.
 */
import { expect, test, vi, afterAll, beforeAll } from 'vitest';
import { revokeToken } from '../../src/directory/tokens.js';
import { configFromEnv } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { describeEachDatabase, serverHandleOf, type TestDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';

/** Another process's connection to the database; PGlite serves one process, so there it is the same. */
async function elsewhere(database: TestDatabase): Promise<{ db: Database; close: () => Promise<void> }> {
  if (database.kind === 'pglite') return { db: database.db, close: () => Promise.resolve() };
  return openDatabase({ kind: 'postgres', url: database.url, maxConnections: 1 });
}

describeEachDatabase('credential changes heard by a running service', (database) => {
  let server: RunningServer;

  beforeAll(async () => {
    const config = configFromEnv({ LOG_LEVEL: 'silent', DELIVERY_WORKER: 'off', AUTH_CACHE_TTL_MS: '600000' });
    server = await startServer({ ...config, host: '127.0.0.1', port: 0 }, serverHandleOf(database));
  });
  afterAll(() => server?.close());

  test('a token revoked by another process is refused at once, though its caller was cached for ten minutes', async () => {
    const token = await tokenFor(database.db, await promoter(database.db), 'Planner');
    const poll = () => fetch(`${server.baseUrl}/works/updates`, { headers: { token } });
    expect((await poll()).status).toBe(200);
    const other = await elsewhere(database);
    try {
      await revokeToken(other.db, token.slice(0, 10));
    } finally {
      await other.close();
    }
    await vi.waitFor(async () => expect((await poll()).status).toBe(401), { timeout: 10_000 });
  });
});
