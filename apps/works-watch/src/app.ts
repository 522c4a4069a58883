/**
 * The app, wired: the local store, the reconciler (polling), the subscription and the
 * notification endpoint, and the web page with its live stream.
 */
import { createEventsClient } from '@street-events/client';
import type { WatchConfig } from './config.js';
import { jsonLog, type Log } from './log.js';
import { notificationHandler } from './notifications.js';
import { Reconciler } from './reconciler.js';
import { WatchStore } from './store/store.js';
import { currentState, subscribe, type SubscriptionState } from './subscription.js';
import { LiveChanges } from './web/live.js';
import { notificationsPath, startWebServer } from './web/server.js';

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

export async function startWatch(config: WatchConfig, log: Log = jsonLog): Promise<WatchApp> {
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
  let subscription: SubscriptionState = config.subscribe ? await currentState(store) : { state: 'off' };
  // Known once the server listens (its port may be chosen then).
  let endpoint = config.publicUrl ? `${config.publicUrl}${notificationsPath}` : '';

  const receive = notificationHandler({
    eventsBaseUrl: config.eventsBaseUrl,
    endpoint: () => endpoint,
    store,
    log,
    onConfirmed: () => {
      void currentState(store).then((state) => {
        subscription = state;
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
      void reconciler.reconcile();
    },
  });

  const web = await startWebServer({
    host: config.host,
    port: config.port,
    live,
    log,
    receive,
    picture: async (limit) => ({
      status: {
        service: config.eventsBaseUrl,
        version: live.version,
        cursor: (await store.cursor()) ?? null,
        counts: await store.counts(),
        reconciler: reconciler.status,
        subscription,
      },
      works: await store.recentWorks(limit),
    }),
  });
  endpoint = `${config.publicUrl ?? web.url}${notificationsPath}`;
  // Subscribing needs the service; until it answers, try again with growing pauses.
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const ensureSubscribed = async (attempt: number): Promise<void> => {
    try {
      subscription = await subscribe(client, store, endpoint, log);
      live.changed();
    } catch (error) {
      subscription = { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
      log('warn', 'subscribing failed; trying again', { error, attempt });
      if (!stopped) retry = setTimeout(() => void ensureSubscribed(attempt + 1), Math.min(60_000, 1000 * 2 ** attempt));
    }
  };
  if (config.subscribe) void ensureSubscribed(0);
  void reconciler.start();
  log('info', 'works-watch started', {
    url: web.url,
    endpoint,
    service: config.eventsBaseUrl,
    dataDir: config.dataDir,
  });

  return {
    url: web.url,
    endpoint,
    store,
    reconciler,
    subscription: () => subscription,
    close: async () => {
      stopped = true;
      clearTimeout(retry);
      await reconciler.stop();
      await web.close();
      await store.close();
    },
  };
}
