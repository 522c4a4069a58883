/**
 * API tokens: operator-issued keys sent in the `token` header. Only the SHA-256 of a token
 * is stored, with its first characters to tell tokens apart; the token itself is shown once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { apiTokens, contracts, organisations, users } from '../db/schema.js';
import { NotFoundError } from '../shared/errors.js';
import type { Caller } from './caller.js';
import { tokenHash } from '../shared/token-hash.js';

const tokenMarker = 'se_';
const displayedLength = 10;

/**
 * The channel on which a change to the facts an authenticated caller is made of (a token
 * revoked, a contract added or removed, a user's login sessions revoked) is announced. Every
 * authentication cache LISTENs on it, in every process on the database, and forgets its callers.
 */
export const credentialsChannel = 'street_events_credentials';

/** Announces a credential change when `tx` commits (at once outside a transaction). */
export async function announceCredentialsChanged(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${credentialsChannel}, '')`);
}

/** Issues a new token for the user: `se_` and 32 random bytes in base64url. */
export async function issueToken(db: Database, username: string): Promise<{ token: string; prefix: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new NotFoundError(`no user ${username}`, 'username');
  const token = tokenMarker + randomBytes(32).toString('base64url');
  const prefix = token.slice(0, displayedLength);
  await db.insert(apiTokens).values({ userId: user.id, tokenHash: tokenHash(token), tokenPrefix: prefix });
  return { token, prefix };
}

/** Revokes the live tokens shown as `prefix`; returns how many. */
export async function revokeToken(db: Database, prefix: string): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.tokenPrefix, prefix), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    if (revoked.length === 0) throw new NotFoundError(`no live token ${prefix}`);
    await announceCredentialsChanged(tx);
    return revoked.length;
  });
}

/** The caller a token stands for, or null when the token is unknown or revoked. */
export async function authenticate(db: Database, token: string): Promise<Caller | null> {
  if (!token.startsWith(tokenMarker)) return null;
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
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(apiTokens.tokenHash, tokenHash(token)), isNull(apiTokens.revokedAt)));
  if (!found) return null;
  return withActiveContracts(db, found);
}

/** The caller, with the active contracts of a contractor's organisation. */
export async function withActiveContracts(db: Database, found: Omit<Caller, 'activeContracts'>): Promise<Caller> {
  const activeContracts =
    found.organisation.kind === 'contractor'
      ? await db
          .select({ id: organisations.id, name: organisations.name, swaCode: organisations.swaCode })
          .from(contracts)
          .innerJoin(organisations, eq(organisations.id, contracts.promoterOrgId))
          .where(and(eq(contracts.contractorOrgId, found.organisation.id), eq(contracts.status, 'active')))
      : [];
  return { ...found, activeContracts };
}
