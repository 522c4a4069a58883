import type { NotificationMessage, NotificationPayload, SubscriptionConfirmationMessage } from '@street-events/types';
import { confirmSubscription, isServiceUrl } from './confirm-subscription.js';
import { memoryKnownSubscriptions, type KnownSubscriptions } from './known-subscriptions.js';
import { memorySeenMessages, type SeenMessages } from './seen-messages.js';
import {
  verifyWebhookSignature,
  type SignatureCheck,
  type WebhookKeySet,
  type WebhookPublicKey,
} from './verify-signature.js';
import { fetchedWebhookKeys, staticWebhookKeys, type WebhookKeyProvider } from './webhook-keys.js';

/** The subscription reference number a `TopicArn` (`arn:street-events:sns:<region>:<account>:<reference>`) names: its last segment. */
export function subscriptionReferenceOf(topicArn: string): string {
  return topicArn.slice(topicArn.lastIndexOf(':') + 1);
}

/** One notification, verified and parsed. */
export interface ReceivedNotification {
  /** `MessageId`, equal to `webhook-id`: the same on every delivery of the message. */
  id: string;
  /** The subscription reference number: the last segment of the ARN-shaped `TopicArn`. */
  subscription: string;
  /** The event: `Message` parsed. */
  payload: NotificationPayload;
  /** The envelope as received. */
  message: NotificationMessage;
}

export interface WebhookReceiverOptions {
  /** The service's base URL with its version prefix (`https://events.example/v7/event`): where keys are fetched from and the only place subscriptions are confirmed at. */
  serviceUrl: string;
  /** Handles one notification. Throwing answers 500, so the service delivers the message again later. Answer within 15 s: hand long work to a queue. */
  onNotification: (notification: ReceivedNotification) => void | Promise<void>;
  /**
   * Called for a `SubscriptionConfirmation`, after it has been confirmed (or instead, with
   * `confirmSubscriptions: false`, to confirm it yourself with `confirmSubscription`).
   */
  onSubscriptionConfirmation?: (message: SubscriptionConfirmationMessage) => void | Promise<void>;
  /** GET the `SubscribeURL` of a confirmation message when it is on `serviceUrl`. Default true. */
  confirmSubscriptions?: boolean;
  /**
   * The subscriptions whose notifications are taken: those this receiver confirms (or, with
   * `confirmSubscriptions: false`, whose confirmation it handed to `onSubscriptionConfirmation`),
   * and these: the `subscription_reference_number`s `subscribe` answered, for a receiver that
   * starts again after confirming, or a store of them. A genuine notification of any other
   * subscription is refused `403`. Default: in memory, none but those confirmed here.
   */
  subscriptions?: Iterable<string> | KnownSubscriptions;
  /**
   * Called for an `UnsubscribeConfirmation` (the subscription has ended), after the receiver
   * forgot the subscription. Its `SubscribeURL`, which would subscribe again, is not followed.
   */
  onUnsubscribeConfirmation?: (message: UnsubscribeConfirmationMessage) => void | Promise<void>;
  /** The service's public keys, given directly; by default fetched from `{origin of serviceUrl}/.well-known/webhook-keys` and cached. */
  keys?: WebhookKeySet | readonly WebhookPublicKey[] | WebhookKeyProvider;
  /** Ids of handled messages; default in memory (10 000 ids). `false` to handle every delivery. */
  seenMessages?: SeenMessages | false;
  /** How far `webhook-timestamp` may be from now, either way, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** For the keys and the confirmation GET. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Called with every answer that is not 2xx, and why (the text of the answer): a receiver that
   * refuses a delivery should say so where its developer looks, not only to the service.
   */
  onRefused?: (refusal: { status: number; reason: string }) => void;
}

/** The message that tells a receiver its subscription has ended; answered 2xx, its `SubscribeURL` not followed. */
export interface UnsubscribeConfirmationMessage {
  Type: 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  [field: string]: unknown;
}

export interface WebhookReceiver {
  /** Answers one delivery (a web `Request`), as `fetch` handlers in Deno, Bun, workers and most frameworks do. */
  handle(request: Request): Promise<Response>;
}

