/**
 * Opening the database: embedded PGlite (a data directory, or in memory) or a PostgreSQL
 * server through node-postgres. Both run the same SQL and the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { retryWithBackoff } from '../shared/backoff.js';
import { serviceFiles } from '../shared/service-files.js';
import { assertDatabaseIn, lockDataDirectory } from './data-directory.js';

/** A database or an open transaction: everything in this service runs on either. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;

/** The rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

export type DatabaseConfig =
  /**
   * `readUrls`: streaming standbys of `url` that the read pools (`limitedTo`: polling and permit
   * search) connect to, a connection to each in turn; without them, `url`.
   */
  | { kind: 'postgres'; url: string; readUrls?: readonly string[]; maxConnections?: number }
  /**
   * `dataDir` undefined: in memory, starting from `loadDataDir` when given (a data directory
   * dumped by PGlite's `dumpDataDir`). `existing`: refuse a directory that holds no database
   * rather than create one (commands that read an existing sandbox).
   */
  | { kind: 'pglite'; dataDir?: string; existing?: boolean; loadDataDir?: Blob };

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseConfig['kind'];
  /**
   * The database for read queries under a time limit: on PostgreSQL a pool of its own whose
   * connections are opened with `statement_timeout`, so the server cancels any statement past
   * the limit with no per-query round trip (see db/query-timeout.ts); on PGlite, `db`.
   * With `orderedScans`, the pool's planner may not sort or use bitmap scans: a query with
   * `ORDER BY … LIMIT` then always walks an index in that order and stops after LIMIT rows,
   * however selective its other filters look (polling; see features/polling/poll-updates.ts).
   * A query waits for a connection of these pools a second past the limit at most
   * (`connectionTimeoutMillis`); 0 is no limit.
   * One pool per setting, opened on first use and closed with the handle.
   */
  limitedTo(statementTimeoutMs: number, options?: { orderedScans?: boolean }): Database;
  /** Applies the pending migrations of `drizzle/`. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (on PostgreSQL, over a
   * connection of its own, opened again when lost, after which it is called once without a
   * payload, since notifications sent meanwhile were missed); resolves to the function that
   * stops listening. It uses no `this`, so it can be passed on by itself.
   */
  readonly listen: (
    channel: string,
    onNotify: (payload?: string) => void,
    log?: ListenLog,
  ) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The service's own `.data/pglite`, wherever the command runs from (a bundle's: see shared/service-files.ts). */
export const defaultPgliteDataDir = serviceFiles.pgliteDataDir;

const migrationsFolder = serviceFiles.migrations;

/** Where a pool's connections go: one URL, or several in turn (a connection to each standby by rotation). */
function connectionTo(urls: readonly string[]): pg.PoolConfig {
  if (urls.length === 1) return { connectionString: urls[0] };
  let next = 0;
  class RotatingClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: urls[next++ % urls.length] });
    }
  }
  return { Client: RotatingClient as typeof pg.Client };
}

/**
 * A node-postgres pool that survives the server ending its idle connections (a restart, an
 * administrator's pg_terminate_backend): the pool drops such a connection and the next query
 * opens a new one, but it reports the error as an 'error' event, which would end the process
 * were nobody listening.
 */
function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  return pool;
}

/** The advisory lock that migrations hold on PostgreSQL (any number of instances may start at once). */
export const migrationLockKey = 0x5e_7e_17_00;

/**
 * Applies the migrations on a connection of its own that holds `migrationLockKey` meanwhile: an
 * instance starting beside another waits for it, then finds the migrations applied. Closing the
 * connection gives the lock back, whatever happens.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/**
 * How long past its statement limit a query of a read pool may still wait for a connection
 * before the pool drops it from its queue; the query gives up at its limit already.
 */
const connectionWaitGraceMs = 1000;

/** The statement limit a database's every connection was opened with, when it was. */
const statementTimeouts = new WeakMap<Database, number>();

