/**
 * Running the service: open and migrate the database, serve the interface over HTTP (and HTTPS
 * when configured), and run what works beside the requests (the delivery worker, the permit
 * summaries writer, an optional simulation). Each of these is a Fastify plugin whose resources
 * are released in `onClose`, so `app.close()` is the one way to stop: it stops accepting,
 * answers requests in flight, lets the worker finish its attempts, and closes the database last.
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { defaultAuthenticationCache } from './directory/authentication-cache.js';
import type { ServiceConfig, TlsConfig } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/database.js';
import { basePath, buildApp, clientTimeouts, maxHeaderBytes, type AppLayer, type AppOptions } from './app.js';
import { limitConnections, type ConnectionLimits } from './http/connections.js';
import { clientErrorHandler, expectationFailed } from './http/error-body.js';
import { createMetrics, type ServiceMetrics } from './http/metrics.js';
import { defaultRateLimit } from './http/rate-limits.js';
import { refreshPollRows } from './events/poll-rows.js';
import { checkSummariesFingerprint, writeMissingSummaries } from './features/permits/search-permits.js';
import { endpointPolicyOf, workerSettingsOf, type NotificationConfig } from './features/notifications/config.js';
import { ensureSigningCertificate, ensureSigningKey } from './deliveries/messages/keys.js';
import { startWorker, type DeliveryWorker, type WorkerOptions } from './deliveries/worker.js';
import { subscriptionUpkeep } from './features/notifications/upkeep.js';
import { readableLog } from './shared/readable-log.js';
import type { Clock } from './shared/clock.js';
import type { DeliveryNetwork } from './deliveries/attempts/network.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The interface's base URL, e.g. http://127.0.0.1:8080/v7/event. */
  baseUrl: string;
  /** The same over HTTPS (e.g. https://localhost:8443/v7/event), when configured; links in messages are built on it. */
  httpsBaseUrl: string | undefined;
  /** The delivery worker running in this process, unless disabled (`DELIVERY_WORKER=off`). */
  worker: DeliveryWorker | undefined;
  /** `app.close()`: stops everything and closes the database. */
  close: () => Promise<void>;
}

export interface ServeOptions {
  /** A layer on top of the service (the sandbox's: src/cli/sandbox-layer.ts), made once the database is migrated. */
  layer?: (handle: DatabaseHandle) => Promise<ServeLayer>;
}

/** What a layer on top gives the server: the app's layer, and the seams of the worker and the receiver check. */
export interface ServeLayer {
  app: AppLayer;
  /** Now, for the app, the worker and the layer itself (a clock that may run ahead); the wall clock by default. */
  clock?: Clock;
  /** How delivery attempts reach receivers (see deliveries/attempts/network.ts); direct by default. */
  network?: DeliveryNetwork;
  /** Host names the service answers besides its own, which the receiver check takes as the service's. */
  hosts?: readonly string[];
}

/** Where the log goes: stdout as JSON lines, or as readable lines (`LOG_FORMAT=lines`); for pino's and Fastify's `stream`. */
export function logDestination(config: Pick<ServiceConfig, 'logFormat'>): { stream?: { write(line: string): void } } {
  return config.logFormat === 'lines' ? { stream: readableLog() } : {};
}

/** The interface's base URLs at the addresses the service listens on, once it listens. */
interface ListeningUrls {
  http: string;
  https: string | undefined;
}

