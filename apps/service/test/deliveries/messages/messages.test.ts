/**
 * The pushed messages as the OpenAPI document describes them: the envelopes (signed in the
 * pub/sub scheme with the documentation's example certificate) are the webhooks' examples and
 * match their `contentSchema`, the examples pass their own five-minute rule, and every attempt
 * carries the documented headers, with the id fixed across retries and the timestamp of the attempt.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { NotificationPayload } from '@street-events/types';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../src/http/openapi.js';
import {
  deliveryRequest,
  notification,
  referenceOfTopicArn,
  signedMessage,
  subscriptionConfirmation,
  type WebhookMessage,
} from '../../../src/deliveries/messages/messages.js';
import { generateSigningKey, verify, webhookKeySet } from '../../../src/deliveries/messages/signing.js';

interface WebhookOperation {
  post: {
    parameters: { $ref: string }[];
    requestBody: {
      content: {
        'text/plain': { schema: { type: string; contentMediaType: string; contentSchema: object }; example: string };
      };
    };
  };
}

const document = loadDocument() as unknown as {
  webhooks: Record<'subscriptionConfirmation' | 'notification', WebhookOperation>;
  components: { parameters: Record<string, { name: string; schema: object; example?: string }> };
};
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addFormat('double', { type: 'number', validate: () => true });
ajv.addSchema({ $id: 'openapi:document', components: document.components });
const validator = (schema: object) =>
  ajv.compile(
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi:document#/components/')) as object,
  );

const bodyOf = (webhook: keyof typeof document.webhooks) =>
  document.webhooks[webhook].post.requestBody.content['text/plain'];
const confirmationExample = JSON.parse(bodyOf('subscriptionConfirmation').example) as Record<string, string>;
const notificationExample = JSON.parse(bodyOf('notification').example) as Record<string, string>;
const timestampExample = Number(document.components.parameters.WebhookTimestamp?.example);

/** The example certificate of the documents (its key is published with them; it signs nothing real). */
const exampleSigning = {
  certificate: {
    id: 1,
    certificatePem: readFileSync(new URL('../../fixtures/pubsub-example-certificate.pem', import.meta.url), 'utf8'),
    privateKeyPem: readFileSync(new URL('../../fixtures/pubsub-example-key.pem', import.meta.url), 'utf8'),
  },
  version: '1',
} as const;
const exampleBaseUrl = 'https://events.example/v7/event';
const payloadExample = JSON.parse(notificationExample.Message!) as NotificationPayload;

const confirmation = signedMessage(
  subscriptionConfirmation({
    messageId: confirmationExample.MessageId!,
    token: confirmationExample.Token!,
    subscriptionReferenceNumber: referenceOfTopicArn(confirmationExample.TopicArn!),
    subscribeUrl: confirmationExample.SubscribeURL!,
    createdAt: new Date(confirmationExample.Timestamp!),
  }),
  exampleBaseUrl,
  exampleSigning,
);
const event = signedMessage(
  notification({
    messageId: notificationExample.MessageId!,
    subscriptionReferenceNumber: referenceOfTopicArn(notificationExample.TopicArn!),
    payload: payloadExample,
    createdAt: new Date(notificationExample.Timestamp!),
  }),
  exampleBaseUrl,
  exampleSigning,
);

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
  ] as const)('the %s body is JSON text whose content matches its contentSchema', (webhook, message) => {
    const { schema } = bodyOf(webhook);
    expect([schema.type, schema.contentMediaType]).toEqual(['string', 'application/json']);
    const validate = validator(schema.contentSchema);
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

describe('examples', () => {
  it.each([
    ['subscriptionConfirmation', confirmationExample],
    ['notification', notificationExample],
  ] as const)('the %s example passes the five-minute rule with the webhook-timestamp example', (_webhook, example) => {
    const seconds = new Date(example.Timestamp!).getTime() / 1000;
    expect(Math.abs(seconds - timestampExample)).toBeLessThanOrEqual(300);
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
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
      'user-agent': expect.stringMatching(/^street-events-webhooks\//),
      'webhook-id': message.MessageId,
      'webhook-timestamp': '1795166042',
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
      'webhook-signature': expect.stringMatching(/^v1a,/),
      'x-amz-sns-message-type': message.Type,
      'x-amz-sns-message-id': message.MessageId,
      'x-amz-sns-topic-arn': message.TopicArn,
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
      'x-amz-sns-subscription-arn': expect.stringMatching(`^${message.TopicArn}:[0-9a-f-]{36}$`),
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
    expect(verify(retry.headers, retry.body, webhookKeySet([key]), { now: retryAttempt })).toEqual({
      ok: true,
      kid: key.kid,
    });
  });
});
