/**
 * Standard Webhooks signatures with ed25519 keys: `webhook-signature` is a space-separated list
 * of `v1a,<base64 signature>` of `{webhook-id}.{webhook-timestamp}.{raw body}`, one for every
 * active key, so keys rotate without a gap: publish the new key, sign with both, retire the
 * old one. Receivers take the public keys from the JSON Web Key Set published at
 * `GET /.well-known/webhook-keys`. A key's id (`kid`) is its RFC 7638 thumbprint.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify as verifySignature,
  type KeyObject,
} from 'node:crypto';
import type { WebhookKeySet, WebhookPublicKey } from '@street-events/types';

/** A public key as published (the document's `WebhookPublicKey`). */
export type Ed25519PublicJwk = WebhookPublicKey;
export type { WebhookKeySet };

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicJwk: Ed25519PublicJwk;
}

function signingKey(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('a webhook signing key must be an ed25519 private key');
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (x === undefined) throw new Error('the ed25519 public key has no x coordinate');
  // RFC 7638: the SHA-256 of the required members in lexicographic order, without spaces.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
  return { kid, privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', x, kid, use: 'sig', alg: 'EdDSA' } };
}

export const generateSigningKey = (): SigningKey => signingKey(generateKeyPairSync('ed25519').privateKey);

/** The key from its PKCS #8 PEM form, as stored. */
export const signingKeyFromPem = (pem: string): SigningKey => signingKey(createPrivateKey(pem));

/** The private key as PKCS #8 PEM, for storage. */
export const signingKeyToPem = (key: SigningKey): string =>
  key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** The public halves of the active keys, as served at `GET /.well-known/webhook-keys`. */
export const webhookKeySet = (keys: readonly SigningKey[]): WebhookKeySet => ({
  keys: keys.map((key) => key.publicJwk),
});

const signedContent = (id: string, timestamp: string, body: string | Buffer) =>
  Buffer.concat([Buffer.from(`${id}.${timestamp}.`), Buffer.from(body)]);

/** The `webhook-signature` value: one `v1a,` signature per key. */
export function signatureHeader(keys: readonly SigningKey[], id: string, timestamp: string, body: string): string {
  if (keys.length === 0) throw new Error('no active webhook signing key');
  const content = signedContent(id, timestamp, body);
  return keys.map((key) => `v1a,${sign(null, content, key.privateKey).toString('base64')}`).join(' ');
}

export type Verification = { ok: true; kid: string } | { ok: false; reason: string };

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from `now`, either way. */
  toleranceSeconds?: number;
  now?: Date;
}

/**
 * Checks a received message: the timestamp within the tolerance of `now`, and at least one
 * `v1a` signature valid for one ed25519 key of the set. Header names in lower case, as
 * node:http gives them; `body` exactly as received. ed25519 verification compares no
 * secret, so there is nothing to compare in constant time.
 */
export function verify(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string | Buffer,
  keySet: WebhookKeySet,
  { toleranceSeconds = 300, now = new Date() }: VerifyOptions = {},
): Verification {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return { ok: false, reason: 'webhook-id, webhook-timestamp and webhook-signature must each be present once' };
  }
  if (!/^[0-9]+$/.test(timestamp)) return { ok: false, reason: 'webhook-timestamp is not a number of seconds' };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    return { ok: false, reason: `webhook-timestamp is more than ${toleranceSeconds} seconds from now` };
  }
  const content = signedContent(id, timestamp, body);
  const keys = keySet.keys.map(({ kid, kty, crv, x }) => ({
    kid,
    publicKey: createPublicKey({ key: { kty, crv, x }, format: 'jwk' }),
  }));
  for (const signature of signatures.split(' ')) {
    if (!signature.startsWith('v1a,')) continue;
    const bytes = Buffer.from(signature.slice('v1a,'.length), 'base64');
    const match = keys.find(({ publicKey }) => verifySignature(null, content, publicKey, bytes));
    if (match) return { ok: true, kid: match.kid };
  }
  return { ok: false, reason: 'no v1a signature matches a published key' };
}