/** The `statement_timeout` PostgreSQL applies to every statement of this database, if one was set when its connections opened. */
export function statementTimeoutOf(db: Database): number | undefined {
  return statementTimeouts.get(db);
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const max = config.maxConnections ?? 10;
    const pool = openPool({ connectionString: config.url, max });
    const db = drizzleNodePostgres(pool);
    const limited = new Map<string, { pool: pg.Pool; db: Database }>();
    return {
      db,
      kind: 'postgres',
      limitedTo(statementTimeoutMs, { orderedScans = false } = {}) {
        const key = `${statementTimeoutMs}/${orderedScans}`;
        let found = limited.get(key);
        if (found === undefined) {
          const limitedPool = openPool({
            ...connectionTo(config.readUrls?.length ? config.readUrls : [config.url]),
            max,
            statement_timeout: statementTimeoutMs,
            // A query never waits for a connection much past its limit (see db/query-timeout.ts).
            ...(statementTimeoutMs > 0 ? { connectionTimeoutMillis: statementTimeoutMs + connectionWaitGraceMs } : {}),
            // No JIT: read statements take their limit as a parameter, and a generic plan's estimate
            // (or a disabled sort's) would otherwise pay LLVM compilation on every execution.
            options: orderedScans ? '-c jit=off -c enable_sort=off -c enable_bitmapscan=off' : '-c jit=off',
          });
          found = { pool: limitedPool, db: drizzleNodePostgres(limitedPool) };
          statementTimeouts.set(found.db, statementTimeoutMs);
          limited.set(key, found);
        }
        return found.db;
      },
      migrate: () => migrateUnderLock(config.url),
      listen: (channel, onNotify, log) => listenOnServer(config.url, channel, onNotify, log),
      close: async () => {
        await Promise.all([pool.end(), ...[...limited.values()].map((entry) => entry.pool.end())]);
      },
    };
  }
  const client = await openPglite(config);
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    limitedTo: () => db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await client.close();
      releaseDataDirectory.get(client)?.();
    },
  };
}

/** The lock of each PGlite opened on a data directory, given back when it closes. */
const releaseDataDirectory = new WeakMap<PGlite, () => void>();

/** PGlite in memory, or on a data directory this process locks (see data-directory.ts). */
async function openPglite(config: { dataDir?: string; existing?: boolean; loadDataDir?: Blob }): Promise<PGlite> {
  if (config.dataDir === undefined) return PGlite.create({ loadDataDir: config.loadDataDir });
  if (config.existing) assertDatabaseIn(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });
  const release = lockDataDirectory(config.dataDir);
  try {
    const client = await PGlite.create(config.dataDir);
    releaseDataDirectory.set(client, release);
    return client;
  } catch (error) {
    release();
    throw error;
  }
}

/** Where a lost LISTEN connection is reported; the worker passes its logger. */
export interface ListenLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Reopening a lost LISTEN connection: a quarter of a second, then twice as long each time, up to 5 s. */
const listenBackoff = { firstMs: 250, maxMs: 5000 };

/**
 * A connection LISTENing on `channel`. `onLost` is called once, should it fail or end after it
 * was opened; a connection that fails while opening is closed and the error thrown.
 */
async function openListener(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
  onLost: (error?: Error) => void,
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  let opened = false;
  let lost = false;
  const lose = (error?: Error) => {
    if (lost) return;
    lost = true;
    void client.end().catch(() => undefined);
    if (opened) onLost(error);
  };
  client.on('notification', (notification) => onNotify(notification.payload));
  client.on('error', lose);
  client.on('end', () => lose());
  try {
    await client.connect();
    await client.query(`listen "${channel.replaceAll('"', '""')}"`);
  } catch (error) {
    lose();
    throw error;
  }
  if (lost) throw new Error(`the LISTEN connection for ${channel} ended as it opened`);
  opened = true;
  return client;
}

/**
 * LISTEN over a dedicated connection. A lost connection (the server restarted, the network
 * dropped) is opened again with backoff (`listenBackoff`) for as long as the listener is
 * wanted; once it is back, `onNotify` is called once, since notifications sent meanwhile were
 * missed. The first connection must succeed.
 */
async function listenOnServer(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
  log?: ListenLog,
): Promise<() => Promise<void>> {
  const stopping = new AbortController();
  let client: pg.Client | undefined;
  const open = async () => {
    const opened = await openListener(url, channel, onNotify, (error) => void reopen(error));
    client = opened;
    if (stopping.signal.aborted) await opened.end().catch(() => undefined);
  };
  const reopen = async (error?: Error) => {
    client = undefined;
    if (stopping.signal.aborted) return;
    const lostAt = Date.now();
    log?.warn({ channel, err: error }, 'LISTEN connection lost; reconnecting');
    try {
      await retryWithBackoff(open, { ...listenBackoff, pauseFirst: true, signal: stopping.signal });
    } catch {
      return; // stopped
    }
    log?.info({ channel, afterMs: Date.now() - lostAt }, 'LISTEN connection re-established');
    onNotify();
  };
  await open();
  return async () => {
    stopping.abort();
    await client?.end().catch(() => undefined);
  };
}
