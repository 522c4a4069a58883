/**
 * The hot read path's statements: rows as arrays in column order, the same on a pool (named,
 * prepared once per connection) as through a transaction or PGlite, timestamps read as UTC
 * text turned into the ISO 8601 that Date#toISOString writes, and kinds of rows decoded into
 * named fields.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import {
  arrayRows,
  decodedRows,
  isoFromUtcText,
  numberColumn,
  rowKind,
  rowQuery,
  timeColumn,
  timeOrNullColumn,
  utcText,
  valueColumn,
} from '../../src/db/array-rows.js';
import { pollUpdates } from '../../src/features/polling/poll-updates.js';
import { searchPermits } from '../../src/features/permits/search-permits.js';
import { describeEachDatabase } from '../support/databases.js';
import { callerOf, highwayAuthority, promoter, work, workstream } from '../support/fixtures.js';

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
    const dates = fc.sample(
      fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }),
      40,
    );
    const fixed = [
      '2026-11-23T00:31:27.000Z',
      '2026-11-23T00:31:27.100Z',
      '2026-11-23T00:31:27.120Z',
      '2026-02-28T23:59:59.999Z',
    ];
    const values = [...fixed, ...dates.map((date) => date.toISOString())];
    const rows = await arrayRows(
      database.db,
      undefined,
      sql`select ${utcText(sql`v::timestamptz`)} as at from unnest(${sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`)}::text[]) v`,
    );
    expect(rows.map(([at]) => isoFromUtcText(at as string))).toEqual(values);
  });

  test('polling and permit search answer the same on the service’s read pools as on the database', async () => {
    const { db } = database;
    const owner = await promoter(db);
    const authority = await highwayAuthority(db);
    await workstream(db, owner, '001');
    for (let index = 0; index < 6; index++)
      await work(db, owner, authority, { workstreamPrefix: index % 2 ? '001' : '000' });
    const caller = await callerOf(db, authority, 'HighwayAuthority');
    const [pollReader, searchReader] = [database.limitedTo(30_000, { orderedScans: true }), database.limitedTo(30_000)];
    for (const params of [{ page_size: 4 }, { page_size: 250, swa_code: owner.swaCode!, workstream_prefix: ['001'] }]) {
      const expected = await pollUpdates(db, caller, params);
      expect(expected.rows.length).toBeGreaterThan(0);
      expect(await pollUpdates(pollReader, caller, params)).toEqual(expected);
    }
    const expectedPermits = await searchPermits(db, caller, {});
    expect(expectedPermits.rows).toHaveLength(6);
    expect(await searchPermits(searchReader, caller, {})).toEqual(expectedPermits);
  });

  test('microseconds are truncated to milliseconds, as a Date holds them', async () => {
    const [[at]] = (await arrayRows(
      database.db,
      undefined,
      sql`select ${utcText(sql`'2026-11-23T00:31:27.123999Z'::timestamptz`)}`,
    )) as [[string]];
    expect(isoFromUtcText(at)).toBe('2026-11-23T00:31:27.123Z');
  });

  test('a kind of row decodes each row into its named fields, on the read pool and on the database alike', async () => {
    const query = rowQuery(
      rowKind({
        id: numberColumn(sql`9007199254740991::bigint`),
        name: valueColumn<string | null>(sql`null::text`),
        at: timeColumn(sql`'2026-11-23T00:31:27.12Z'::timestamptz`),
        endedAt: timeOrNullColumn(sql`null::timestamptz`),
      }),
      (columns) => sql`select ${columns}`,
    );
    const expected = [{ id: 9007199254740991, name: null, at: '2026-11-23T00:31:27.120Z', endedAt: null }];
    expect(await decodedRows(database.db, undefined, query, [])).toEqual(expected);
    expect(await decodedRows(database.limitedTo(5_000), 'decoded_rows_test', query, [])).toEqual(expected);
  });

  test('columns that would share a name in the query still decode to their own fields', async () => {
    const query = rowQuery(
      rowKind({ first: valueColumn<number>(sql`a.n`), second: valueColumn<number>(sql`b.n`) }),
      (columns) => sql`select ${columns} from (select 1::int as n) a, (select 2::int as n) b`,
    );
    expect(await decodedRows(database.db, undefined, query, [])).toEqual([{ first: 1, second: 2 }]);
  });
});