/** The app's options from the configuration: its databases (polling and search limited to the statement timeout), limits and features. */
function appOptions(
  config: ServiceConfig,
  handle: DatabaseHandle,
  layer: ServeLayer | undefined,
  urls: ListeningUrls,
): AppOptions & { metrics: { metrics: ServiceMetrics } } {
  const publicBaseUrl = () => config.notifications.publicBaseUrl ?? urls.https ?? urls.http;
  const pollDb = handle.limitedTo(config.statementTimeoutMs, { orderedScans: true });
  const searchDb = handle.limitedTo(config.statementTimeoutMs);
  const metrics = createMetrics(handle.db, { primary: handle.db, polling: pollDb, search: searchDb });
  return {
    db: handle.db,
    listen: handle.listen,
    pollDb,
    searchDb,
    metrics: { metrics, open: config.metricsPublic },
    statementTimeoutMs: config.statementTimeoutMs,
    bodyLimit: config.bodyLimitBytes,
    searchConcurrency: config.searchConcurrency,
    readShares: config.readShares,
    pollScanUpdates: config.pollScanUpdates,
    authenticationCache: { ...defaultAuthenticationCache, ttlMs: config.authCacheTtlMs },
    rateLimit: { max: config.rateLimit.max ?? defaultRateLimit.max, windowMs: config.rateLimit.windowMs },
    connections: config.connections,
    trustProxy: config.trustProxy,
    login: config.login,
    logger: { level: config.logLevel, ...logDestination(config) },
    notifications: {
      policy: endpointPolicyOf(config.notifications),
      publicBaseUrl,
      subscriptionChanges: config.notifications.subscriptionChanges,
      replayBounds: config.notifications.replayBounds,
    },
    receiverCheck: {
      listening: () => [urls.http, ...(urls.https === undefined ? [] : [urls.https])],
      hosts: layer?.hosts ?? [],
      signatureVersion: config.notifications.signatureVersion,
      tls: config.tls && { cert: config.tls.cert, key: config.tls.key },
      attempt: {
        timeoutMs: config.notifications.attemptTimeoutMs,
        connectTimeoutMs: config.notifications.connectTimeoutMs,
        responseTimeoutMs: config.notifications.responseTimeoutMs,
      },
    },
    clock: layer?.clock,
    layer: layer?.app,
    console: true,
  };
}

/** Serves the interface on `config`'s database (opened here unless `database` is given; closed by `close`). */
export async function startServer(
  config: ServiceConfig,
  database?: DatabaseHandle,
  options: ServeOptions = {},
): Promise<RunningServer> {
  const handle = database ?? (await openDatabase(config.database));
  await prepareDatabase(handle);
  const urls: ListeningUrls = { http: '', https: undefined };
  const layer = await options.layer?.(handle);
  const built = appOptions(config, handle, layer, urls);
  const app = await buildApp(built);
  // Root-level onClose hooks run after the plugins': the database is closed last.
  app.addHook('onClose', () => handle.close());
  let worker: DeliveryWorker | undefined;
  if (config.notifications.worker) {
    await app.register(deliveryWorker, {
      db: handle,
      notifications: config.notifications,
      metrics: built.metrics.metrics,
      clock: layer?.clock,
      network: layer?.network,
      started: (running) => (worker = running),
    });
  }
  await app.register(summariesWriter, { db: handle.db });
  const { tls } = config;
  if (tls) {
    const listening = (port: number) => (urls.https = httpsBaseUrl(config.host, tls, port));
    await app.register(httpsListener, { host: config.host, tls, connections: config.connections, listening });
  }
  await app.listen({ host: config.host, port: config.port });
  urls.http = httpBaseUrl(app, config);
  return {
    app,
    database: handle,
    baseUrl: urls.http,
    httpsBaseUrl: urls.https,
    worker,
    close: () => app.close(),
  };
}

/**
 * Migrates, makes the stored polling rows and permit summaries current (recording the fingerprint
 * of what they were built from, so that a database seeded or served once is not rewritten at the
 * next start), and makes the first signing key and certificate; returns how many polling rows it wrote.
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<number> {
  const { db } = handle;
  await handle.migrate();
  const written = await refreshPollRows(db);
  await checkSummariesFingerprint(db);
  await ensureSigningKey(db);
  await ensureSigningCertificate(db);
  return written;
}

/** The delivery worker of this process, stopped (its attempts in flight finished) when the app closes. */
/**
 * Starts the delivery worker on the database with the notification settings: the one way it is
 * started, by `serve` (below, with the process's metrics) and by the `worker` command.
 */
