/**
 * The handshakes of receiver checks: a check's `SubscribeURL` is the service's own confirmation
 * link with a one-time token of the check, kept here by its hash, so that the link answers `200`
 * (as for a subscription) and the check sees that the receiver followed it, whichever process or
 * instance the receiver's GET reaches. A token lives while its check runs; one left behind (a
 * process that died mid-check) is removed by the next check after an hour.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { tokenHash } from '../../shared/token-hash.js';
import type { Database } from '../../db/database.js';
import { receiverCheckHandshakes } from '../../db/schema.js';

const keptForMs = 60 * 60 * 1000;

/** A new token of a check's handshake, shaped as a subscription's confirmation token. */
export async function openHandshake(db: Database, subscriptionReference: string, now: Date): Promise<string> {
  await db
    .delete(receiverCheckHandshakes)
    .where(lt(receiverCheckHandshakes.createdAt, new Date(now.getTime() - keptForMs)));
  const token = `cnf_${randomBytes(32).toString('base64url')}`;
  await db
    .insert(receiverCheckHandshakes)
    .values({ tokenHash: tokenHash(token), subscriptionReference, createdAt: now });
  return token;
}

/** Marks the check's handshake followed; the subscription reference it named, or undefined for a token of no running check. */
export async function followHandshake(db: Database, token: string, now: Date): Promise<string | undefined> {
  const [followed] = await db
    .update(receiverCheckHandshakes)
    .set({ confirmedAt: now })
    .where(and(eq(receiverCheckHandshakes.tokenHash, tokenHash(token)), isNull(receiverCheckHandshakes.confirmedAt)))
    .returning({ reference: receiverCheckHandshakes.subscriptionReference });
  return followed?.reference;
}

/** When the receiver followed the handshake's link, if it has. */
export async function handshakeFollowedAt(db: Database, token: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ confirmedAt: receiverCheckHandshakes.confirmedAt })
    .from(receiverCheckHandshakes)
    .where(eq(receiverCheckHandshakes.tokenHash, tokenHash(token)));
  return row?.confirmedAt ?? undefined;
}

export async function closeHandshake(db: Database, token: string): Promise<void> {
  await db.delete(receiverCheckHandshakes).where(eq(receiverCheckHandshakes.tokenHash, tokenHash(token)));
}
