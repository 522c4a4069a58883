/**
 * The webhook signing keys, kept in `signing_keys`. Every key not retired signs every message
 * and is published in the JSON Web Key Set at `GET /.well-known/webhook-keys`. A key is
 * generated the first time the service or a worker starts without one. To rotate: `keys rotate`
 * adds a key (both sign; receivers fetch the new set), then `keys retire <kid>` retires the old.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { signingKeys } from '../db/schema.js';
import { generateSigningKey, signingKeyFromPem, signingKeyToPem, type SigningKey } from '../delivery/signing.js';
import { ConflictError, NotFoundError } from '../errors.js';

/** Transaction advisory lock held while the first key is created, so concurrent starts make one. */
const firstKeyLock = 7401120002;

export interface SigningKeyInfo {
  kid: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/** The active keys, oldest first. */
export async function activeSigningKeys(db: Database): Promise<SigningKey[]> {
  const rows = await db
    .select({ pem: signingKeys.privateKeyPem })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
  return rows.map((row) => signingKeyFromPem(row.pem));
}

async function insertKey(db: Database): Promise<SigningKey> {
  const key = generateSigningKey();
  await db.insert(signingKeys).values({ kid: key.kid, privateKeyPem: signingKeyToPem(key) });
  return key;
}

/** Creates a key when none is active; returns the active keys. */
export async function ensureSigningKey(db: Database): Promise<SigningKey[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${firstKeyLock})`);
    const keys = await activeSigningKeys(tx);
    return keys.length > 0 ? keys : [await insertKey(tx)];
  });
}

/** Adds a new active key; the existing ones keep signing until retired. */
export async function rotateSigningKey(db: Database): Promise<string> {
  return (await insertKey(db)).kid;
}

/** Retires a key: it no longer signs and is no longer published. The last active key cannot be retired. */
export async function retireSigningKey(db: Database, kid: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${firstKeyLock})`);
    const active = await activeSigningKeys(tx);
    if (!active.some((key) => key.kid === kid)) throw new NotFoundError(`no active signing key ${kid}`, 'kid');
    if (active.length === 1) throw new ConflictError(`${kid} is the only active signing key: run "keys rotate" first`);
    await tx.update(signingKeys).set({ retiredAt: now }).where(eq(signingKeys.kid, kid));
  });
}

export async function listSigningKeys(db: Database): Promise<SigningKeyInfo[]> {
  return db
    .select({ kid: signingKeys.kid, createdAt: signingKeys.createdAt, retiredAt: signingKeys.retiredAt })
    .from(signingKeys)
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
}
