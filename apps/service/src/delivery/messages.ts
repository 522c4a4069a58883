/**
 * The two messages pushed to a subscription's endpoint, in the envelope of the permitting
 * system's notifications and signed in that envelope's own scheme (pubsub-signature.ts), and
 * the HTTP request of one delivery attempt: the envelope as JSON sent as
 * `text/plain; charset=UTF-8`, with the Standard Webhooks headers. `webhook-id` is the
 * message's `MessageId`, the same on every retry; `webhook-timestamp` and the Standard Webhooks
 * signature are those of the attempt.
 */
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
    TopicArn: fields.subscriptionReferenceNumber,
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
    TopicArn: fields.subscriptionReferenceNumber,
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
export function signedMessage(message: UnsignedMessage, baseUrl: string, { certificate, version }: PubSubSigning): WebhookMessage {
  const signature = {
    SignatureVersion: version,
    Signature: pubSubSignature(message, certificate.privateKeyPem, version),
    SigningCertURL: `${baseUrl}${signingCertificatePath(certificate.id)}`,
  };
  if (message.Type === 'SubscriptionConfirmation') return { ...message, ...signature };
  const query = new URLSearchParams({
    subscription: message.TopicArn,
    token: unsubscribeToken(message.TopicArn, certificate.privateKeyPem),
  });
  return { ...message, ...signature, UnsubscribeURL: `${baseUrl}${unsubscribeLinkPath}?${query}` };
}

export interface DeliveryRequest {
  body: string;
  headers: Record<string, string>;
}

/** The body and headers of the attempt made at `attemptedAt`, signed with every active key. */
export function deliveryRequest(message: WebhookMessage, keys: readonly SigningKey[], attemptedAt: Date): DeliveryRequest {
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
    },
  };
}
