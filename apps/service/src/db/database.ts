/**
 * Opening the database: embedded PGlite (a data directory, or in memory) or a PostgreSQL
 * server through node-postgres. Both run the same SQL and the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** A database or an open transaction: everything in this service runs on either. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined: in memory. */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseConfig['kind'];
  /** Applies the pending migrations of `drizzle/`. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const defaultPgliteDataDir = '.data/pglite';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** `DATABASE_URL` selects PostgreSQL; otherwise PGlite in `PGLITE_DATA_DIR` (default `.data/pglite`). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: env.PGLITE_DATA_DIR ?? defaultPgliteDataDir };
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.maxConnections ?? 10 });
    const db = drizzleNodePostgres(pool);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePostgres(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (config.dataDir !== undefined) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(config.dataDir);
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