export function startDeliveryWorker(
  handle: DatabaseHandle,
  notifications: NotificationConfig,
  log: WorkerOptions['log'],
  metrics?: ServiceMetrics,
  clock?: Clock,
  network?: DeliveryNetwork,
): Promise<DeliveryWorker> {
  return startWorker({
    ...workerSettingsOf(notifications),
    clock,
    network,
    db: handle.db,
    subscriptions: subscriptionUpkeep(handle.db),
    listen: handle.listen,
    log,
    onOutcome: metrics && ((outcome) => metrics.deliveryAttempts.inc({ outcome })),
    onDisabled: metrics && ((count) => metrics.subscriptionsDisabled.inc(count)),
  });
}

const deliveryWorker: FastifyPluginCallback<{
  db: DatabaseHandle;
  notifications: NotificationConfig;
  metrics: ServiceMetrics;
  clock: Clock | undefined;
  network: DeliveryNetwork | undefined;
  started: (worker: DeliveryWorker) => void;
}> = (app, options, done) => {
  const { db, notifications, metrics, clock, network } = options;
  startDeliveryWorker(db, notifications, app.log, metrics, clock, network).then((worker) => {
    options.started(worker);
    app.addHook('onClose', () => worker.stop());
    done();
  }, done);
};

/**
 * Writes the permit summaries a change cleared (see features/permits/search-permits.ts): every
 * second, batches until none is missing. A search never waits for it: a missing summary is built
 * when read.
 */
const summariesWriter: FastifyPluginCallback<{ db: Database }> = (app, { db }, done) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = (async () => {
      try {
        while (!stopped && (await writeMissingSummaries(db)) > 0);
      } catch (error) {
        app.log.warn({ err: error }, 'writing permit summaries failed; trying again');
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, 1000);
    });
  };
  app.addHook('onReady', (ready) => {
    tick();
    ready();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  });
  done();
};

/**
 * An HTTPS listener in front of the same routes (Fastify's `routing`), so one app, one cache and
 * one set of limits serve both, with the same client time limits and the same answers to what
 * Node's parser refuses (`clientError`, `checkExpectation`). It stops accepting with the app.
 */
const httpsListener: FastifyPluginCallback<{
  host: string;
  tls: TlsConfig;
  connections: ConnectionLimits;
  listening: (port: number) => void;
}> = (app, { host, tls, connections, listening }, done) => {
  const server = createHttpsServer(
    {
      cert: tls.cert,
      key: tls.key,
      headersTimeout: clientTimeouts.headersMs,
      requestTimeout: clientTimeouts.requestMs,
      keepAliveTimeout: clientTimeouts.keepAliveMs,
      connectionsCheckingInterval: clientTimeouts.checkEveryMs,
      maxHeaderSize: maxHeaderBytes,
      requireHostHeader: false,
    },
    (request, response) => app.routing(request, response),
  );
  server.on('clientError', clientErrorHandler);
  server.on('checkExpectation', expectationFailed);
  limitConnections(server, connections, { tls: true });
  let closed: Promise<void> = Promise.resolve();
  app.addHook('onReady', () => {
    return new Promise<void>((resolve, failed) => {
      server.once('error', failed);
      server.listen(tls.port, host, () => {
        listening((server.address() as AddressInfo).port);
        resolve();
      });
    });
  });
  // Stop accepting with the HTTP listener; requests in flight are answered before the database closes.
  app.addHook('preClose', (closing) => {
    closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    closing();
  });
  app.addHook('onClose', () => closed);
  done();
};

function httpBaseUrl(app: FastifyInstance, config: ServiceConfig): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  return `http://${displayHost(config.host)}:${port}${basePath}`;
}

function httpsBaseUrl(host: string, tls: TlsConfig, port: number): string {
  return `https://${tls.caFile ? 'localhost' : displayHost(host)}:${port}${basePath}`;
}

/** A host as it goes in a URL: IPv6 in brackets, and `localhost` for every-address. */
function displayHost(host: string): string {
  if (host === '0.0.0.0') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
