/**
 * Standard Webhooks signatures with ed25519 keys, checked with WebCrypto (Node 20 or later,
 * browsers, Deno, Bun, workers). The service sends `webhook-id`, `webhook-timestamp` (unix
 * seconds of the attempt) and `webhook-signature`: a space-separated list of
 * `v1a,<base64 signature>` of `{id}.{timestamp}.{raw body}`, one per active key.
 */

import type { WebhookPublicKey as PublishedKey } from '@street-events/types';

/**
 * An ed25519 public key as published at `GET {origin}/.well-known/webhook-keys` (the document's
 * `WebhookPublicKey`); `kid`, `use` and `alg` may be left out of a key given by hand.
 */
export type WebhookPublicKey = Pick<PublishedKey, 'kty' | 'crv' | 'x'> &
  Partial<Pick<PublishedKey, 'kid' | 'use' | 'alg'>>;

/** The JSON Web Key Set the service publishes (the document's `WebhookKeySet`), or one given by hand. */
export interface WebhookKeySet {
  keys: WebhookPublicKey[];
}

export type SignatureFailure = 'missing_headers' | 'bad_timestamp' | 'stale_timestamp' | 'no_matching_signature';

export type SignatureCheck =
  | { ok: true; id: string; timestamp: number; kid: string | undefined }
  | { ok: false; reason: SignatureFailure; message: string };

export interface VerifyWebhookOptions {
  headers: Headers;
  /** The body exactly as received. */
  body: Uint8Array | string;
  keys: readonly WebhookPublicKey[];
  /** How far `webhook-timestamp` may be from now, either way. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Now, in milliseconds since the epoch. */
  now?: number;
}

const imported = new Map<string, Promise<CryptoKey>>();

function importKey(x: string): Promise<CryptoKey> {
  let key = imported.get(x);
  if (!key) {
    key = crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x }, { name: 'Ed25519' }, false, ['verify']);
    key.catch(() => imported.delete(x));
    imported.set(x, key);
  }
  return key;
}

function base64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * Checks the headers of a received message: all three present, the timestamp within the
 * tolerance of now, and at least one `v1a` signature made by one of `keys`. Other signature
 * versions in the list are ignored.
 */
export async function verifyWebhookSignature(options: VerifyWebhookOptions): Promise<SignatureCheck> {
  const { headers, body, keys, toleranceSeconds = 300, now = Date.now() } = options;
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures) {
    return {
      ok: false,
      reason: 'missing_headers',
      message: 'webhook-id, webhook-timestamp and webhook-signature are required',
    };
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: 'bad_timestamp', message: 'webhook-timestamp is not a number of seconds' };
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) {
    return {
      ok: false,
      reason: 'stale_timestamp',
      message: `webhook-timestamp is more than ${toleranceSeconds} seconds from now`,
    };
  }
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const payload = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const content = new Uint8Array(prefix.length + payload.length);
  content.set(prefix);
  content.set(payload, prefix.length);

  for (const entry of signatures.split(' ')) {
    if (!entry.startsWith('v1a,')) continue;
    const signature = base64(entry.slice('v1a,'.length));
    if (!signature) continue;
    for (const key of keys) {
      const publicKey = await importKey(key.x).catch(() => undefined);
      if (publicKey && (await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, signature, content))) {
        return { ok: true, id, timestamp: Number(timestamp), kid: key.kid };
      }
    }
  }
  return { ok: false, reason: 'no_matching_signature', message: 'no v1a signature matches a known key' };
}