const answer = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * The receiving end of push notifications, over web `Request`/`Response` (see `toNodeHandler`
 * for node:http). For each delivery it verifies the signature and timestamp, parses the
 * envelope, skips a message already handled, confirms a subscription (and takes its
 * notifications from then on), forgets one that ended, or hands the typed notification of a
 * subscription it takes to `onNotification`, and answers:
 *
 * | Answer | When |
 * |---|---|
 * | 200 | handled, or already handled before (a repeated delivery), or an `UnsubscribeConfirmation` |
 * | 400 | the body is not a message of the interface, or a `SubscribeURL` is not on the service |
 * | 401 | a header is missing, the timestamp is more than `toleranceSeconds` away, or no signature matches a key |
 * | 403 | a genuine notification of a subscription this receiver neither confirmed nor was told of (`subscriptions`) |
 * | 405 | not a POST |
 * | 500 | `onNotification` or `onSubscriptionConfirmation` threw |
 * | 502 | the confirmation GET failed |
 * | 503 | the keys could not be fetched |
 *
 * Every answer but 2xx makes the service deliver the message again later.
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const { serviceUrl, toleranceSeconds, fetch } = options;
  new URL(serviceUrl); // fails early on a malformed URL
  const keys = keyProvider(options.keys, serviceUrl, fetch);
  const seen = options.seenMessages === false ? undefined : (options.seenMessages ?? memorySeenMessages());
  const subscriptions = knownSubscriptionsOf(options.subscriptions);
  /** The subscriptions whose confirmation is being handled: a notification that overtakes it waits. */
  const confirming = new Map<string, Promise<unknown>>();

  async function handle(request: Request): Promise<Response> {
    const response = await respond(request);
    if (!response.ok && options.onRefused)
      options.onRefused({ status: response.status, reason: await response.clone().text() });
    return response;
  }

  async function respond(request: Request): Promise<Response> {
    if (request.method !== 'POST') return answer(405, 'only POST is accepted');
    const body = new Uint8Array(await request.arrayBuffer());
    let check;
    try {
      check = await verify(request.headers, body, keys, toleranceSeconds);
    } catch {
      return answer(503, "the service's keys could not be fetched");
    }
    if (!check.ok) return answer(401, check.message);

    const message = parseMessage(body);
    if (typeof message === 'string') return answer(400, message);
    if (message.MessageId !== check.id) return answer(400, 'MessageId differs from webhook-id');
    if (await seen?.has(message.MessageId)) return answer(200, 'already handled');
    const refusal = await dispatch(message);
    if (refusal) return refusal;
    await seen?.add(message.MessageId);
    return answer(200, 'handled');
  }

  /** Handles a genuine message; the answer when it is refused or its handling fails. */
  async function dispatch(message: Message): Promise<Response | undefined> {
    const reference = subscriptionReferenceOf(message.TopicArn);
    if (message.Type === 'SubscriptionConfirmation') {
      const handled = handleConfirmation(message, options);
      confirming.set(reference, handled);
      try {
        const refusal = await handled;
        if (!refusal) await subscriptions.add(reference);
        return refusal;
      } finally {
        confirming.delete(reference);
      }
    }
    if (message.Type === 'UnsubscribeConfirmation') {
      await subscriptions.delete(reference);
      return callHandler(() => options.onUnsubscribeConfirmation?.(message), 'the unsubscribe handler failed');
    }
    await confirming.get(reference);
    if (!(await subscriptions.has(reference)))
      return answer(403, `subscription ${reference} is not one this receiver confirmed or was told of`);
    return handleNotification(message, options.onNotification);
  }

  return { handle };
}

/** Checks a delivery's headers, timestamp and signature, fetching the keys again once if no key matches. */
async function verify(
  headers: Headers,
  body: Uint8Array,
  keys: WebhookKeyProvider,
  toleranceSeconds: number | undefined,
): Promise<SignatureCheck> {
  // Headers and timestamp first: a request that fails them costs no key fetch.
  const headersOnly = await verifyWebhookSignature({ headers, body, keys: [], toleranceSeconds });
  if (!headersOnly.ok && headersOnly.reason !== 'no_matching_signature') return headersOnly;
  const check = await verifyWebhookSignature({ headers, body, keys: await keys.keys(), toleranceSeconds });
  if (check.ok || check.reason !== 'no_matching_signature' || !(await keys.refresh())) return check;
  return verifyWebhookSignature({ headers, body, keys: await keys.keys(), toleranceSeconds });
}

