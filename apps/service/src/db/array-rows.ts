/**
 * Running a hot read query as a named statement with rows as arrays.
 *
 * On a node-postgres pool, or one of its connections, the statement is prepared once per
 * connection under its name and then only bound and executed (no parsing, no planning per
 * request once PostgreSQL settles on a plan), and rows come back as arrays of the driver's values, with no mapping by the
 * query builder. Anywhere else (PGlite, a transaction) the same SQL runs through `execute`,
 * and each row's values are taken in column order (so no two columns may share a name). The
 * name must stand for one SQL text; without a name the statement is parsed and planned each
 * time (for texts that vary a lot).
 *
 * Timestamps are read as UTC text (`utcText`), which both drivers return as a string, and
 * turned into ISO 8601 by `isoFromUtcText`: cheaper on both sides than `to_char` or a Date.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './database.js';

const dialect = new PgDialect();

export async function arrayRows(db: Database, name: string | undefined, query: SQL): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return preparedRows(db, name, text, params);
}

/** The SQL text of a query, compiled once and kept by its caller (with `preparedRows`, no query building per request). */
export function compiledText(query: SQL): string {
  return dialect.sqlToQuery(query).sql;
}

/** Runs an SQL text with `$1`, `$2`, … parameters (an array is one parameter), as `arrayRows` does. */
export async function preparedRows(
  db: Database,
  name: string | undefined,
  text: string,
  params: unknown[],
): Promise<unknown[][]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({
      ...(name === undefined ? {} : { name }),
      text,
      values: params,
      rowMode: 'array',
    });
    return result.rows as unknown[][];
  }
  const chunks = text
    .split(/\$(\d+)/)
    .map((chunk, index) => (index % 2 === 0 ? sql.raw(chunk) : sql.param(params[Number(chunk) - 1])));
  const result = (await db.execute(sql.join(chunks))) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Object.values(row));
}

/** A timestamptz as UTC text without a zone: `2026-11-23 00:31:27.123456`. */
export const utcText = (column: SQLWrapper) => sql`(${column} at time zone 'UTC')::text`;

/** `2026-11-23 00:31:27.123456` → `2026-11-23T00:31:27.123Z`: milliseconds, truncated, as Date#toISOString writes them. */
export function isoFromUtcText(text: string): string {
  // Date and time are 19 characters; PostgreSQL writes a fraction (".1" to ".123456") only when there is one.
  const milliseconds = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

export function isoFromUtcTextOrNull(text: unknown): string | null {
  return text === null ? null : isoFromUtcText(text as string);
}
