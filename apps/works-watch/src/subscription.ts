/**
 * Subscribing this app's endpoint to push notifications. An organisation has one
 * subscription: if it is already this endpoint's, it is kept (its confirmation is redelivered
 * by the service until confirmed); if it points elsewhere, it is left alone and the app relies
 * on polling; if there is none, the endpoint is subscribed and the service sends a
 * `SubscriptionConfirmation` to it.
 */
import { unwrap, type EventsClient } from '@street-events/client';
import type { Log } from './log.js';
import type { WatchStore } from './store/store.js';

export type SubscriptionState =
  | { state: 'off' }
  | { state: 'failed'; reason: string }
  | { state: 'elsewhere'; subscription_url: string }
  | { state: 'awaiting_confirmation' | 'confirmed'; subscription_reference_number: string };

export const subscriptionDescription = 'works-watch';

export async function subscribe(
  client: EventsClient,
  store: WatchStore,
  endpoint: string,
  log: Log,
): Promise<SubscriptionState> {
  const listed = await unwrap(client.GET('/api-notifications/subscriptions'));
  const mine = listed.find((subscription) => subscription.subscription_url === endpoint);
  if (mine) {
    await store.saveSubscription(mine.subscription_reference_number, endpoint);
    return currentState(store);
  }
  const other = listed[0];
  if (other) {
    log('warn', 'the organisation is subscribed at another endpoint; relying on polling', {
      subscription_url: other.subscription_url,
    });
    return { state: 'elsewhere', subscription_url: other.subscription_url };
  }
  const created = await unwrap(
    client.POST('/api-notifications/subscribe', {
      body: { api_endpoint: endpoint, subscription_description: subscriptionDescription },
    }),
  );
  await store.saveSubscription(created.subscription_reference_number, endpoint);
  log('info', 'subscribed; waiting for the confirmation message', created);
  return currentState(store);
}

export async function currentState(store: WatchStore): Promise<SubscriptionState> {
  const stored = await store.subscription();
  if (!stored) return { state: 'off' };
  return {
    state: stored.confirmed_at ? 'confirmed' : 'awaiting_confirmation',
    subscription_reference_number: stored.subscription_reference_number,
  };
}
