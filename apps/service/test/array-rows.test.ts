/**
 * The hot read path's statements: rows as arrays in column order, the same on a pool (named,
 * prepared once per connection) as through a transaction or PGlite, and timestamps read as
 * UTC text turned into the ISO 8601 that Date#toISOString writes.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { arrayRows, isoFromUtcText, utcText } from '../src/queries/array-rows.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('array rows', (database) => {
  const row = sql`select 1::int as one, 'two'::text as two, null::text as three, '{"four":4}'::jsonb as four`;

  test('rows come back as arrays in column order, on the read pool and on the database alike', async () => {
    const expected = [[1, 'two', null, { four: 4 }]];
    expect(await arrayRows(database.db, undefined, row)).toEqual(expected);
    const reader = database.limitedTo(5_000);
    // Named: prepared on first use, then reused by name on the same connection.
    expect(await arrayRows(reader, 'array_rows_test', row)).toEqual(expected);
    expect(await arrayRows(reader, 'array_rows_test', row)).toEqual(expected);
  });

  test('a timestamp read as UTC text becomes the ISO 8601 of Date#toISOString', async () => {
    const dates = fc.sample(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), 40);
    const fixed = ['2026-11-23T00:31:27.000Z', '2026-11-23T00:31:27.100Z', '2026-11-23T00:31:27.120Z', '2026-02-28T23:59:59.999Z'];
    const values = [...fixed, ...dates.map((date) => date.toISOString())];
    const rows = await arrayRows(
      database.db,
      undefined,
      sql`select ${utcText(sql`v::timestamptz`)} as at from unnest(${sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`)}::text[]) v`,
    );
    expect(rows.map(([at]) => isoFromUtcText(at as string))).toEqual(values);
  });

  test('microseconds are truncated to milliseconds, as a Date holds them', async () => {
    const [[at]] = (await arrayRows(database.db, undefined, sql`select ${utcText(sql`'2026-11-23T00:31:27.123999Z'::timestamptz`)}`)) as [[string]];
    expect(isoFromUtcText(at)).toBe('2026-11-23T00:31:27.123Z');
  });
});
