/**
 * The two messages pushed to a subscription's endpoint, in the envelope of the permitting
 * system's notifications and signed in that envelope's own scheme (pubsub-signature.ts), and
 * the HTTP request of one delivery attempt: the envelope as JSON sent as
 * `text/plain; charset=UTF-8`, with the Standard Webhooks headers and the pub/sub ones
 * (`x-amz-sns-message-type`, `-message-id`, `-topic-arn`, `-subscription-arn`). `webhook-id` is the
 * message's `MessageId`, the same on every retry; `webhook-timestamp` and the Standard Webhooks
 * signature are those of the attempt.
 */
import { createHash } from 'node:crypto';
import type { NotificationMessage, NotificationPayload, SubscriptionConfirmationMessage } from '@street-events/types';
import {
  pubSubSignature,
  signingCertificatePath,
  unsubscribeToken,
  type SignatureVersion,
  type SigningCertificate,
  type UnsignedConfirmation,
  type UnsignedMessage,
  type UnsignedNotification,
} from './pubsub-signature.js';
import { signatureHeader, type SigningKey } from './signing.js';

export type WebhookMessage = SubscriptionConfirmationMessage | NotificationMessage;

/** The link of a notification's `UnsubscribeURL`, below the interface's base URL. */
export const unsubscribeLinkPath = '/api-notifications/unsubscribe-link';

export const confirmationInstructions =
  'You have chosen to subscribe to street works notifications. To confirm the subscription, visit the SubscribeURL included in this message.';

export const userAgent = 'street-events-webhooks/1.0';

/**
 * `TopicArn` is ARN-shaped, as receivers written for the permitting system's notifications
 * expect and allow-list it: `arn:street-events:sns:<region>:<account>:<subscription reference>`,
 * the same for every message of a subscription.
 */
export const topicArnPrefix = 'arn:street-events:sns:eu-west-2:000000000000:';
export const topicArnOf = (subscriptionReferenceNumber: string): string =>
  `${topicArnPrefix}${subscriptionReferenceNumber}`;

/** The subscription reference a `TopicArn` names: its last segment. */
export const referenceOfTopicArn = (topicArn: string): string => topicArn.slice(topicArn.lastIndexOf(':') + 1);

/** The subscription's ARN (`x-amz-sns-subscription-arn`): the topic's, and a UUID-shaped id derived from it. */
export function subscriptionArnOf(topicArn: string): string {
  const hex = createHash('sha256').update(`subscription:${topicArn}`).digest('hex');
  return `${topicArn}:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function subscriptionConfirmation(fields: {
  messageId: string;
  token: string;
  subscriptionReferenceNumber: string;
  subscribeUrl: string;
  createdAt: Date;
}): UnsignedConfirmation {
  return {
    Type: 'SubscriptionConfirmation',
    MessageId: fields.messageId,
    Token: fields.token,
    TopicArn: topicArnOf(fields.subscriptionReferenceNumber),
    Message: confirmationInstructions,
    SubscribeURL: fields.subscribeUrl,
    Timestamp: fields.createdAt.toISOString(),
  };
}

export function notification(fields: {
  messageId: string;
  subscriptionReferenceNumber: string;
  payload: NotificationPayload;
  createdAt: Date;
}): UnsignedNotification {
  return {
    Type: 'Notification',
    MessageId: fields.messageId,
    TopicArn: topicArnOf(fields.subscriptionReferenceNumber),
    Message: JSON.stringify(fields.payload),
    Timestamp: fields.createdAt.toISOString(),
  };
}

export interface PubSubSigning {
  certificate: SigningCertificate;
  version: SignatureVersion;
}

/**
 * The message with its pub/sub signature fields; its links (`SigningCertURL`, `UnsubscribeURL`)
 * start with `baseUrl`, the interface's base URL the subscription was made through.
 */
export function signedMessage(
  message: UnsignedMessage,
  baseUrl: string,
  { certificate, version }: PubSubSigning,
): WebhookMessage {
  const signature = {
    SignatureVersion: version,
    Signature: pubSubSignature(message, certificate.privateKeyPem, version),
    SigningCertURL: `${baseUrl}${signingCertificatePath(certificate.id)}`,
  };
  if (message.Type === 'SubscriptionConfirmation') return { ...message, ...signature };
  const reference = referenceOfTopicArn(message.TopicArn);
  const query = new URLSearchParams({
    subscription: reference,
    token: unsubscribeToken(reference, certificate.privateKeyPem),
  });
  return { ...message, ...signature, UnsubscribeURL: `${baseUrl}${unsubscribeLinkPath}?${query}` };
}

export interface DeliveryRequest {
  body: string;
  headers: Record<string, string>;
}

/** The body and headers of the attempt made at `attemptedAt`, signed with every active key. */
export function deliveryRequest(
  message: WebhookMessage,
  keys: readonly SigningKey[],
  attemptedAt: Date,
): DeliveryRequest {
  const body = JSON.stringify(message);
  const timestamp = String(Math.floor(attemptedAt.getTime() / 1000));
  return {
    body,
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'user-agent': userAgent,
      'webhook-id': message.MessageId,
      'webhook-timestamp': timestamp,
      'webhook-signature': signatureHeader(keys, message.MessageId, timestamp, body),
      'x-amz-sns-message-type': message.Type,
      'x-amz-sns-message-id': message.MessageId,
      'x-amz-sns-topic-arn': message.TopicArn,
      'x-amz-sns-subscription-arn': subscriptionArnOf(message.TopicArn),
    },
  };
}
