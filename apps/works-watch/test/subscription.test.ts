/**
 * Subscribing against the client's fake of the interface on loopback, with an in-memory store:
 * how the attempts are paced while the service fails, and how they end.
 */
import { createEventsClient, type GetSubscriptionsResponse } from '@street-events/client';
import { startFakeEventsService, type FakeEventsService } from '@street-events/client/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Log } from '../src/log.js';
import { WatchStore } from '../src/store/store.js';
import { firstRetryMs, keepSubscribing, maxRetryMs, type SubscriptionState } from '../src/subscription.js';
import { endPauses, fakeClock, pausesBetweenTimes, until } from './support/pauses.js';
import { emptyStore } from './support/store.js';

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
/** When each listing of the subscriptions was sent, by `Date.now()` as it was sent. */
let listings: number[];
const log: Log = () => undefined;

beforeAll(async () => {
  store = await WatchStore.open();
});
afterAll(() => store.close());
beforeEach(async () => {
  service = await startFakeEventsService();
  service.state.subscriptions = [mine];
  await emptyStore(store);
  states = [];
  listings = [];
});
afterEach(async () => {
  await service.close();
});

function subscribing(signal = new AbortController().signal): Promise<void> {
  const client = createEventsClient({
    baseUrl: service.baseUrl,
    token: 'se_test',
    retry: false,
    fetch: (request) => {
      if (new URL(request.url).pathname.endsWith('/api-notifications/subscriptions')) listings.push(Date.now());
      return fetch(request);
    },
  });
  return keepSubscribing({ client, store, endpoint, log, signal, onState: (state) => void states.push(state) });
}

/** On a faked clock: ends each pause after a failed attempt by moving the clock on by `expected`. */
function endPausesOfListings(expected: number[]): Promise<void> {
  const failures = () => states.filter(({ state }) => state === 'failed').length;
  return endPauses(expected, { failures, attempts: () => listings.length });
}

describe('subscribing while the service fails, on a faked clock', () => {
  beforeEach(fakeClock);
  afterEach(() => {
    vi.useRealTimers();
  });

  test('each failed attempt is told as the failed state, then the state the service gave', async () => {
    service.failNext({ status: 503 });
    const attempts = subscribing();
    await endPausesOfListings([firstRetryMs]);
    await attempts;
    expect(states).toEqual([
      { state: 'failed', reason: expect.stringContaining('503') as string },
      { state: 'awaiting_confirmation', subscription_reference_number: mine.subscription_reference_number },
    ]);
  });

  test('the next attempts come after 1 s, then 2 s', async () => {
    service.failNext({ status: 503 }, { status: 503 });
    const attempts = subscribing();
    await endPausesOfListings([firstRetryMs, 2 * firstRetryMs]);
    await attempts;
    expect(pausesBetweenTimes(listings)).toEqual([firstRetryMs, 2 * firstRetryMs]);
  });

  test('aborting ends the pause, and no attempt follows', async () => {
    service.failNext({ status: 503 }, { status: 503 });
    const controller = new AbortController();
    const attempts = subscribing(controller.signal);
    await until(() => states.length === 1);
    controller.abort();
    await attempts;
    await vi.advanceTimersByTimeAsync(maxRetryMs);
    expect(listings).toHaveLength(1);
    expect(service.requestsTo('/api-notifications/subscriptions')).toHaveLength(1);
    expect(states.map(({ state }) => state)).toEqual(['failed']);
  });
});
