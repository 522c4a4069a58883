/**
 * The time limit of read queries (30 seconds for polling, per the interface), counted from when
 * the request began (`startedAt`): time spent waiting for a search slot or for a pool connection
 * counts towards it. Past it the caller gets a TimeoutError (408), and nothing of the query is
 * left running or waiting to run.
 *
 * On a node-postgres pool:
 * - A request that has not waited yet, on a pool opened with its limit that has a connection free
 *   (the common case), runs its statements on the pool as they are: PostgreSQL's
 *   `statement_timeout` ends each by the deadline. Any other gets a connection of its own for its
 *   statements, as follows.
 * - A query still waiting for a connection at the deadline is abandoned: it is never sent
 *   (the connection, should it come later, goes straight back to the pool; the read pools also
 *   give up waiting after `connectionTimeoutMillis`, see db/database.ts).
 * - PostgreSQL cancels a statement past `statement_timeout`: on a pool opened with that very
 *   limit (`DatabaseHandle.limitedTo`, the service's read pools) every connection already carries
 *   it, so statements run as they are, one round trip each; elsewhere they run in a transaction
 *   that first sets a local `statement_timeout` to the time left.
 * - A statement still running at the deadline (a little after it, to let the server's own
 *   cancellation arrive first) is cancelled with `pg_cancel_backend` over a connection of its own,
 *   and the 408 is answered once it has stopped (or its connection was closed).
 *
 * PGlite cannot interrupt a statement: it runs on the JavaScript thread and has no timer
 * signals. A statement that overran is caught when it returns, and a query that had not started
 * by its deadline (PGlite runs one at a time) is not started at all; either way its transaction
 * rolls back. Polling bounds how much one statement may read (see poll-updates.ts), which is what
 * keeps a PGlite statement short.
 *
 * A limit of 0 is no limit: no statement timeout, no 408.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { statementTimeoutOf, type Database } from './database.js';
import { TimeoutError } from '../shared/errors.js';

export const defaultStatementTimeoutMs = 30_000;

/** The time limit of a request's query: how long it may take, counted from when the request began. */
export interface TimedQuery {
  /** Limit on the database query; 30 000 ms by default, 0 none. */
  statementTimeoutMs?: number;
  /** When the request's time limit began (epoch ms): time already spent waiting counts towards it. Now by default. */
  startedAt?: number;
}

/** Lets PostgreSQL's own cancellation arrive first where it can. */
const clientDeadlineGraceMs = 250;
/** How long a cancelled statement may take to stop before its connection is closed instead. */
const cancelWaitMs = 2_000;

const queryCanceled = '57014';

function isQueryCanceled(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ('code' in cause && cause.code === queryCanceled) return true;
  }
  return false;
}

/**
 * Runs `query` under a time limit of `limitMs` from `startedAt` (now by default); see above.
 * `query` receives the database to run its statements on.
 */
export async function withQueryTimeout<T>(
  db: Database,
  limitMs: number,
  query: (db: Database) => Promise<T>,
  startedAt: number = Date.now(),
): Promise<T> {
  if (limitMs === 0) return query(db);
  const deadline: Deadline = { limitMs, at: startedAt + limitMs };
  try {
    const pool = (db as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return await inLimitedTransaction(db, deadline, query);
    const limitedAlready = statementTimeoutOf(db) === limitMs;
    if (limitedAlready && pool.idleCount > 0 && startedAt >= Date.now() - clientDeadlineGraceMs)
      return await onIdleConnection(db, deadline, query);
    return await onPoolConnection(pool, limitedAlready, deadline, query);
  } catch (error) {
    if (isQueryCanceled(error)) throw new TimeoutError(timeoutMessage(deadline), undefined, { cause: error });
    throw error;
  }
}

interface Deadline {
  limitMs: number;
  /** When the limit ends (epoch ms). */
  at: number;
}

const timeoutMessage = (deadline: Deadline) => `the query took longer than ${deadline.limitMs} ms and was cancelled`;

/** A transaction whose statements may run for the time left; fails at once if none is left. */
function limitedTransaction<T>(db: Database, deadline: Deadline, query: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const leftMs = Math.ceil(deadline.at - Date.now());
    if (leftMs <= 0) throw new TimeoutError(timeoutMessage(deadline));
    await tx.execute(sql`select set_config('statement_timeout', ${String(leftMs)}, true)`);
    const result = await query(tx);
    if (Date.now() > deadline.at + clientDeadlineGraceMs) throw new TimeoutError(timeoutMessage(deadline));
    return result;
  });
}

