/**
 * Running a hot read query as a named statement with rows as arrays.
 *
 * On a node-postgres pool the statement is prepared once per connection under its name and
 * then only bound and executed (no parsing, no planning per request once PostgreSQL settles
 * on a plan), and rows come back as arrays of the driver's values, with no mapping by the
 * query builder. Anywhere else (PGlite, a transaction) the same SQL runs through `execute`,
 * and each row's values are taken in column order. The name must stand for one SQL text.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../db/database.js';

const dialect = new PgDialect();

export async function arrayRows(db: Database, name: string, query: SQL): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name, text, values: params, rowMode: 'array' });
    return result.rows as unknown[][];
  }
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Object.values(row));
}
