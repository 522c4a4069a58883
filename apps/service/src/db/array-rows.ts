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
 *
 * A kind of row (`rowKind`) names its columns once: the select list is made from them, and its
 * `decode` turns a row's values, in that order, into an object of named, typed fields.
 */
import { sql, type Column as SchemaColumn, type GetColumnData, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** A column of a kind of row: what the query selects, and how its value is read. */
export interface Column<T> {
  readonly select: SQL;
  readonly read: (value: unknown) => T;
}

type Columns = Record<string, Column<unknown>>;

/** The decoded row of a kind: a field per column, of the type its column reads. */
export type RowOf<C extends Columns> = { [F in keyof C]: C[F] extends Column<infer T> ? T : never };

/** A kind of row: its select list and the decoder of its rows, both made from one list of columns. */
export interface RowKind<C extends Columns> {
  /** The select list, in the order of the columns, each named by its position (`c0`, `c1`, …) so that no two share a name. */
  readonly columns: SQL;
  /** A row's values, in the order of the columns, as named fields. */
  readonly decode: (values: unknown[]) => RowOf<C>;
}

export function rowKind<C extends Columns>(columns: C): RowKind<C> {
  return {
    columns: sql.join(
      Object.values(columns).map((column, index) => sql`${column.select} as ${sql.raw(`c${index}`)}`),
      sql`, `,
    ),
    decode: decoderOf(Object.entries(columns).map(([field, column]) => [field, column.read])) as RowKind<C>['decode'],
  };
}

type Reader = (value: unknown) => unknown;

/**
 * The decoder of rows of these fields. The hot rows (a page's ids and stored texts) have two
 * fields: an object literal builds them several times faster than a loop that sets field after
 * field (one store site seeing every name).
 */
function decoderOf(fields: [string, Reader][]): (values: unknown[]) => Record<string, unknown> {
  if (fields.length === 2) {
    const [[first, readFirst], [second, readSecond]] = fields as [[string, Reader], [string, Reader]];
    return (values) => ({ [first]: readFirst(values[0]), [second]: readSecond(values[1]) });
  }
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index++) row[fields[index]![0]] = fields[index]![1](values[index]);
    return row;
  };
}

/** A query of a kind of row, compiled once: its text and the decoder of its rows. */
export interface RowQuery<R> {
  readonly text: string;
  readonly decode: (values: unknown[]) => R;
}

/** Compiles the query that `select` makes around a kind's select list. */
export function rowQuery<C extends Columns>(kind: RowKind<C>, select: (columns: SQL) => SQL): RowQuery<RowOf<C>> {
  return { text: compiledText(select(kind.columns)), decode: kind.decode };
}

/** Runs a query of a kind of row, as `preparedRows` does, and decodes its rows. */
export async function decodedRows<R>(
  db: Database,
  name: string | undefined,
  query: RowQuery<R>,
  params: unknown[],
): Promise<R[]> {
  return (await preparedRows(db, name, query.text, params)).map(query.decode);
}

/** A column whose value is used as the driver gives it (text, integer, boolean, JSON), of the type the query ensures. */
export function valueColumn<T>(select: SQL): Column<T> {
  return { select, read: (value) => value as T };
}

/** A number; a bigint, which node-postgres gives as text, becomes a number. */
export function numberColumn(column: SQLWrapper): Column<number> {
  return { select: sql`${column}`, read: Number };
}

/** A timestamp, as the ISO 8601 of Date#toISOString. */
export function timeColumn(column: SQLWrapper): Column<string> {
  return { select: utcText(column), read: (value) => isoFromUtcText(value as string) };
}

export function timeOrNullColumn(column: SQLWrapper): Column<string | null> {
  return { select: utcText(column), read: isoFromUtcTextOrNull };
}

/** Schema column types whose values both drivers give as the schema types them. */
type GivenAsTyped =
  | 'PgText'
  | 'PgVarchar'
  | 'PgChar'
  | 'PgInteger'
  | 'PgSmallInt'
  | 'PgSerial'
  | 'PgBoolean'
  | 'PgJsonb';

/** A column of the schema of one of those types, of the type the schema gives it (with null where it allows null). */
export function storedColumn<C extends SchemaColumn & { columnType: GivenAsTyped }>(
  column: C,
): Column<GetColumnData<C>> {
  return valueColumn(sql`${column}`);
}

/** A column of the schema holding an enumeration, read as text: a value of the schema's enumeration (or null where it allows null). */
export function enumColumn<C extends SchemaColumn & { columnType: 'PgEnumColumn' }>(
  column: C,
): Column<GetColumnData<C>> {
  return valueColumn(sql`${column}::text`);
}
