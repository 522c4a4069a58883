/**
 * Login as the permitting system does it: an email address and password give short-lived tokens
 * for the `token` header and a refresh token (see openapi/login). Tokens are JSON Web Tokens
 * signed with HS256 by `jose` (a kept library for JWTs: signing, expiry and algorithm checks done
 * once, correctly) with a secret made once and kept in the database, so every instance accepts
 * every instance's tokens. Each login is a session; its refresh token is stored only as a
 * SHA-256, and ending the session (`logout`, or `revokeSessions` for all of a user's) ends its
 * tokens too, because a token is accepted only while its session is live.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { components } from '@street-events/types/login';
import { systemClock, type Clock } from '../shared/clock.js';
import type { Database } from '../db/database.js';
import { loginKeys, loginSessions, organisations, users } from '../db/schema.js';
import { LockedError, NotFoundError, UnauthenticatedError } from '../shared/errors.js';
import type { Caller } from './caller.js';
import { attemptSucceeded, maxFailedLogins, reserveAttempt } from './login-attempts.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { tokenHash } from '../shared/token-hash.js';
import { announceCredentialsChanged, withActiveContracts } from './tokens.js';

type AuthenticationResponse = components['schemas']['AuthenticationResponse'];
type RefreshResponse = components['schemas']['RefreshResponse'];

export interface LoginOptions {
  /** How long an id or access token lasts (`LOGIN_TOKEN_TTL_SECONDS`); an hour by default. */
  tokenTtlSeconds: number;
  now?: Clock;
  /** Checks a password against a stored hash (one scrypt each); `verifyPassword` by default. */
  verifyPassword?: (password: string, stored: string) => Promise<boolean>;
  /**
   * Runs one login's check (its attempt reserved, then its password checked) when there is room,
   * or throws at once when there is none; by default at once. The HTTP layer bounds it (a few at
   * once, a short queue, see features/login/plugin.ts): a login refused there has counted nothing.
   */
  checkSlots?: <T>(check: () => Promise<T>) => Promise<T>;
  /** The limits of the login routes (see features/login/plugin.ts); `defaultLoginLimits` by default. */
  limits?: LoginLimits;
}

/**
 * How much login the service takes. Per client address: `addressMax` calls to authenticate and
 * refresh together per `windowMs`; per email address: `accountMax` calls to authenticate per
 * `windowMs`. Password checks (scrypt, 32 MiB and tens of milliseconds each, on libuv's thread
 * pool) run at most `hashConcurrency` at once with at most `hashQueue` waiting; a login beyond
 * those is answered `503` at once.
 */
export interface LoginLimits {
  addressMax: number;
  accountMax: number;
  windowMs: number;
  hashConcurrency: number;
  hashQueue: number;
}

export const defaultLoginLimits: LoginLimits = {
  addressMax: 30,
  accountMax: 10,
  windowMs: 60_000,
  hashConcurrency: 2,
  hashQueue: 8,
};

export const defaultTokenTtlSeconds = 3600;
export { lockoutMs, maxFailedLogins } from './login-attempts.js';
export const refreshTokenTtlMs = 30 * 24 * 60 * 60 * 1000;

const issuer = 'street-events';
type TokenKind = 'id' | 'access' | 'session';

const secrets = new WeakMap<Database, Promise<Uint8Array>>();

