/**
 * The pub/sub envelope's own signature, which receivers written for the permitting system's
 * notifications check: `Signature` is the base64 RSA signature (`SignatureVersion` "1":
 * SHA1withRSA, the default; "2": SHA256withRSA) of the message's canonical string, each signed
 * field as `Name\nvalue\n` in this order:
 *
 * - Notification: `Message`, `MessageId`, `Subject` (if present), `Timestamp`, `TopicArn`, `Type`;
 * - SubscriptionConfirmation (and UnsubscribeConfirmation, which deliveries never send but the
 *   receiver check does): `Message`, `MessageId`, `SubscribeURL`, `Timestamp`, `Token`,
 *   `TopicArn`, `Type`.
 *
 * The certificate whose key signs is served at `SigningCertURL`. The certificate is self-signed
 * (made with `selfsigned`): receivers trust it because `SigningCertURL` is on the host they
 * subscribed through, which is the scheme's check.
 */
import { createHmac, createPrivateKey, createSign, timingSafeEqual, type KeyObject } from 'node:crypto';
import { generate } from 'selfsigned';
import type { NotificationMessage, SubscriptionConfirmationMessage } from '@street-events/types';

export type SignatureVersion = '1' | '2';
export const signatureVersions: readonly SignatureVersion[] = ['1', '2'];

export interface SigningCertificate {
  /** Its file's name below `signing-certificates/`, without `.pem`: a number, or `check-<n>` for a receiver check's. */
  id: number | string;
  certificatePem: string;
  privateKeyPem: string;
}

type Unsigned<T> = Omit<T, 'Signature' | 'SignatureVersion' | 'SigningCertURL' | 'UnsubscribeURL'>;
export type UnsignedConfirmation = Unsigned<SubscriptionConfirmationMessage>;
export type UnsignedNotification = Unsigned<NotificationMessage>;
/** What the pub/sub service sends when a subscription ends: a confirmation's fields, another `Type`. */
export type UnsignedUnsubscribeConfirmation = Omit<UnsignedConfirmation, 'Type'> & { Type: 'UnsubscribeConfirmation' };
export type UnsignedMessage = UnsignedConfirmation | UnsignedNotification;
/** Every message the pub/sub signature covers. */
export type SignableMessage = UnsignedMessage | UnsignedUnsubscribeConfirmation;

const signedFields = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
} as const;

/** The string the signature covers: `Name\nvalue\n` for each signed field present, in order. */
export function canonicalString(message: SignableMessage): string {
  const fields: Record<string, unknown> = message;
  return signedFields[message.Type]
    .filter((name) => typeof fields[name] === 'string')
    .map((name) => `${name}\n${String(fields[name])}\n`)
    .join('');
}

const algorithms: Record<SignatureVersion, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };

/** The key last used, parsed once: parsing the PEM costs more than signing. */
let parsed: { pem: string; key: KeyObject } | undefined;
const privateKeyOf = (pem: string): KeyObject =>
  (parsed?.pem === pem ? parsed : (parsed = { pem, key: createPrivateKey(pem) })).key;

/** The base64 signature of the message's canonical string with the certificate's key. */
export function pubSubSignature(message: SignableMessage, privateKeyPem: string, version: SignatureVersion): string {
  return createSign(algorithms[version])
    .update(canonicalString(message), 'utf8')
    .sign(privateKeyOf(privateKeyPem), 'base64');
}

/** Where a certificate is served, below the interface's base URL. */
export const signingCertificatePath = (id: SigningCertificate['id']) =>
  `/api-notifications/signing-certificates/${id}.pem`;

/** A new 2048-bit RSA key and a self-signed certificate for it, valid ten years. */
export async function generateSigningCertificate(
  commonName = 'street-events notifications',
): Promise<Omit<SigningCertificate, 'id'>> {
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 10);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
  });
  return { certificatePem: pems.cert, privateKeyPem: pems.private };
}

/**
 * The token of a subscription's `UnsubscribeURL`: an HMAC of its reference keyed by the signing
 * key, so the link needs no storage and cannot be made for another subscription.
 */
export const unsubscribeToken = (reference: string, privateKeyPem: string): string =>
  createHmac('sha256', privateKeyPem).update(`unsubscribe:${reference}`).digest('base64url');

export function isUnsubscribeToken(token: string, reference: string, privateKeyPem: string): boolean {
  const expected = Buffer.from(unsubscribeToken(reference, privateKeyPem));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
