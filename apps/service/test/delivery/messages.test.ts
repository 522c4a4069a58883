/**
 * The pushed messages as the OpenAPI document describes them: the envelopes match the
 * webhooks' request body schemas and examples, and every attempt carries the documented
 * headers, with the id fixed across retries and the timestamp of the attempt.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { NotificationPayload } from '@street-events/types';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/http/openapi.js';
import { deliveryRequest, notification, subscriptionConfirmation, type WebhookMessage } from '../../src/delivery/messages.js';
import { generateSigningKey, verify, webhookKeySet } from '../../src/delivery/signing.js';

interface WebhookOperation {
  post: {
    parameters: { $ref: string }[];
    requestBody: { content: { 'text/plain': { schema: object; example: Record<string, string> } } };
  };
}

const document = loadDocument() as unknown as {
  webhooks: Record<'subscriptionConfirmation' | 'notification', WebhookOperation>;
  components: { parameters: Record<string, { name: string; schema: object }> };
};
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addFormat('double', { type: 'number', validate: () => true });
ajv.addSchema({ $id: 'openapi:document', components: document.components });
const validator = (schema: object) =>
  ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi:document#/components/')) as object);

const bodyOf = (webhook: keyof typeof document.webhooks) => document.webhooks[webhook].post.requestBody.content['text/plain'];
const confirmationExample = bodyOf('subscriptionConfirmation').example;
const notificationExample = bodyOf('notification').example;
const payloadExample = JSON.parse(notificationExample.Message!) as NotificationPayload;

const confirmation = subscriptionConfirmation({
  messageId: confirmationExample.MessageId!,
  token: confirmationExample.Token!,
  subscriptionReferenceNumber: confirmationExample.TopicArn!,
  subscribeUrl: confirmationExample.SubscribeURL!,
  createdAt: new Date(confirmationExample.Timestamp!),
});
const event = notification({
  messageId: notificationExample.MessageId!,
  subscriptionReferenceNumber: notificationExample.TopicArn!,
  payload: payloadExample,
  createdAt: new Date(notificationExample.Timestamp!),
});

describe('envelopes', () => {
  it('a subscription confirmation is the documented example', () => {
    expect(confirmation).toStrictEqual(confirmationExample);
  });

  it('a notification is the documented example', () => {
    expect(event).toStrictEqual(notificationExample);
  });

  it.each([
    ['subscriptionConfirmation', confirmation],
    ['notification', event],
  ] as const)('the %s body matches its schema', (webhook, message) => {
    const validate = validator(bodyOf(webhook).schema);
    expect(
      validate(JSON.parse(deliveryRequest(message, [generateSigningKey()], new Date()).body)),
      ajv.errorsText(validate.errors),
    ).toBe(true);
  });

  it('a notification carries its payload as a JSON string matching NotificationPayload', () => {
    const validate = validator({ $ref: '#/components/schemas/NotificationPayload' });
    expect(validate(JSON.parse(event.Message)), ajv.errorsText(validate.errors)).toBe(true);
  });
});

describe('attempt requests', () => {
  const key = generateSigningKey();
  const firstAttempt = new Date('2026-11-20T09:14:02.301Z');
  const retryAttempt = new Date('2026-11-20T09:19:03.999Z');

  it.each([
    ['subscriptionConfirmation', confirmation],
    ['notification', event],
  ] as const)('a %s attempt carries the documented headers', (webhook, message: WebhookMessage) => {
    const { headers } = deliveryRequest(message, [key], firstAttempt);
    expect(headers).toEqual({
      'content-type': 'text/plain; charset=UTF-8',
      'user-agent': expect.stringMatching(/^street-events-webhooks\//),
      'webhook-id': message.MessageId,
      'webhook-timestamp': '1795166042',
      'webhook-signature': expect.stringMatching(/^v1a,/),
      'x-amz-sns-message-type': message.Type,
    });
    for (const { $ref } of document.webhooks[webhook].post.parameters) {
      const parameter = document.components.parameters[$ref.split('/').pop()!]!;
      expect(validator(parameter.schema)(headers[parameter.name]), parameter.name).toBe(true);
    }
  });

  it('a retry keeps the id and body and carries its own timestamp and signature', () => {
    const first = deliveryRequest(event, [key], firstAttempt);
    const retry = deliveryRequest(event, [key], retryAttempt);
    expect([retry.body, retry.headers['webhook-id'], retry.headers['webhook-timestamp']]).toEqual([
      first.body,
      first.headers['webhook-id'],
      '1795166343',
    ]);
    expect(verify(retry.headers, retry.body, webhookKeySet([key]), { now: retryAttempt })).toEqual({ ok: true, kid: key.kid });
  });
});