/** PGlite, or a transaction: a limited transaction, abandoned (not interrupted) at the deadline. */
async function inLimitedTransaction<T>(
  db: Database,
  deadline: Deadline,
  query: (db: Database) => Promise<T>,
): Promise<T> {
  const timer = lateAt(deadline);
  try {
    const outcome = await settleBy(limitedTransaction(db, deadline, query), timer);
    if (outcome.late) throw new TimeoutError(timeoutMessage(deadline));
    return outcome.value;
  } finally {
    timer.clear();
  }
}

/** Resolves once the deadline (and its grace) has passed; one timer for all that a query waits for. */
function lateAt(deadline: Deadline): { late: Promise<{ late: true }>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ late: true }>((resolve) => {
    timer = setTimeout(() => resolve({ late: true }), deadline.at + clientDeadlineGraceMs - Date.now());
  });
  return { late, clear: () => clearTimeout(timer) };
}

/** The outcome of a promise, or `late` once the deadline passed first; a late promise's failure is ignored. */
async function settleBy<T>(
  run: Promise<T>,
  timer: { late: Promise<{ late: true }> },
): Promise<{ late: false; value: T } | { late: true }> {
  try {
    return await Promise.race([run.then((value) => ({ late: false as const, value })), timer.late]);
  } finally {
    run.catch(() => undefined);
  }
}

/**
 * The common case, with no connection of its own: a request that has not waited yet, on a pool
 * opened with its limit, with a connection free. Its statements go out at once, and PostgreSQL's
 * `statement_timeout` (the limit, from the statement's start) ends them by the deadline.
 */
async function onIdleConnection<T>(db: Database, deadline: Deadline, query: (db: Database) => Promise<T>): Promise<T> {
  const timer = lateAt(deadline);
  try {
    const outcome = await settleBy(Promise.resolve(query(db)), timer);
    if (outcome.late) throw new TimeoutError(timeoutMessage(deadline));
    return outcome.value;
  } finally {
    timer.clear();
  }
}

/** The query builder over one connection of a pool, made once per connection. */
const connectionDatabases = new WeakMap<pg.PoolClient, Database>();

function databaseOn(client: pg.PoolClient): Database {
  let db = connectionDatabases.get(client);
  if (db === undefined) {
    db = drizzleNodePostgres(client);
    connectionDatabases.set(client, db);
  }
  return db;
}

/** A connection of the pool, or TimeoutError at the deadline (a connection that comes later goes straight back). */
async function connectionBy(
  pool: pg.Pool,
  deadline: Deadline,
  timer: { late: Promise<{ late: true }> },
): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  const outcome = await settleBy(connecting, timer);
  if (!outcome.late) return outcome.value;
  connecting.then((client) => client.release()).catch(() => undefined);
  throw new TimeoutError(timeoutMessage(deadline));
}

async function onPoolConnection<T>(
  pool: pg.Pool,
  limitedAlready: boolean,
  deadline: Deadline,
  query: (db: Database) => Promise<T>,
): Promise<T> {
  const timer = lateAt(deadline);
  let client: pg.PoolClient | undefined;
  let broken = false;
  try {
    client = await connectionBy(pool, deadline, timer);
    const db = databaseOn(client);
    // Settled once (the query builder's results run their statement on each `then`).
    const run = Promise.resolve(limitedAlready ? query(db) : limitedTransaction(db, deadline, query));
    const outcome = await settleBy(run, timer);
    if (!outcome.late) return outcome.value;
    broken = !(await cancelled(client, run));
    throw new TimeoutError(timeoutMessage(deadline));
  } finally {
    timer.clear();
    // A connection whose statement could not be stopped is closed rather than handed to the next query.
    client?.release(broken);
  }
}

/**
 * Cancels the statement a connection is running (`pg_cancel_backend`, over a connection of its own
 * to the same server) and waits for it to stop; false when it did not stop in time.
 */
async function cancelled(client: pg.PoolClient, run: Promise<unknown>): Promise<boolean> {
  const stopped = run.then(
    () => true,
    () => true,
  );
  // A pool's connections are clients; the backend's process id is known once one has connected.
  if (!(client instanceof pg.Client)) return false;
  const pid = (client as pg.Client & { processID?: number }).processID;
  if (pid === undefined) return false;
  const canceller = new pg.Client({
    host: client.host,
    port: client.port,
    user: client.user,
    database: client.database,
    password: client.password,
    ssl: client.ssl,
    connectionTimeoutMillis: cancelWaitMs,
  });
  canceller.on('error', () => undefined);
  try {
    await canceller.connect();
    await canceller.query('select pg_cancel_backend($1)', [pid]);
  } catch {
    return false;
  } finally {
    void canceller.end().catch(() => undefined);
  }
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), cancelWaitMs)));
  try {
    return await Promise.race([stopped, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}
