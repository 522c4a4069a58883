// Keeps a local picture of the works up to date from the polling feed, with push notifications
// bringing the next poll forward. The receiver passes each verified notification to the
// reconciler as a hint; the reconciler hands each update of the feed on once, in order, whether
// its notification arrived once, twice, late or not at all. The cursor is kept in a file, so a
// restart resumes after the last handled update.
//
//   NODE_EXTRA_CA_CERTS=<the sandbox's ca.pem> EVENTS_BASE_URL=https://localhost:8443/v7/event EVENTS_TOKEN=… PORT=3000 npx tsx examples/reconcile-updates.ts
// then subscribe the endpoint: POST /api-notifications/subscribe { "api_endpoint": "http://…:3000/street-works" }
// Without notifications it polls every 30 s. Ctrl-C stops it. The cursor is kept in CURSOR_FILE
// (default: street-events-reconcile-cursor in the system's temporary directory).
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createEventsClient,
  createReconciler,
  createWebhookReceiver,
  toNodeHandler,
  type Reconciler,
  type WorkUpdateSummary,
} from '@street-events/client';

export interface ReconcileExampleOptions {
  baseUrl: string;
  token: string;
  /** Where the cursor is kept between runs. */
  cursorFile: string;
  /** Told of each update, once, in update_id order. */
  onUpdate: (update: WorkUpdateSummary) => void | Promise<void>;
  /** Stops the reconciler. */
  signal: AbortSignal;
  /** The subscriptions whose notifications are taken besides those this receiver confirms: the references `subscribe` answered. */
  subscriptions?: string[];
}

export function reconcileUpdatesExample(options: ReconcileExampleOptions): { reconciler: Reconciler; server: Server } {
  const client = createEventsClient({ baseUrl: options.baseUrl, token: options.token });
  const reconciler = createReconciler(client, {
    store: {
      getCursor: () => readFile(options.cursorFile, 'utf8').then(Number, () => undefined),
      setCursor: (cursor) => writeFile(options.cursorFile, String(cursor)),
    },
    onUpdates: async (updates) => {
      for (const update of updates) await options.onUpdate(update); // the cursor is stored after this
    },
    onError: (error, failures) => console.error(`poll failed (${failures} in a row), trying again: ${String(error)}`),
    intervalMs: 30_000, // the poll that catches whatever no notification announced
    signal: options.signal,
  });
  const receiver = createWebhookReceiver({
    serviceUrl: options.baseUrl,
    // A hint: the poll it brings forward hands the update on, in its place in the feed.
    onNotification: ({ payload }) => void reconciler.notify(payload),
    subscriptions: options.subscriptions,
  });
  const handle = toNodeHandler(receiver);
  return { reconciler, server: createServer((req, res) => void handle(req, res)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const controller = new AbortController();
  const { reconciler, server } = reconcileUpdatesExample({
    baseUrl: process.env.EVENTS_BASE_URL ?? 'https://localhost:8443/v7/event',
    token: process.env.EVENTS_TOKEN ?? '',
    cursorFile: process.env.CURSOR_FILE ?? join(tmpdir(), 'street-events-reconcile-cursor'),
    onUpdate: (update) => console.log(`${update.update_id} ${update.event_type} on ${update.work_reference_number}`),
    signal: controller.signal,
    // After a restart: the subscription confirmed before, as `subscribe` answered it.
    subscriptions: process.env.SUBSCRIPTIONS?.split(','),
  });
  server.listen(Number(process.env.PORT ?? 3000));
  process.once('SIGINT', () => {
    controller.abort(); // the poll in progress ends, its cursor stored
    server.close();
  });
  await reconciler.poll(); // catch up from the stored cursor now; then every 30 s and on notifications
}