/** A URL without its query (which carries the confirmation token), for a message; `?` if it is not one. */
function withoutQuery(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return '?';
  }
}

/** Confirms the subscription (when asked to) and calls `onSubscriptionConfirmation`; the answer when either fails. */
async function handleConfirmation(
  message: SubscriptionConfirmationMessage,
  { serviceUrl, confirmSubscriptions = true, onSubscriptionConfirmation, fetch }: WebhookReceiverOptions,
): Promise<Response | undefined> {
  if (confirmSubscriptions) {
    if (!isServiceUrl(message.SubscribeURL, serviceUrl))
      return answer(
        400,
        `SubscribeURL ${withoutQuery(message.SubscribeURL)} is not on the configured service ${serviceUrl}`,
      );
    try {
      await confirmSubscription(message, { serviceUrl, fetch });
    } catch (error) {
      return answer(
        502,
        `the subscription could not be confirmed: ${error instanceof Error ? error.message : 'failed'}`,
      );
    }
  }
  return callHandler(() => onSubscriptionConfirmation?.(message), 'the confirmation handler failed');
}

/** Calls a handler; the 500 answer when it throws. */
async function callHandler(handler: () => unknown, failure: string): Promise<Response | undefined> {
  try {
    await handler();
  } catch {
    return answer(500, failure);
  }
}

/** Hands the notification to `onNotification`; the answer when its payload is not one or the handler fails. */
async function handleNotification(
  message: NotificationMessage,
  onNotification: WebhookReceiverOptions['onNotification'],
): Promise<Response | undefined> {
  const payload = parsePayload(message.Message);
  if (!payload) return answer(400, 'Message is not a notification payload');
  const notification = {
    id: message.MessageId,
    subscription: subscriptionReferenceOf(message.TopicArn),
    payload,
    message,
  };
  return callHandler(() => onNotification(notification), 'the notification handler failed');
}

/** The store given (a `Set` is one), or one in memory holding the references given. */
function knownSubscriptionsOf(given: WebhookReceiverOptions['subscriptions']): KnownSubscriptions {
  return given !== undefined && 'has' in given ? given : memoryKnownSubscriptions(given);
}

function keyProvider(
  keys: WebhookReceiverOptions['keys'],
  serviceUrl: string,
  fetch: WebhookReceiverOptions['fetch'],
): WebhookKeyProvider {
  if (keys === undefined)
    return fetchedWebhookKeys({ url: new URL('/.well-known/webhook-keys', serviceUrl).href, fetch });
  if ('refresh' in keys) return keys;
  return staticWebhookKeys(keys);
}

type Message = NotificationMessage | SubscriptionConfirmationMessage | UnsubscribeConfirmationMessage;

/** The envelope, or why the body is not one. */
function parseMessage(body: Uint8Array): Message | string {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return 'the body is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the body is not a message';
  const fields = value as Record<string, unknown>;
  const strings = (...names: string[]) => names.every((name) => typeof fields[name] === 'string');
  if (fields.Type === 'Notification' && strings('MessageId', 'TopicArn', 'Message', 'Timestamp')) {
    return value as NotificationMessage;
  }
  if (
    fields.Type === 'SubscriptionConfirmation' &&
    strings('MessageId', 'Token', 'TopicArn', 'Message', 'SubscribeURL', 'Timestamp')
  ) {
    return value as SubscriptionConfirmationMessage;
  }
  if (fields.Type === 'UnsubscribeConfirmation' && strings('MessageId', 'TopicArn', 'Message', 'Timestamp')) {
    return value as UnsubscribeConfirmationMessage;
  }
  return 'the body is not a Notification, SubscriptionConfirmation or UnsubscribeConfirmation message';
}

function parsePayload(text: string): NotificationPayload | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { update_id, event_type, object_type } = value as Record<string, unknown>;
    if (typeof update_id !== 'number' || typeof event_type !== 'string' || typeof object_type !== 'string')
      return undefined;
    return value as NotificationPayload;
  } catch {
    return undefined;
  }
}
