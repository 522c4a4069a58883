import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { TimeoutError } from '../../src/shared/errors.js';
import { pollUpdates } from '../../src/features/polling/poll-updates.js';
import { withQueryTimeout } from '../../src/db/query-timeout.js';
import { searchPermits } from '../../src/features/permits/search-permits.js';
import { describeEachDatabase } from '../support/databases.js';
import { callerOf, promoter } from '../support/fixtures.js';

describeEachDatabase('query time limit', (database) => {
  test('a query that runs past its limit fails with TimeoutError', async () => {
    const slow = withQueryTimeout(database.db, 50, (tx) => tx.execute(sql`select pg_sleep(0.4)`));
    await expect(slow).rejects.toBeInstanceOf(TimeoutError);
  });

  if (database.kind === 'postgres') {
    test('on PostgreSQL the database itself cancels the statement at the limit', async () => {
      const started = Date.now();
      const error = await withQueryTimeout(database.db, 50, (tx) => tx.execute(sql`select pg_sleep(2)`)).catch(
        (caught: unknown) => caught,
      );
      expect(Date.now() - started).toBeLessThan(1000);
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).cause).toMatchObject({ cause: { code: '57014' } });
    });
  }

  if (database.kind === 'postgres') {
    test('on a PostgreSQL pool opened with the limit, the server cancels a statement past it', async () => {
      const error = await withQueryTimeout(database.limitedTo(50), 50, (db) =>
        db.execute(sql`select pg_sleep(2)`),
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).cause).toMatchObject({ cause: { code: '57014' } });
    });

    test('on a PostgreSQL pool opened with the limit, each statement runs on its own, with no transaction around it', async () => {
      const limited = database.limitedTo(2_000);
      type Row = { at: string; limit: string };
      const [first, second] = await withQueryTimeout(limited, 2_000, async (db) => {
        const read = async () =>
          (
            (await db.execute(sql`select now()::text as at, current_setting('statement_timeout') as limit`)) as {
              rows: Row[];
            }
          ).rows[0]!;
        const before = await read();
        await db.execute(sql`select pg_sleep(0.01)`);
        return [before, await read()];
      });
      expect(first.limit).toBe('2s');
      // now() is the start of the transaction: it moves only when each statement is its own.
      expect(second.at).not.toBe(first.at);
    });
  }

  if (database.kind === 'postgres') {
    test('a statement still running at its deadline is cancelled in PostgreSQL before the 408 is answered', async () => {
      // The pool's own statement_timeout (a minute) would let it run: the deadline is what ends it.
      const limited = database.limitedTo(60_000);
      const marker = `deadline-${Date.now()}`;
      const startedAt = Date.now() - 60_000 + 300;
      const error = await withQueryTimeout(
        limited,
        60_000,
        (db) => db.execute(sql`select pg_sleep(20), ${marker}::text`),
        startedAt,
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TimeoutError);
      const running = await queryRows(
        database.db,
        sql`select pid from pg_stat_activity where state = 'active' and query like ${`%pg_sleep(20)%`}
            and pid <> pg_backend_pid()`,
      );
      expect(running).toEqual([]);
    });
  }

  test('a query that could not start by its deadline is never run', async () => {
    const { db } = database;
    await db.execute(sql`create table if not exists late_marks (mark text)`);
    const startedAt = Date.now() - 10_000;
    await expect(
      withQueryTimeout(db, 1_000, (tx) => tx.execute(sql`insert into late_marks values ('late')`), startedAt),
    ).rejects.toBeInstanceOf(TimeoutError);
    // PGlite runs one statement at a time: any statement queued before this one has run by now.
    const marks = await queryRows(db, sql`select mark from late_marks`);
    expect(marks).toEqual([]);
  });

  test('a limit of 0 is no limit: the query runs to its end', async () => {
    const rows = await withQueryTimeout(database.db, 0, (tx) =>
      tx.execute(sql`select pg_sleep(0.3), current_setting('statement_timeout') as limit`),
    );
    expect(JSON.stringify(rows)).toContain('"limit":"0"');
  });

  test('a query within its limit returns its result', async () => {
    const rows = await withQueryTimeout(database.db, 2_000, (tx) => tx.execute(sql`select 1 as one`));
    expect(JSON.stringify(rows)).toContain('"one":1');
  });

  test('polling and permit search kept waiting past their limit fail with TimeoutError', async () => {
    const { db } = database;
    const planner = await callerOf(db, await promoter(db), 'Planner');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another transaction holds the tables (on PGlite it holds the only connection).
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`lock table audit_events, permits in access exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    try {
      // Both on the database itself and on the pool opened with the limit (the service's).
      for (const reader of [db, database.limitedTo(50)]) {
        await expect(pollUpdates(reader, planner, {}, { statementTimeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
        await expect(searchPermits(reader, planner, {}, { statementTimeoutMs: 50 })).rejects.toBeInstanceOf(
          TimeoutError,
        );
      }
    } finally {
      release();
      await holder;
    }
    expect(await pollUpdates(db, planner, {})).toEqual({ rows: [], next_update: null });
  });
});
