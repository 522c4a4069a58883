/**
 * The notification endpoint, on the client's receiver: it verifies each delivery against the
 * service's published keys, confirms the subscription when the `SubscriptionConfirmation`
 * arrives (a GET of its `SubscribeURL`, only on the configured service), and skips messages
 * already handled, remembered in the store so that holds across restarts. Each notification
 * is recorded and asks for a prompt reconciliation: the notification says that something
 * changed; the feed, read from the stored cursor, says what.
 */
import {
  createWebhookReceiver,
  subscriptionReferenceOf,
  toNodeHandler,
  type NotificationPayload,
} from '@street-events/client';
import type { Log } from './log.js';
import type { WatchStore } from './store/store.js';

export interface ReceiverOptions {
  eventsBaseUrl: string;
  /** This app's endpoint, as subscribed. */
  endpoint: () => string;
  store: WatchStore;
  log: Log;
  onConfirmed: () => void;
  onNotification: (payload: NotificationPayload) => void;
}

export function notificationHandler(options: ReceiverOptions) {
  const { store, log } = options;
  const receiver = createWebhookReceiver({
    serviceUrl: options.eventsBaseUrl,
    seenMessages: {
      has: (id) => store.hasReceived(id),
      // Notifications are recorded by onNotification; this records the confirmation.
      add: async (id) => void (await store.recordReceived(id, 'SubscriptionConfirmation')),
    },
    // Only this app's own subscription, saved when it subscribed and marked when confirmed.
    subscriptions: {
      has: async (reference) => (await store.subscription())?.subscription_reference_number === reference,
      add: () => undefined,
      delete: () => undefined,
    },
    onRefused: ({ status, reason }) => log('warn', 'refused a delivery', { status, reason }),
    onSubscriptionConfirmation: async (message) => {
      const reference = subscriptionReferenceOf(message.TopicArn);
      await store.markConfirmed(reference, options.endpoint());
      log('info', 'subscription confirmed', { subscription_reference_number: reference });
      options.onConfirmed();
    },
    onNotification: async ({ id, payload }) => {
      await store.recordReceived(id, 'Notification', payload);
      options.onNotification(payload);
    },
  });
  return toNodeHandler(receiver);
}
