/**
 * The time limit of read queries (30 seconds for polling, per the interface), enforced by
 * the database: PostgreSQL cancels a statement past `statement_timeout`, and the
 * cancellation surfaces as a TimeoutError (408).
 *
 * - On a database opened with that very limit (`DatabaseHandle.limitedTo`, the service's read
 *   pool), every connection already carries it: the query runs as it is, one round trip per
 *   statement.
 * - On any other database it runs in a transaction that first sets a local
 *   `statement_timeout` (BEGIN, SET, the query, COMMIT).
 *
 * PGlite cannot interrupt a statement: it runs on the JavaScript thread and has no timer
 * signals. A client-side deadline, a little after the limit, backs the database up: a query
 * still waiting for the connection at the deadline is abandoned with TimeoutError, and a
 * statement that overran is caught when it returns; either way its transaction rolls back.
 */
import { sql } from 'drizzle-orm';
import { statementTimeoutOf, type Database } from '../db/database.js';
import { TimeoutError } from '../errors.js';

export const defaultStatementTimeoutMs = 30_000;

/** Lets PostgreSQL's own cancellation arrive first where it can. */
const clientDeadlineGraceMs = 250;

const queryCanceled = '57014';

function isQueryCanceled(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ('code' in cause && cause.code === queryCanceled) return true;
  }
  return false;
}

export async function withQueryTimeout<T>(
  db: Database,
  limitMs: number,
  query: (db: Database) => Promise<T>,
): Promise<T> {
  const timeout = () => new TimeoutError(`the query took longer than ${limitMs} ms and was cancelled`);
  const deadlineAt = Date.now() + limitMs + clientDeadlineGraceMs;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeout()), deadlineAt - Date.now());
  });
  const limitedAlready = statementTimeoutOf(db) === limitMs;
  const run = limitedAlready
    ? query(db)
    : db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('statement_timeout', ${String(limitMs)}, true)`);
        const result = await query(tx);
        if (Date.now() > deadlineAt) throw timeout();
        return result;
      });
  try {
    return await Promise.race([run, deadline]);
  } catch (error) {
    if (isQueryCanceled(error)) throw new TimeoutError(timeout().message, undefined, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    run.catch(() => undefined);
  }
}
