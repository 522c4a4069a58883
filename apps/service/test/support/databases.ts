/**
 * Every storage test runs against both backends: PGlite in memory and a real PostgreSQL
 * server (`TEST_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/postgres). Each
 * test file gets fresh databases of its own, created before its tests and dropped after:
 * copies of the migrated templates the run made once (global-setup.ts), or, for blocks that
 * test the migrations, empty databases migrated there and then.
 * An unreachable PostgreSQL server fails the tests; it never skips them.
 */
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/database.js';
import { serverUrl, type DatabaseTemplates } from './global-setup.js';

export { serverUrl };

export type BackendKind = DatabaseHandle['kind'];

/** A migrated database of one backend; `db` is usable inside tests (after beforeAll). */
export interface TestDatabase {
  readonly kind: BackendKind;
  readonly db: Database;
  /** PostgreSQL only: the connection URL of this file's database. */
  readonly url: string;
  /** Applies the migrations again. */
  migrate(): Promise<void>;
  /** The database for read queries limited to `statementTimeoutMs` (DatabaseHandle.limitedTo). */
  limitedTo(statementTimeoutMs: number, options?: { orderedScans?: boolean }): Database;
  /** LISTEN on a channel (see DatabaseHandle.listen). */
  listen: DatabaseHandle['listen'];
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database with a random name on the server, empty or a copy of `template`;
 * returns its URL and how to drop it.
 */
export async function createServerDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `street_events_test_${randomBytes(6).toString('hex')}`;
  const copying = template === undefined ? '' : ` template "${template}"`;
  await onServer((client) => client.query(`create database "${name}"${copying}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

class OpenedDatabase implements TestDatabase {
  private handle: DatabaseHandle | undefined;
  private serverDatabase: { url: string; drop: () => Promise<void> } | undefined;

  /** `templates` undefined: an empty database, migrated as it opens. */
  constructor(
    readonly kind: BackendKind,
    private readonly templates: DatabaseTemplates | undefined,
  ) {}

  get db(): Database {
    if (!this.handle) throw new Error(`the ${this.kind} test database is not open`);
    return this.handle.db;
  }

  get url(): string {
    if (!this.serverDatabase) throw new Error(`the ${this.kind} test database has no URL`);
    return this.serverDatabase.url;
  }

  migrate(): Promise<void> {
    if (!this.handle) throw new Error(`the ${this.kind} test database is not open`);
    return this.handle.migrate();
  }

  limitedTo(statementTimeoutMs: number, options?: { orderedScans?: boolean }): Database {
    if (!this.handle) throw new Error(`the ${this.kind} test database is not open`);
    return this.handle.limitedTo(statementTimeoutMs, options);
  }

  readonly listen: DatabaseHandle['listen'] = (channel, onNotify) => {
    if (!this.handle) throw new Error(`the ${this.kind} test database is not open`);
    return this.handle.listen(channel, onNotify);
  };

  async open(): Promise<void> {
    let copied: boolean;
    if (this.kind === 'postgres') {
      const template = this.templates?.postgresTemplate;
      copied = template !== undefined;
      this.serverDatabase = await createServerDatabase(template);
      this.handle = await openDatabase({ kind: 'postgres', url: this.serverDatabase.url, maxConnections: 12 });
    } else {
      const dump = this.templates?.pgliteDump;
      copied = dump !== undefined;
      this.handle = await openDatabase({
        kind: 'pglite',
        loadDataDir: dump === undefined ? undefined : await openAsBlob(dump),
      });
    }
    if (!copied) await this.handle.migrate();
  }

  async close(): Promise<void> {
    await this.handle?.close();
    await this.serverDatabase?.drop();
  }
}

function describeOnBoth(
  name: string,
  templates: DatabaseTemplates | undefined,
  body: (database: TestDatabase) => void,
): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    describe(`${name} [${kind}]`, () => {
      const database = new OpenedDatabase(kind, templates);
      beforeAll(() => database.open(), 60_000);
      afterAll(() => database.close(), 60_000);
      body(database);
    });
  }
}

/**
 * Declares the suite once per backend, each with its own fresh, migrated database: a copy of
 * the run's template (migrated from scratch instead outside a run that made templates).
 */
export function describeEachDatabase(name: string, body: (database: TestDatabase) => void): void {
  describeOnBoth(name, inject('databaseTemplates'), body);
}

/** As describeEachDatabase, on empty databases that the migrations are applied to: tests of the migrations themselves. */
export function describeEachDatabaseFromScratch(name: string, body: (database: TestDatabase) => void): void {
  describeOnBoth(name, undefined, body);
}

/** A test database as the handle `startServer` takes; closing the server leaves the database open. */
export function serverHandleOf(database: TestDatabase): DatabaseHandle {
  return {
    kind: database.kind,
    db: database.db,
    limitedTo: (ms, options) => database.limitedTo(ms, options),
    migrate: () => database.migrate(),
    listen: (channel, onNotify, log) => database.listen(channel, onNotify, log),
    close: () => Promise.resolve(),
  };
}
