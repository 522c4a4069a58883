/**
 * The app, wired: the local store, the reconciler (polling), the subscription and the
 * notification endpoint, and the web page with its live stream.
 */
import { createEventsClient, type EventsClient } from '@street-events/client';
import type { WatchConfig } from './config.js';
import { jsonLog, type Log } from './log.js';
import { notificationHandler } from './notifications.js';
import { Reconciler } from './reconciler.js';
import { WatchStore } from './store/store.js';
import { currentState, keepSubscribing, type SubscriptionState } from './subscription.js';
import { LiveChanges } from './web/live.js';
import { notificationsPath, startWebServer, type WebServer } from './web/server.js';

export interface WatchApp {
  /** Where the page is served, e.g. http://127.0.0.1:8090. */
  url: string;
  /** The endpoint subscribed to notifications. */
  endpoint: string;
  store: WatchStore;
  reconciler: Reconciler;
  subscription(): SubscriptionState;
  close(): Promise<void>;
}

export const userAgent = 'works-watch/0.1';

/** The parts of a running app, and what they share. */
interface Parts {
  config: WatchConfig;
  log: Log;
  client: EventsClient;
  store: WatchStore;
  live: LiveChanges;
  reconciler: Reconciler;
  subscription: SubscriptionState;
  /** Known once the server listens (its port may be chosen then). */
  endpoint: string;
}

export async function startWatch(config: WatchConfig, log: Log = jsonLog): Promise<WatchApp> {
  const parts = await openParts(config, log);
  const web = await serve(parts);
  parts.endpoint = `${config.publicUrl ?? web.url}${notificationsPath}`;
  const subscribing = new AbortController();
  if (config.subscribe) void subscribeEndpoint(parts, subscribing.signal);
  void parts.reconciler.start();
  log('info', 'works-watch started', {
    url: web.url,
    endpoint: parts.endpoint,
    service: config.eventsBaseUrl,
    dataDir: config.dataDir,
  });

  return {
    url: web.url,
    endpoint: parts.endpoint,
    store: parts.store,
    reconciler: parts.reconciler,
    subscription: () => parts.subscription,
    close: async () => {
      subscribing.abort();
      await parts.reconciler.stop();
      await web.close();
      await parts.store.close();
    },
  };
}

/** The store, the client, the live stream and the reconciler. */
async function openParts(config: WatchConfig, log: Log): Promise<Parts> {
  const store = await WatchStore.open(config.dataDir);
  const client = createEventsClient({
    baseUrl: config.eventsBaseUrl,
    token: config.eventsToken,
    headers: { 'user-agent': userAgent },
  });
  const live = new LiveChanges();
  const reconciler = new Reconciler({
    client,
    store,
    log,
    swaCode: config.swaCode,
    intervalMs: config.pollIntervalMs,
    onChange: () => live.changed(),
  });
  return {
    config,
    log,
    client,
    store,
    live,
    reconciler,
    subscription: config.subscribe ? await currentState(store) : { state: 'off' },
    endpoint: config.publicUrl ? `${config.publicUrl}${notificationsPath}` : '',
  };
}

/** The web server: the page, its picture and live stream, and the notification endpoint. */
function serve(parts: Parts): Promise<WebServer> {
  const { config, log, store, live, reconciler } = parts;
  return startWebServer({
    host: config.host,
    port: config.port,
    live,
    log,
    receive: receiver(parts),
    picture: async (limit) => ({
      status: {
        service: config.eventsBaseUrl,
        version: live.version,
        cursor: (await store.cursor()) ?? null,
        counts: await store.counts(),
        reconciler: reconciler.status,
        subscription: parts.subscription,
      },
      works: await store.recentWorks(limit),
    }),
  });
}

/** The notification endpoint: a confirmation updates the subscription, a notification triggers a reconciliation. */
function receiver(parts: Parts) {
  const { config, log, store, live, reconciler } = parts;
  return notificationHandler({
    eventsBaseUrl: config.eventsBaseUrl,
    endpoint: () => parts.endpoint,
    store,
    log,
    onConfirmed: () => {
      void currentState(store).then((state) => {
        parts.subscription = state;
        live.changed();
      });
    },
    onNotification: (payload) => {
      log('info', 'notification', {
        update_id: payload.update_id,
        event_type: payload.event_type,
        work: payload.work_reference_number,
      });
      live.changed();
      reconciler.notify(payload);
    },
  });
}

/** Subscribes the endpoint, trying again until the service answers or `signal` aborts. */
function subscribeEndpoint(parts: Parts, signal: AbortSignal): Promise<void> {
  const { client, store, log, live } = parts;
  return keepSubscribing({
    client,
    store,
    endpoint: parts.endpoint,
    log,
    signal,
    onState: (state) => {
      parts.subscription = state;
      live.changed();
    },
  });
}
