/**
 * Subscribing this app's endpoint to push notifications. An organisation has one
 * subscription: if it is already this endpoint's, it is kept (its confirmation is redelivered
 * by the service until confirmed); if it points elsewhere, it is left alone and the app relies
 * on polling; if there is none, the endpoint is subscribed and the service sends a
 * `SubscriptionConfirmation` to it.
 */
import { unwrap, type EventsClient } from '@street-events/client';
import pRetry from 'p-retry';
import type { Log } from './log.js';
import type { WatchStore } from './store/store.js';

export type SubscriptionState =
  | { state: 'off' }
  | { state: 'failed'; reason: string }
  | { state: 'elsewhere'; subscription_url: string }
  | { state: 'awaiting_confirmation' | 'confirmed'; subscription_reference_number: string };

export const subscriptionDescription = 'works-watch';

/** The pause after the first failed attempt to subscribe; each further one is twice the one before, up to `maxRetryMs`. */
export const firstRetryMs = 1000;
export const maxRetryMs = 60_000;

export interface KeepSubscribingOptions {
  client: EventsClient;
  store: WatchStore;
  endpoint: string;
  log: Log;
  /** Told the state after each attempt. */
  onState: (state: SubscriptionState) => void;
  /** Aborting ends the attempts. */
  signal: AbortSignal;
}

/**
 * Subscribes (see `subscribe`). Subscribing needs the service: until it answers, tries again with
 * growing pauses (1 s, 2 s, 4 s … at most 60 s), with p-retry.
 */
export async function keepSubscribing(options: KeepSubscribingOptions): Promise<void> {
  const { client, store, endpoint, log, onState, signal } = options;
  try {
    const state = await pRetry(() => subscribe(client, store, endpoint, log), {
      retries: Number.POSITIVE_INFINITY,
      minTimeout: firstRetryMs,
      factor: 2,
      maxTimeout: maxRetryMs,
      signal,
      unref: true,
      onFailedAttempt: ({ error, attemptNumber }) => {
        if (signal.aborted) return;
        onState({ state: 'failed', reason: error.message });
        log('warn', 'subscribing failed; trying again', { error, attempt: attemptNumber });
      },
    });
    onState(state);
  } catch (error) {
    // Stopped, or a fault p-retry does not retry (a TypeError): the app relies on polling.
    if (!signal.aborted) log('error', 'subscribing failed; relying on polling', { error });
  }
}

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
