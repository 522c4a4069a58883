/**
 * Subscribing against the client's fake of the interface on loopback, with an in-memory store:
 * how the attempts are paced while the service fails, and how they end.
 */
import { createEventsClient, type GetSubscriptionsResponse } from '@street-events/client';
import { startFakeEventsService, type FakeEventsService } from '@street-events/client/testing';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Log } from '../src/log.js';
import { WatchStore } from '../src/store/store.js';
import { firstRetryMs, keepSubscribing, type SubscriptionState } from '../src/subscription.js';
import { expectPauses, pausesBetween } from './support/pauses.js';

const endpoint = 'http://127.0.0.1:8090/notifications';
/** The organisation's subscription, of this endpoint: found by the listing, so no subscribe call follows. */
const mine: GetSubscriptionsResponse = {
  subscription_reference_number: 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
  subscription_description: 'works-watch',
  subscription_url: endpoint,
};

let service: FakeEventsService;
let store: WatchStore;
let states: SubscriptionState[];
const log: Log = () => undefined;

beforeEach(async () => {
  service = await startFakeEventsService();
  service.state.subscriptions = [mine];
  store = await WatchStore.open();
  states = [];
});
afterEach(async () => {
  await store.close();
  await service.close();
});

function subscribing(signal = new AbortController().signal): Promise<void> {
  const client = createEventsClient({ baseUrl: service.baseUrl, token: 'se_test', retry: false });
  return keepSubscribing({ client, store, endpoint, log, signal, onState: (state) => void states.push(state) });
}

describe('subscribing while the service fails', () => {
  test('each failed attempt is told as the failed state, then the state the service gave', async () => {
    service.failNext({ status: 503 });
    await subscribing();
    expect(states).toEqual([
      { state: 'failed', reason: expect.stringContaining('503') as string },
      { state: 'awaiting_confirmation', subscription_reference_number: mine.subscription_reference_number },
    ]);
  });

  test('the next attempts come after 1 s, then 2 s', async () => {
    service.failNext({ status: 503 }, { status: 503 });
    await subscribing();
    expectPauses(pausesBetween(service, '/api-notifications/subscriptions'), [firstRetryMs, 2 * firstRetryMs]);
  });

  test('aborting ends the pause, and no attempt follows', async () => {
    service.failNext({ status: 503 }, { status: 503 });
    const controller = new AbortController();
    const attempts = subscribing(controller.signal);
    await expect.poll(() => states).toHaveLength(1);
    controller.abort();
    await attempts;
    await new Promise((resolve) => setTimeout(resolve, 2 * firstRetryMs));
    expect(service.requestsTo('/api-notifications/subscriptions')).toHaveLength(1);
    expect(states.map(({ state }) => state)).toEqual(['failed']);
  });
});
