/**
 * Made once per test run, before any test file: one migrated database of each backend, which
 * every `describeEachDatabase` block copies instead of migrating a database of its own (see
 * databases.ts). PGlite's is a dump of its data directory in a temporary folder; PostgreSQL's
 * a template database with a name of this run's own, so that runs on one server at once (a
 * developer's and CI's) never share one. Both are removed when the run ends.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';

export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What the test files receive (`inject('databaseTemplates')`); a template left undefined is not copied. */
export interface DatabaseTemplates {
  /** The file holding the migrated PGlite data directory (a tarball of `dumpDataDir`). */
  readonly pgliteDump: string;
  /** The migrated PostgreSQL database to create copies from, on `serverUrl`. */
  readonly postgresTemplate: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Migrates a PGlite in memory and writes its data directory, checkpointed, to `file`. */
async function dumpMigratedPglite(file: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // Copies then start without replaying the migrations' write-ahead log.
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/** Creates and migrates the template database `name`; nothing stays connected to it after. */
async function createPostgresTemplate(name: string): Promise<void> {
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

/**
 * Makes both templates. A PostgreSQL server that cannot be reached leaves its template out:
 * the files that need none still run, and the others fail as they create their databases.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'street-events-test-templates-'));
  const pgliteDump = join(folder, 'pglite.tar');
  const name = `street_events_template_${randomBytes(6).toString('hex')}`;
  const [pglite, postgres] = await Promise.allSettled([dumpMigratedPglite(pgliteDump), createPostgresTemplate(name)]);
  const postgresTemplate = postgres.status === 'fulfilled' ? name : undefined;
  const teardown = async () => {
    rmSync(folder, { recursive: true, force: true });
    await onServer(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  };
  if (pglite.status === 'rejected') {
    await teardown();
    throw pglite.reason;
  }
  project.provide('databaseTemplates', { pgliteDump, postgresTemplate });
  return teardown;
}
