/**
 * The webhook signing keys, kept in `signing_keys`. Every key not retired signs every message
 * and is published in the JSON Web Key Set at `GET /.well-known/webhook-keys`. A key is
 * generated the first time the service or a worker starts without one. To rotate: `keys rotate`
 * adds a key (both sign; receivers fetch the new set), then `keys retire <kid>` retires the old.
 */
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { signingCertificates, signingKeys } from '../../db/schema.js';
import { generateSigningCertificate, type SigningCertificate } from './pubsub-signature.js';
import { generateSigningKey, signingKeyFromPem, signingKeyToPem, type SigningKey } from './signing.js';
import { ConflictError, NotFoundError } from '../../shared/errors.js';

/** Transaction advisory lock held while the first key is created, so concurrent starts make one. */
const firstKeyLock = 7401120002;
/** Likewise for the first certificate of the pub/sub signature. */
const firstCertificateLock = 7401120003;

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

/** A certificate of the pub/sub signature as kept in `signing_certificates`, numbered. */
export type StoredCertificate = SigningCertificate & { id: number };

/** The certificate (and key) of the pub/sub signature: the newest. */
export async function currentSigningCertificate(db: Database): Promise<StoredCertificate | undefined> {
  const [row] = await db.select().from(signingCertificates).orderBy(desc(signingCertificates.id)).limit(1);
  return row && { id: row.id, certificatePem: row.certificatePem, privateKeyPem: row.privateKeyPem };
}

/** The certificate with this id, as served at `SigningCertURL`. */
export async function signingCertificatePem(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ pem: signingCertificates.certificatePem })
    .from(signingCertificates)
    .where(eq(signingCertificates.id, id));
  return row?.pem;
}

/** Creates the certificate of the pub/sub signature when there is none; returns the current one. */
export async function ensureSigningCertificate(db: Database): Promise<StoredCertificate> {
  const existing = await currentSigningCertificate(db);
  if (existing) return existing;
  // Generated outside the transaction (it takes a moment); a concurrent start may discard its own.
  const generated = await generateSigningCertificate();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${firstCertificateLock})`);
    const current = await currentSigningCertificate(tx);
    if (current) return current;
    const [row] = await tx.insert(signingCertificates).values(generated).returning({ id: signingCertificates.id });
    return { id: row!.id, ...generated };
  });
}
