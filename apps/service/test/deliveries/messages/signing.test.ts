/**
 * Standard Webhooks ed25519 signatures: checked by a verifier written here from the
 * specification (not the module's own), across key rotation, and the module's `verify`
 * refusing whatever was tampered with or is out of time.
 */
import { createHash, createPublicKey, generateKeyPairSync, verify as cryptoVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateSigningKey,
  signatureHeader,
  signingKeyFromPem,
  signingKeyToPem,
  verify,
  webhookKeySet,
  type WebhookKeySet,
} from '../../../src/deliveries/messages/signing.js';

/** The DER prefix of an ed25519 SubjectPublicKeyInfo (RFC 8410), before the 32 raw key bytes. */
const ed25519SpkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');

/** Independent check: some `v1a` signature of `{id}.{timestamp}.{body}` is valid for some key's raw `x`. */
function independentlyVerified(headers: Record<string, string>, body: string, keySet: WebhookKeySet): boolean {
  const content = Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`, 'utf8');
  const publicKeys = keySet.keys.map(({ x }) =>
    createPublicKey({
      key: Buffer.concat([ed25519SpkiPrefix, Buffer.from(x, 'base64url')]),
      format: 'der',
      type: 'spki',
    }),
  );
  return (headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((entry) => entry.startsWith('v1a,'))
    .some((entry) => publicKeys.some((key) => cryptoVerify(null, content, key, Buffer.from(entry.slice(4), 'base64'))));
}

const oldKey = generateSigningKey();
const newKey = generateSigningKey();
const id = 'msg_2Kp7w9YzL4cQ';
const sentAt = new Date('2026-11-20T09:14:02Z');
const timestamp = String(sentAt.getTime() / 1000);
const body = '{"Type":"Notification","Message":"{\\"update_id\\":1}","note":"ünïcode ✓"}';

const signedHeaders = (keys = [oldKey], signed = { id, timestamp, body }) => ({
  'webhook-id': id,
  'webhook-timestamp': timestamp,
  'webhook-signature': signatureHeader(keys, signed.id, signed.timestamp, signed.body),
});

describe('signatures', () => {
  it('verify with an independent ed25519 verifier', () => {
    expect(independentlyVerified(signedHeaders(), body, webhookKeySet([oldKey]))).toBe(true);
  });

  it('are one `v1a,<base64 of 64 bytes>` entry per key, space-separated', () => {
    const entries = signedHeaders([oldKey, newKey])['webhook-signature'].split(' ');
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
  });

  it('need at least one key', () => {
    expect(() => signatureHeader([], id, timestamp, body)).toThrow('no active webhook signing key');
  });

  it('made during rotation verify with the old key alone and with the new key alone', () => {
    const headers = signedHeaders([oldKey, newKey]);
    expect([
      independentlyVerified(headers, body, webhookKeySet([oldKey])),
      independentlyVerified(headers, body, webhookKeySet([newKey])),
    ]).toEqual([true, true]);
  });

  it('do not verify with a key that did not sign', () => {
    expect(independentlyVerified(signedHeaders([oldKey]), body, webhookKeySet([newKey]))).toBe(false);
  });
});

describe('keys', () => {
  it('are published as a JSON Web Key Set of every active key', () => {
    const keySet = webhookKeySet([oldKey, newKey]);
    expect(keySet).toEqual({
      keys: [oldKey, newKey].map((key) => ({
        kty: 'OKP',
        crv: 'Ed25519',
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
        x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        kid: key.kid,
        use: 'sig',
        alg: 'EdDSA',
      })),
    });
  });

  it('are identified by their RFC 7638 thumbprint', () => {
    const [jwk] = webhookKeySet([oldKey]).keys;
    const thumbprint = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${jwk!.x}"}`).digest('base64url');
    expect(oldKey.kid).toBe(thumbprint);
  });

  it('survive being stored as PEM', () => {
    const pem = signingKeyToPem(oldKey);
    const restored = signingKeyFromPem(pem);
    expect([pem.startsWith('-----BEGIN PRIVATE KEY-----'), restored.kid, restored.publicJwk]).toEqual([
      true,
      oldKey.kid,
      oldKey.publicJwk,
    ]);
    expect(independentlyVerified(signedHeaders([restored]), body, webhookKeySet([oldKey]))).toBe(true);
  });

  it('must be ed25519', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => signingKeyFromPem(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(
      'a webhook signing key must be an ed25519 private key',
    );
  });
});

describe('verify', () => {
  const keySet = webhookKeySet([oldKey, newKey]);
  const check = (headers: Record<string, string>, receivedBody: string | Buffer = body, now = sentAt) =>
    verify(headers, receivedBody, keySet, { now });

  it('accepts a signed message and names the key that verified', () => {
    expect(check(signedHeaders([newKey]))).toEqual({ ok: true, kid: newKey.kid });
  });

  it('accepts a message of which any one signature verifies', () => {
    const headers = signedHeaders([newKey]);
    const forged = `v1a,${Buffer.alloc(64).toString('base64')}`;
    expect(check({ ...headers, 'webhook-signature': `v1,abc ${forged} ${headers['webhook-signature']}` }).ok).toBe(
      true,
    );
  });

  it('accepts the raw body as a Buffer', () => {
    expect(check(signedHeaders(), Buffer.from(body)).ok).toBe(true);
  });

  it.each([
    ['the body', { ...signedHeaders() }, `${body} `],
    ['the id', { ...signedHeaders(), 'webhook-id': 'msg_other' }, body],
    ['the timestamp', { ...signedHeaders(), 'webhook-timestamp': String(Number(timestamp) + 1) }, body],
  ])('rejects a message whose %s was changed', (_part, headers, receivedBody) => {
    expect(check(headers, receivedBody)).toEqual({ ok: false, reason: 'no v1a signature matches a published key' });
  });

  it('rejects a message signed with a key not in the set', () => {
    expect(verify(signedHeaders([oldKey]), body, webhookKeySet([newKey]), { now: sentAt }).ok).toBe(false);
  });

  it('rejects a message with only HMAC (`v1`) signatures', () => {
    expect(
      check({ ...signedHeaders(), 'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' }).ok,
    ).toBe(false);
  });

  it.each([
    ['5 minutes early', -300_000, true],
    ['5 minutes late', 300_000, true],
    ['5 minutes and 1 second early', -301_000, false],
    ['5 minutes and 1 second late', 301_000, false],
  ])('a message received %s is accepted: %s', (_when, offsetMs, accepted) => {
    expect(check(signedHeaders(), body, new Date(sentAt.getTime() + offsetMs)).ok).toBe(accepted);
  });

  it('rejects a timestamp that is not a number of seconds', () => {
    expect(check({ ...signedHeaders(), 'webhook-timestamp': '2026-11-20T09:14:02Z' })).toEqual({
      ok: false,
      reason: 'webhook-timestamp is not a number of seconds',
    });
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])('rejects a message without %s', (name) => {
    const headers: Record<string, string> = signedHeaders();
    delete headers[name];
    expect(check(headers).ok).toBe(false);
  });
});
