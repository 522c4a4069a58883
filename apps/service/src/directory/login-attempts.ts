/**
 * The lockout of login, counted before any password is checked: an attempt is reserved first,
 * in one statement (`update users set failed_logins = failed_logins + 1 … returning`), and the
 * attempt that reaches `maxFailedLogins` locks the account at once. So at most `maxFailedLogins`
 * passwords are checked per lockout, however many attempts arrive together; a login that
 * succeeds gives its attempt back (the count starts again).
 *
 * An email address that names no account is counted the same way, so that it answers as an
 * account does (`401` five times, then `423`) and does not reveal which addresses exist. Those
 * are kept in memory, not in the database: at most `maxUnknownAddresses` addresses per process,
 * the oldest forgotten first. Forgetting one only lets it answer `401` again sooner; it guards no
 * account.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { users } from '../db/schema.js';

/** Failed logins in a row that lock the account, and for how long. */
export const maxFailedLogins = 5;
export const lockoutMs = 5 * 60 * 1000;
/** Unknown email addresses whose attempts are counted, per process. */
export const maxUnknownAddresses = 10_000;

/** A reserved attempt: the account's id and stored hash (null for an unknown address or one without password). */
export type Attempt =
  | { kind: 'reserved'; userId: number | null; passwordHash: string | null }
  | { kind: 'locked'; retryAfterSeconds: number };

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Reserves an attempt for the account of `email` (normalised), or answers that it is locked; undefined when no account has it. */
async function reserveForAccount(db: Database, email: string, now: Date): Promise<Attempt | undefined> {
  const lockEnd = new Date(now.getTime() + lockoutMs);
  // A lockout that has passed starts the count again; the attempt that reaches the limit starts the next one.
  const count = sql`case when ${users.lockedUntil} is null then ${users.failedLogins} + 1 else 1 end`;
  const [reserved] = await db
    .update(users)
    .set({
      failedLogins: count,
      lockedUntil: sql`case when ${count} >= ${maxFailedLogins} then ${lockEnd.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(users.email, email), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id, passwordHash: users.passwordHash });
  if (reserved) return { kind: 'reserved', userId: reserved.id, passwordHash: reserved.passwordHash };
  const [locked] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.email, email));
  if (!locked) return undefined;
  // Locked: the lock cannot have passed between the two statements by more than their time, so at least 1 second is left.
  return { kind: 'locked', retryAfterSeconds: secondsUntil(locked.lockedUntil ?? now, now) };
}

/** Attempts at unknown addresses, counted as the accounts' are, in a bounded map (oldest forgotten first). */
class UnknownAddresses {
  private readonly entries = new Map<string, { failed: number; lockedUntil: number | null }>();

  reserve(email: string, now: Date): Attempt {
    const at = now.getTime();
    const entry = this.entries.get(email) ?? { failed: 0, lockedUntil: null };
    if (entry.lockedUntil !== null && entry.lockedUntil > at)
      return { kind: 'locked', retryAfterSeconds: secondsUntil(new Date(entry.lockedUntil), now) };
    const failed = entry.lockedUntil === null ? entry.failed + 1 : 1;
    this.entries.delete(email);
    if (this.entries.size >= maxUnknownAddresses) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(email, { failed, lockedUntil: failed >= maxFailedLogins ? at + lockoutMs : null });
    return { kind: 'reserved', userId: null, passwordHash: null };
  }
}

const unknownAddresses = new WeakMap<Database, UnknownAddresses>();

/** Reserves one password check for `email` (normalised), or answers how long its lockout lasts. */
export async function reserveAttempt(db: Database, email: string, now: Date): Promise<Attempt> {
  const forAccount = await reserveForAccount(db, email, now);
  if (forAccount !== undefined) return forAccount;
  let unknown = unknownAddresses.get(db);
  if (unknown === undefined) unknownAddresses.set(db, (unknown = new UnknownAddresses()));
  return unknown.reserve(email, now);
}

/** A login that succeeded: its account's count starts again and any lock is lifted. */
export async function attemptSucceeded(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}
