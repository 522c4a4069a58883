/**
 * The pub/sub signature's canonical strings, field by field, and the signature versions: what
 * receivers written for the permitting system's notifications compute and check.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalString,
  isUnsubscribeToken,
  pubSubSignature,
  unsubscribeToken,
} from '../../../src/deliveries/messages/pubsub-signature.js';

const notification = {
  Type: 'Notification',
  MessageId: 'msg_1',
  TopicArn: 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
  Message: '{"update_id":1}',
  Timestamp: '2026-11-20T09:14:02.301Z',
} as const;
const confirmation = {
  Type: 'SubscriptionConfirmation',
  MessageId: 'msg_0',
  Token: 'cnf_abc',
  TopicArn: 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
  Message: 'Confirm.',
  SubscribeURL: 'https://events.example/v7/api-notifications/confirm?token=cnf_abc',
  Timestamp: '2026-11-20T09:10:00.000Z',
} as const;

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('canonical strings', () => {
  it('a notification signs Message, MessageId, Timestamp, TopicArn and Type, each as name and value lines', () => {
    expect(canonicalString(notification)).toBe(
      'Message\n{"update_id":1}\nMessageId\nmsg_1\nTimestamp\n2026-11-20T09:14:02.301Z\nTopicArn\nSUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y\nType\nNotification\n',
    );
  });

  it('a confirmation also signs SubscribeURL and Token, in name order', () => {
    expect(canonicalString(confirmation)).toBe(
      'Message\nConfirm.\nMessageId\nmsg_0\nSubscribeURL\nhttps://events.example/v7/api-notifications/confirm?token=cnf_abc\n' +
        'Timestamp\n2026-11-20T09:10:00.000Z\nToken\ncnf_abc\nTopicArn\nSUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y\nType\nSubscriptionConfirmation\n',
    );
  });
});

describe('signature versions', () => {
  it.each([
    ['1', 'RSA-SHA1'],
    ['2', 'RSA-SHA256'],
  ] as const)('version %s is %s over the canonical string', (version, algorithm) => {
    const signature = pubSubSignature(notification, privateKeyPem, version);
    expect(createVerify(algorithm).update(canonicalString(notification)).verify(publicKey, signature, 'base64')).toBe(
      true,
    );
  });
});

describe('unsubscribe tokens', () => {
  it('are made for one subscription and key alone', () => {
    const token = unsubscribeToken(notification.TopicArn, privateKeyPem);
    expect(isUnsubscribeToken(token, notification.TopicArn, privateKeyPem)).toBe(true);
    expect(isUnsubscribeToken(token, 'SUB-0000000000000000000000000Z', privateKeyPem)).toBe(false);
    expect(isUnsubscribeToken(token.slice(1), notification.TopicArn, privateKeyPem)).toBe(false);
  });
});