/** The signing secret: the first of `login_keys`, made on first use. */
function signingSecret(db: Database): Promise<Uint8Array> {
  let secret = secrets.get(db);
  if (secret === undefined) {
    secret = (async () => {
      const first = () => db.select({ secret: loginKeys.secret }).from(loginKeys).orderBy(asc(loginKeys.id)).limit(1);
      let [row] = await first();
      if (!row) {
        await db.insert(loginKeys).values({ secret: randomBytes(32).toString('base64url') });
        [row] = await first();
      }
      return Buffer.from(row!.secret, 'base64url');
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

async function signToken(
  db: Database,
  kind: TokenKind,
  userId: number,
  sessionId: number,
  now: Date,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ typ: kind, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(await signingSecret(db));
}

async function tokensOf(db: Database, userId: number, sessionId: number, now: Date, options: LoginOptions) {
  const expiresAt = new Date(now.getTime() + options.tokenTtlSeconds * 1000);
  return {
    idToken: await signToken(db, 'id', userId, sessionId, now, expiresAt),
    accessToken: await signToken(db, 'access', userId, sessionId, now, expiresAt),
  };
}

async function organisationReferenceOf(db: Database, userId: number): Promise<string> {
  const [found] = await db
    .select({ reference: sql<string>`coalesce(${organisations.swaCode}, ${organisations.name})` })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId));
  return found!.reference;
}

/**
 * `POST /work/authenticate`: tokens for a user's email address and password, or 401, or 423
 * while locked. The attempt is counted before the password is checked (directory/login-attempts.ts);
 * an unknown address, or a user without a password, checks the decoy hash so that it takes as
 * long as a wrong password.
 */
export async function login(
  db: Database,
  credentials: { emailAddress: string; password: string },
  options: LoginOptions,
): Promise<AuthenticationResponse> {
  const now = (options.now ?? systemClock)();
  const verify = options.verifyPassword ?? verifyPassword;
  const runCheck = options.checkSlots ?? (<T>(check: () => Promise<T>) => check());
  const userId = await runCheck(async () => {
    const attempt = await reserveAttempt(db, credentials.emailAddress.trim().toLowerCase(), now);
    if (attempt.kind === 'locked') {
      throw new LockedError(
        `The account is locked after ${maxFailedLogins} failed logins; retry in ${attempt.retryAfterSeconds} seconds.`,
        attempt.retryAfterSeconds,
      );
    }
    const matches = await verify(credentials.password, attempt.passwordHash ?? (await decoyHash()));
    if (attempt.userId === null || attempt.passwordHash === null || !matches)
      throw new UnauthenticatedError('The email address or the password is wrong.');
    return attempt.userId;
  });
  await attemptSucceeded(db, userId);
  const refreshToken = `rt_${randomBytes(32).toString('base64url')}`;
  const sessionExpiresAt = new Date(now.getTime() + refreshTokenTtlMs);
  const [session] = await db
    .insert(loginSessions)
    .values({ userId, refreshTokenHash: tokenHash(refreshToken), createdAt: now, expiresAt: sessionExpiresAt })
    .returning({ id: loginSessions.id });
  return {
    ...(await tokensOf(db, userId, session!.id, now, options)),
    refreshToken,
    sessionToken: await signToken(db, 'session', userId, session!.id, now, sessionExpiresAt),
    organisationReference: await organisationReferenceOf(db, userId),
  };
}

/** `POST /party/refresh`: new tokens for a live session's refresh token, or 401. */
export async function refresh(db: Database, refreshToken: string, options: LoginOptions): Promise<RefreshResponse> {
  const now = (options.now ?? systemClock)();
  const [session] = await db
    .select({ id: loginSessions.id, userId: loginSessions.userId })
    .from(loginSessions)
    .where(
      and(
        eq(loginSessions.refreshTokenHash, tokenHash(refreshToken)),
        isNull(loginSessions.revokedAt),
        gt(loginSessions.expiresAt, now),
      ),
    );
  if (!session) throw new UnauthenticatedError('The refresh token is unknown, expired or revoked.');
  const { idToken, accessToken } = await tokensOf(db, session.userId, session.id, now, options);
  return { id_token: idToken, access_token: accessToken };
}

/** What a valid id or access token says: its kind, user, session and expiry (ms). */
interface LoginClaims {
  kind: 'id' | 'access';
  userId: number;
  sessionId: number;
  expiresAt: number;
}

/**
 * The claims of an id or access token this service signed and that has not expired at `now`, or
 * null: not a token of this service, tampered, expired, or of another kind.
 */
async function verifiedClaims(db: Database, token: string, now: Date): Promise<LoginClaims | null> {
  if (token.split('.').length !== 3) return null;
  let claims: { sub?: string; sid?: unknown; typ?: unknown; exp?: number };
  try {
    ({ payload: claims } = await jwtVerify(token, await signingSecret(db), {
      algorithms: ['HS256'],
      issuer,
      currentDate: now,
    }));
  } catch {
    return null;
  }
  if (
    (claims.typ !== 'id' && claims.typ !== 'access') ||
    typeof claims.sid !== 'number' ||
    !/^[1-9][0-9]{0,9}$/.test(claims.sub ?? '')
  )
    return null;
  return { kind: claims.typ, userId: Number(claims.sub), sessionId: claims.sid, expiresAt: claims.exp! * 1000 };
}

/** The session `claims` name, while it is live at `now` (neither ended nor expired). */
const liveSession = (claims: LoginClaims, now: Date) =>
  and(
    eq(loginSessions.id, claims.sessionId),
    eq(loginSessions.userId, claims.userId),
    isNull(loginSessions.revokedAt),
    gt(loginSessions.expiresAt, now),
  );

/**
 * The caller an id or access token stands for, and until when (ms), or null: not a token of
 * this service, tampered, expired, of another kind, or of a revoked or expired session.
 */
export async function authenticateLoginToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ caller: Caller; expiresAt: number } | null> {
  const claims = await verifiedClaims(db, token, now);
  if (claims === null) return null;
  const [found] = await db
    .select({
      username: users.username,
      role: users.role,
      organisation: {
        id: organisations.id,
        kind: organisations.kind,
        name: organisations.name,
        swaCode: organisations.swaCode,
      },
    })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(liveSession(claims, now));
  if (!found) return null;
  return { caller: await withActiveContracts(db, found), expiresAt: claims.expiresAt };
}

/**
 * `POST /party/logout`: ends the live session of an access token, and so its refresh token and
 * every id and access token issued for it, announced to every authentication cache; or 401 (the
 * token unknown, tampered, expired, not an access token, or its session already ended), ending
 * nothing. Nothing of the access token is stored: the session's row only records when it ended.
 */
export async function logout(db: Database, accessToken: string, options: LoginOptions): Promise<void> {
  const now = (options.now ?? systemClock)();
  const claims = await verifiedClaims(db, accessToken, now);
  const ended =
    claims?.kind === 'access' &&
    (await db.transaction(async (tx) => {
      const rows = await tx
        .update(loginSessions)
        .set({ revokedAt: now })
        .where(liveSession(claims, now))
        .returning({ id: loginSessions.id });
      if (rows.length > 0) await announceCredentialsChanged(tx);
      return rows.length > 0;
    }));
  if (!ended) throw new UnauthenticatedError('The access token is unknown, expired or already logged out.');
}

/**
 * Gives a user an email address and a password (operator); unlocks the account and ends the
 * user's login sessions, with the tokens issued from them (a reset password locks out whoever
 * held the old one).
 */
export async function setPassword(db: Database, username: string, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ email: email.trim().toLowerCase(), passwordHash, failedLogins: 0, lockedUntil: null })
      .where(eq(users.username, username))
      .returning({ id: users.id });
    if (updated === undefined) throw new NotFoundError(`no user ${username}`, 'username');
    const revoked = await tx
      .update(loginSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(loginSessions.userId, updated.id), isNull(loginSessions.revokedAt)))
      .returning({ id: loginSessions.id });
    if (revoked.length > 0) await announceCredentialsChanged(tx);
  });
}

/** Revokes every live login session of a user, and so every token issued from them; returns how many. */
export async function revokeSessions(db: Database, username: string, now: Date = new Date()): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new NotFoundError(`no user ${username}`, 'username');
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(loginSessions)
      .set({ revokedAt: now })
      .where(and(eq(loginSessions.userId, user.id), isNull(loginSessions.revokedAt)))
      .returning({ id: loginSessions.id });
    await announceCredentialsChanged(tx);
    return revoked.length;
  });
}
