/**
 * The messages of a receiver check, made and signed as deliveries make and sign them (messages.ts,
 * pubsub-signature.ts, signing.ts), and the forgeries a receiver must refuse: signed by keys the
 * service never published, at a certificate on another host, an hour ago, or changed after signing.
 */
import { randomBytes } from 'node:crypto';
import type { NotificationPayload } from '@street-events/types';
import type { components } from '@street-events/types/operator';
import { textOf } from '../../shared/enums.js';
import { newMessageId } from '../queue/outbox.js';
import {
  deliveryRequest,
  notification,
  signedMessage,
  subscriptionConfirmation,
  topicArnOf,
  type DeliveryRequest,
  type PubSubSigning,
  type WebhookMessage,
} from '../messages/messages.js';
import {
  pubSubSignature,
  signingCertificatePath,
  type UnsignedMessage,
  type UnsignedUnsubscribeConfirmation,
} from '../messages/pubsub-signature.js';
import type { SigningKey } from '../messages/signing.js';

/** Who signs: the keys of `webhook-signature`, and the certificate (and where it is said to be) of `Signature`. */
export interface Signer {
  keys: readonly SigningKey[];
  pubSub: PubSubSigning;
  /** The base URL `SigningCertURL` starts with. */
  certificateBaseUrl: string;
}

/** `service`: every header deliveries send; `pubsub`: without the Standard Webhooks ones, as the real system's. */
export type Style = components['schemas']['ReceiverCheckStyle'];

const webhookHeaders = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

/** The HTTP request of `message` signed by `signer` at `at`, in `style`; `unknownFields` added to the envelope. */
export function requestOf(
  message: UnsignedMessage,
  signer: Signer,
  style: Style,
  at: Date,
  unknownFields: Record<string, unknown> = {},
): DeliveryRequest {
  const signed = { ...signedMessage(message, signer.certificateBaseUrl, signer.pubSub), ...unknownFields };
  return styled(deliveryRequest(signed, signer.keys, at), style);
}

function styled(request: DeliveryRequest, style: Style): DeliveryRequest {
  if (style === 'service') return request;
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !webhookHeaders.includes(name)),
  );
  return { body: request.body, headers };
}

/** A made-up notification of a made-up work (`CHECK-…`), of `eventType`, with `extra` fields in its payload. */
export function checkNotification(
  topic: { subscriptionReference: string },
  createdAt: Date,
  event: { updateId: number; eventType?: string; extra?: Record<string, unknown> } = { updateId: 1 },
): UnsignedMessage {
  const work = `CHECK-${randomBytes(6).toString('hex').toUpperCase()}`;
  const payload: NotificationPayload = {
    update_id: event.updateId,
    update_date_time: createdAt.toISOString(),
    event_type: 'permit_submitted',
    event_type_string: textOf('AuditEventType', 'permit_submitted'),
    object_type: 'permit',
    object_type_string: textOf('AuditObjectTypeResponse', 'permit'),
    work_reference_number: work,
    object_reference_number: `${work}-01`,
    parent_object_reference_number: work,
    promoter_swa_code: '7001',
    internal_user_identifier: null,
    internal_user_name: null,
  };
  const made = { ...payload, ...(event.eventType ? { event_type: event.eventType } : {}), ...event.extra };
  return notification({
    messageId: newMessageId(),
    subscriptionReferenceNumber: topic.subscriptionReference,
    payload: made as NotificationPayload,
    createdAt,
  });
}

/** The handshake of the check: a `SubscriptionConfirmation` whose link is the service's confirmation link with `token`. */
export function checkConfirmation(subscriptionReference: string, serviceUrl: string, token: string, createdAt: Date) {
  return subscriptionConfirmation({
    messageId: newMessageId(),
    token,
    subscriptionReferenceNumber: subscriptionReference,
    subscribeUrl: `${serviceUrl}/api-notifications/confirm?token=${token}`,
    createdAt,
  });
}

/**
 * What the pub/sub service sends when a subscription ends: signed as a confirmation is, with a
 * `SubscribeURL` that would subscribe again (a receiver acknowledges it and does not follow it).
 * Deliveries have no such message; only the check sends one, so its request is made here.
 */
export function unsubscribeConfirmationRequest(
  fields: { subscriptionReference: string; serviceUrl: string; token: string; createdAt: Date },
  signer: Signer,
  style: Style,
): DeliveryRequest {
  const unsigned: UnsignedUnsubscribeConfirmation = {
    Type: 'UnsubscribeConfirmation',
    MessageId: newMessageId(),
    Token: fields.token,
    TopicArn: topicArnOf(fields.subscriptionReference),
    Message: `You have chosen to deactivate subscription ${topicArnOf(fields.subscriptionReference)}. To cancel this operation and restore the subscription, visit the SubscribeURL included in this message.`,
    SubscribeURL: `${fields.serviceUrl}/api-notifications/confirm?token=${fields.token}`,
    Timestamp: fields.createdAt.toISOString(),
  };
  const { certificate, version } = signer.pubSub;
  const signed = {
    ...unsigned,
    SignatureVersion: version,
    Signature: pubSubSignature(unsigned, certificate.privateKeyPem, version),
    SigningCertURL: `${signer.certificateBaseUrl}${signingCertificatePath(certificate.id)}`,
  };
  // The envelope's own fields are those of a confirmation; only its `Type` is one deliveries never send.
  return styled(deliveryRequest(signed as unknown as WebhookMessage, signer.keys, fields.createdAt), style);
}

/** The request with one character of its `Message` changed after signing. */
export function tampered(request: DeliveryRequest): DeliveryRequest {
  const message = JSON.parse(request.body) as { Message: string };
  const changed = { ...message, Message: message.Message.replace('permit_submitted', 'permit_submittee') };
  return { ...request, body: JSON.stringify(changed) };
}

/** A body of `bytes` bytes, with the headers of a genuine request. */
export function oversized(request: DeliveryRequest, bytes: number): DeliveryRequest {
  const body = JSON.stringify({ ...(JSON.parse(request.body) as object), Padding: 'x'.repeat(bytes) });
  return { ...request, body };
}

/** A body that is not JSON, with no valid signature. */
export function malformed(request: DeliveryRequest): DeliveryRequest {
  const headers = { ...request.headers };
  if (headers['webhook-signature'] !== undefined) headers['webhook-signature'] = 'v1a,AAAA';
  return { headers, body: '{"Type":"Notification","MessageId":' };
}
