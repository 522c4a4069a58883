/**
 * The certificates of receiver checks: each check signs its messages' `Signature` with an RSA key
 * of its own, so that nothing it sends is signed by the live certificate (whose key also makes the
 * `UnsubscribeURL` tokens of real subscriptions). Its certificate is served by the service at its
 * own `SigningCertURL`, `signing-certificates/check-<id>.pem`, kept here while the check runs (so
 * that whichever process or instance the receiver reaches answers it); its private key stays in
 * the process running the check. A certificate left behind (a process that died mid-check) is
 * removed by the next check after an hour.
 */
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { receiverCheckCertificates } from '../../db/schema.js';
import { generateSigningCertificate, type SigningCertificate } from '../messages/pubsub-signature.js';

const keptForMs = 60 * 60 * 1000;

/** A check's certificate and key; `id` names its file (`check-<row>`), `row` its row here. */
export interface CheckCertificate extends SigningCertificate {
  row: number;
}

/** `check-<id>.pem` → the id; undefined for any other name. */
export function checkCertificateIdOf(file: string): number | undefined {
  const match = /^check-([1-9][0-9]{0,9})\.pem$/.exec(file);
  return match ? Number(match[1]) : undefined;
}

/** A new key and certificate for one check, its certificate served from now on. */
export async function publishCheckCertificate(db: Database, now: Date): Promise<CheckCertificate> {
  await db
    .delete(receiverCheckCertificates)
    .where(lt(receiverCheckCertificates.createdAt, new Date(now.getTime() - keptForMs)));
  const generated = await generateSigningCertificate('street-events receiver check');
  const [row] = await db
    .insert(receiverCheckCertificates)
    .values({ certificatePem: generated.certificatePem, createdAt: now })
    .returning({ id: receiverCheckCertificates.id });
  return { ...generated, id: `check-${row!.id}`, row: row!.id };
}

/** Stops serving a check's certificate. */
export async function withdrawCheckCertificate(db: Database, certificate: CheckCertificate): Promise<void> {
  await db.delete(receiverCheckCertificates).where(eq(receiverCheckCertificates.id, certificate.row));
}

/** The certificate of a running check, as served at its `SigningCertURL`. */
export async function checkCertificatePem(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ pem: receiverCheckCertificates.certificatePem })
    .from(receiverCheckCertificates)
    .where(eq(receiverCheckCertificates.id, id));
  return row?.pem;
}
