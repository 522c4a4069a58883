/**
 * One in-memory store for a whole test file: opening one (starting PGlite and migrating it)
 * takes seconds, emptying it a few milliseconds. Each test starts from an empty, migrated store.
 */
import { WatchStore } from '../../src/store/store.js';

/** Deletes every row the app stored, keeping the schema and the record of its migrations. */
export async function emptyStore(store: WatchStore): Promise<void> {
  const tables = await store.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
     where schemaname = 'public' and tablename <> 'watch_migrations'`,
  );
  await store.query(`truncate ${tables.map((table) => table.name).join(', ')}`);
}
