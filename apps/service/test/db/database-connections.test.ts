/**
 * Connections to PostgreSQL that the server ends (a restart, a failover, an administrator):
 * the pool replaces them without ending the process, and a LISTEN connection is opened again
 * and makes up for the notifications it missed. The server ends them here with
 * `pg_terminate_backend`, for this file's database only.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/db/database.js';
import { createServerDatabase, serverUrl } from '../support/databases.js';

describe('PostgreSQL connections ended by the server', () => {
  let created: Awaited<ReturnType<typeof createServerDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    created = await createServerDatabase();
    handle = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 4 });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await created?.drop();
  }, 60_000);

  /** Ends every connection to this file's database but the one asking; returns how many. */
  async function terminateConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      // The connections are listed first and ended one by one: in a single statement the server
      // may call pg_terminate_backend before it has filtered the rows by database.
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(created.url).pathname.slice(1)],
      );
      for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  it('every pool (primary, polling, search) replaces an idle connection the server ended; the process carries on', async () => {
    for (const db of [handle.db, handle.limitedTo(5_000), handle.limitedTo(5_000, { orderedScans: true })]) {
      await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
      expect(await terminateConnections()).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the pool hears of the ended connections
      const [row] = await queryRows<{ answer: number }>(db, sql`select 42 as answer`);
      expect(row?.answer).toBe(42);
    }
  });

  it('a LISTEN connection ended by the server is opened again, says so, and reports the missed notifications once', async () => {
    let notified = 0;
    const logged: string[] = [];
    const log = {
      info: (_object: object, message: string) => logged.push(message),
      warn: (_object: object, message: string) => logged.push(message),
    };
    const unlisten = await handle.listen('street_events_test_channel', () => (notified += 1), log);
    try {
      await handle.db.execute(sql`select pg_notify('street_events_test_channel', '')`);
      await vi.waitFor(() => expect(notified).toBe(1), { timeout: 10_000, interval: 25 });

      expect(await terminateConnections()).toBeGreaterThanOrEqual(1);
      await vi.waitFor(
        () => expect(logged).toEqual(['LISTEN connection lost; reconnecting', 'LISTEN connection re-established']),
        { timeout: 10_000, interval: 25 },
      );
      expect(notified).toBe(2); // once on reconnecting, for whatever was sent meanwhile

      await handle.db.execute(sql`select pg_notify('street_events_test_channel', '')`);
      await vi.waitFor(() => expect(notified).toBe(3), { timeout: 10_000, interval: 25 });
    } finally {
      await unlisten();
    }
  });
});
