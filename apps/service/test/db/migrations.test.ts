import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { createServerDatabase, describeEachDatabase, describeEachDatabaseFromScratch } from '../support/databases.js';

describeEachDatabaseFromScratch('migrations', (database) => {
  const rowsOf = async (query: SQL) => {
    const { rows } = (await database.db.execute(query)) as { rows: unknown[] };
    return rows;
  };

  test('they create every table', async () => {
    const rows = await rowsOf(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(rows.map((row) => (row as { table_name: string }).table_name)).toEqual([
      'api_tokens',
      'audit_events',
      'change_requests',
      'contracts',
      'deliveries',
      'delivery_attempts',
      'ended_sample_inspection_quarters',
      'login_keys',
      'login_sessions',
      'message_replays',
      'organisations',
      'permits',
      'read_models',
      'receiver_check_certificates',
      'receiver_check_handshakes',
      'sandbox_clock',
      'signing_certificates',
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
    const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    };
    expect(before).toEqual([{ applied: journal.entries.length }]);
  });
});

describeEachDatabase('migration 0002 (work references on audit events)', (database) => {
  test('events recorded before it get their work’s reference; organisation events keep none', async () => {
    // A database at migration 0001, with a work event and an organisation event, then migrated.
    const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
    const source = fileURLToPath(new URL('../../drizzle', import.meta.url));
    for (const file of ['0000_initial_schema.sql', '0001_update_id_allocation.sql'])
      copyFileSync(join(source, file), join(folder, file));
    mkdirSync(join(folder, 'meta'));
    const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    writeFileSync(
      join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 2) }),
    );

    const server = database.kind === 'postgres' ? await createServerDatabase() : undefined;
    const earlier = await openDatabase(server ? { kind: 'postgres', url: server.url } : { kind: 'pglite' });
    try {
      const { db } = earlier;
      if (earlier.kind === 'postgres') await migrateNodePostgres(db as never, { migrationsFolder: folder });
      else await migratePglite(db as never, { migrationsFolder: folder });
      await db.execute(
        sql`insert into organisations (id, kind, name, swa_code) values (1, 'promoter', 'P', '7001'), (2, 'highway_authority', 'H', '4720')`,
      );
      await db.execute(
        sql`insert into workstreams (id, promoter_org_id, prefix, description) values (1, 1, '000', 'default')`,
      );
      await db.execute(sql`insert into works (id, work_reference_number, promoter_org_id, highway_authority_org_id, workstream_id, street, town, area, usrn, road_category, works_coordinates, location_description)
        values (1, 'TSR1591199404915', 1, 2, 1, 'High Street', 'Leeds', 'West', 1000001, 2, '{"type":"Point","coordinates":[1,2]}', 'outside 1')`);
      await db.execute(sql`insert into audit_events (update_date_time, work_id, event_type, object_type, promoter_org_id, highway_authority_org_id, workstream_prefix)
        values (now(), 1, 'permit_submitted', 'permit', 1, 2, '000'), (now(), null, 'organisation_contract_added', 'organisation', 1, null, null)`);
      await earlier.migrate();
      const { rows } = (await db.execute(sql`select work_id, work_reference_number from audit_events order by id`)) as {
        rows: { work_id: number | null; work_reference_number: string | null }[];
      };
      expect(rows).toEqual([
        { work_id: 1, work_reference_number: 'TSR1591199404915' },
        { work_id: null, work_reference_number: null },
      ]);
    } finally {
      await earlier.close();
      await server?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

test('instances starting together on one PostgreSQL database apply the migrations once, one after another', async () => {
  const server = await createServerDatabase();
  const handles = await Promise.all(
    Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: server.url, maxConnections: 1 })),
  );
  try {
    await Promise.all(handles.map((handle) => handle.migrate()));
    const { rows } = (await handles[0]!.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as { rows: unknown[] };
    const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    };
    expect(rows).toEqual([{ applied: journal.entries.length }]);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await server.drop();
  }
});
