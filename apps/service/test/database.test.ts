/** Opening a PostgreSQL database: pools that outlive the server ending their idle connections. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/database.js';
import { createServerDatabase } from './support/databases.js';

let server: Awaited<ReturnType<typeof createServerDatabase>>;
let handle: DatabaseHandle;
beforeAll(async () => {
  server = await createServerDatabase();
  handle = await openDatabase({ kind: 'postgres', url: server.url });
}, 60_000);
afterAll(async () => {
  await handle?.close();
  await server?.drop();
}, 60_000);

const backendOf = async (db: Database) =>
  ((await db.execute(sql`select pg_backend_pid() as pid`)) as { rows: { pid: number }[] }).rows[0]!.pid;

test('every pool whose idle connection the server ended goes on with a new one', async () => {
  for (const db of [handle.db, handle.limitedTo(5_000), handle.limitedTo(5_000, { orderedScans: true })]) {
    const ended = await backendOf(db);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [ended]);
    } finally {
      await admin.end();
    }
    // The pool hears of it (an 'error' event, which would end the process unheard) and drops the connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await backendOf(db)).not.toBe(ended);
  }
});
