import { sql, type SQL } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('migrations', (database) => {
  const rowsOf = async (query: SQL) => {
    const { rows } = (await database.db.execute(query)) as unknown as { rows: unknown[] };
    return rows;
  };

  test('they create every table', async () => {
    const rows = await rowsOf(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`);
    expect(rows.map((row) => (row as { table_name: string }).table_name)).toEqual([
      'api_tokens',
      'audit_events',
      'change_requests',
      'contracts',
      'deliveries',
      'ended_sample_inspection_quarters',
      'organisations',
      'permits',
      'signing_keys',
      'subscription_coverage',
      'subscriptions',
      'users',
      'work_objects',
      'works',
      'workstreams',
    ]);
  });

  test('they install the deferred trigger that numbers events at commit', async () => {
    const rows = await rowsOf(
      sql`select tgname, tgdeferrable, tginitdeferred from pg_trigger where tgrelid = 'audit_events'::regclass and not tgisinternal`,
    );
    expect(rows).toEqual([{ tgname: 'audit_events_assign_update_id', tgdeferrable: true, tginitdeferred: true }]);
  });

  test('applying them again changes nothing', async () => {
    const before = await rowsOf(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    await database.migrate();
    expect(await rowsOf(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)).toEqual(before);
    expect(before).toEqual([{ applied: 3 }]);
  });
});
