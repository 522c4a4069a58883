// Signs deliveries the way the interface documents (Standard Webhooks, ed25519 `v1a`), with
// keys the tests generate, using node:crypto directly: independent of the code under test.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type {
  NotificationMessage,
  NotificationPayload,
  SubscriptionConfirmationMessage,
  UnsubscribeConfirmationMessage,
  WebhookPublicKey,
} from '../../src/index.js';

export interface TestSigningKey {
  privateKey: KeyObject;
  publicJwk: WebhookPublicKey;
}

export function generateTestKey(): TestSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' });
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
  return { privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', x: x!, kid, use: 'sig', alg: 'EdDSA' } };
}

export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** The body and headers of one delivery attempt of `message`, signed with every key. */
export function signedDelivery(
  message: NotificationMessage | SubscriptionConfirmationMessage | UnsubscribeConfirmationMessage,
  keys: TestSigningKey[],
  {
    timestamp = Math.floor(Date.now() / 1000),
    body = JSON.stringify(message),
  }: { timestamp?: number; body?: string } = {},
): Delivery {
  const content = Buffer.from(`${message.MessageId}.${timestamp}.${body}`);
  return {
    body,
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'webhook-id': message.MessageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': keys.map((key) => `v1a,${sign(null, content, key.privateKey).toString('base64')}`).join(' '),
      'x-amz-sns-message-type': message.Type,
    },
  };
}

export function toRequest(delivery: Delivery, url = 'http://127.0.0.1/hooks'): Request {
  return new Request(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
}

/** The subscription the test messages are of. */
export const subscription = 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y';

export const payload: NotificationPayload = {
  update_id: 1045874,
  update_date_time: '2026-11-20T09:14:02.118Z',
  event_type: 'permit_submitted',
  event_type_string: 'Permit submitted',
  object_type: 'permit',
  object_type_string: 'Permit',
  work_reference_number: 'NW7001000123456',
  object_reference_number: 'NW7001000123456-01',
  parent_object_reference_number: 'NW7001000123456',
  promoter_swa_code: '7001',
  internal_user_identifier: 'EMP-00421',
  internal_user_name: 'Sam Patel',
};

let counter = 0;

/** The pub/sub signature fields, which this client does not check (it checks `webhook-signature`). */
const pubSubFields = {
  SignatureVersion: '1',
  Signature: 'bm90IGNoZWNrZWQgYnkgdGhpcyBjbGllbnQ=',
  SigningCertURL: 'https://events.example/v7/api-notifications/signing-certificates/1.pem',
} as const;

export function notificationMessage(content: NotificationPayload = payload): NotificationMessage {
  return {
    Type: 'Notification',
    MessageId: `msg_${++counter}_${Date.now()}`,
    TopicArn: 'arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
    Message: JSON.stringify(content),
    Timestamp: new Date().toISOString(),
    ...pubSubFields,
    UnsubscribeURL:
      'https://events.example/v7/api-notifications/unsubscribe-link?subscription=SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y&token=t',
  };
}

export function confirmationMessage(subscribeUrl: string): SubscriptionConfirmationMessage {
  return {
    Type: 'SubscriptionConfirmation',
    MessageId: `msg_${++counter}_${Date.now()}`,
    Token: 'cnf_token',
    TopicArn: 'arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
    Message: 'To confirm the subscription, visit the SubscribeURL included in this message.',
    SubscribeURL: subscribeUrl,
    Timestamp: new Date().toISOString(),
    ...pubSubFields,
  };
}
