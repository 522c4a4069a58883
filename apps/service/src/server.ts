/**
 * Running the service: open and migrate the database, serve the interface, and shut down
 * gracefully on SIGINT or SIGTERM (stop accepting, finish requests in flight, close the
 * database).
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { defaultAuthenticationCache } from './auth/authentication-cache.js';
import type { ServiceConfig, TlsConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { basePath, buildApp, clientTimeouts } from './http/app.js';
import { clientErrorHandler, expectationFailed } from './http/error-body.js';
import { createMetrics } from './http/metrics.js';
import { refreshPollRows } from './events/poll-rows.js';
import { checkSummariesFingerprint, writeMissingSummaries } from './queries/search-permits.js';
import { endpointPolicyOf, workerSettingsOf } from './notifications/config.js';
import { notificationHandlers, notificationRoutes } from './notifications/http.js';
import { ensureSigningCertificate, ensureSigningKey } from './notifications/keys.js';
import { startWorker, type DeliveryWorker } from './deliveries/worker.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The interface's base URL, e.g. http://127.0.0.1:8080/v7/event. */
  baseUrl: string;
  /** The same over HTTPS (e.g. https://localhost:8443/v7/event), when configured; links in messages are built on it. */
  httpsBaseUrl: string | undefined;
  /** The delivery worker running in this process, unless disabled (`DELIVERY_WORKER=off`). */
  worker: DeliveryWorker | undefined;
  close(): Promise<void>;
}

export async function startServer(config: ServiceConfig, database?: DatabaseHandle): Promise<RunningServer> {
  const handle = database ?? (await openDatabase(config.database));
  await handle.migrate();
  await refreshPollRows(handle.db);
  await checkSummariesFingerprint(handle.db);
  await ensureSigningKey(handle.db);
  await ensureSigningCertificate(handle.db);
  const notifications = config.notifications;
  const policy = endpointPolicyOf(notifications);
  let baseUrl = '';
  const pollDb = handle.limitedTo(config.statementTimeoutMs, { orderedScans: true });
  const searchDb = handle.limitedTo(config.statementTimeoutMs);
  const metrics = createMetrics(handle.db, { primary: handle.db, polling: pollDb, search: searchDb });
  let httpsBaseUrl: string | undefined;
  const app = await buildApp({
    db: handle.db,
    pollDb,
    searchDb,
    metrics: { metrics, open: config.metricsPublic },
    statementTimeoutMs: config.statementTimeoutMs,
    bodyLimit: config.bodyLimitBytes,
    searchConcurrency: config.searchConcurrency,
    authenticationCache: { ...defaultAuthenticationCache, ttlMs: config.authCacheTtlMs },
    rateLimit: config.rateLimit,
    login: config.login,
    logger: { level: config.logLevel },
    extraHandlers: notificationHandlers({
      db: handle.db,
      policy,
      publicBaseUrl: () => notifications.publicBaseUrl ?? httpsBaseUrl ?? baseUrl,
    }),
    extraRoutes: [notificationRoutes({ db: handle.db })],
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  baseUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}${basePath}`;
  const secure = config.tls ? await listenHttps(app, config.host, config.tls) : undefined;
  if (secure)
    httpsBaseUrl = `https://${config.tls?.caFile || host === '0.0.0.0' ? 'localhost' : host}:${secure.port}${basePath}`;
  const worker = notifications.worker
    ? await startWorker({
        ...workerSettingsOf(notifications),
        db: handle.db,
        listen: handle.listen,
        log: app.log,
        onOutcome: (outcome) => metrics.deliveryAttempts.inc({ outcome }),
      })
    : undefined;
  const stopSummaries = writeSummariesInBackground(handle.db, app.log);
  let closing: Promise<void> | undefined;
  return {
    app,
    database: handle,
    baseUrl,
    httpsBaseUrl,
    worker,
    close: () =>
      (closing ??= Promise.all([app.close(), secure?.close()]).then(async () => {
        await stopSummaries();
        await worker?.stop();
        await handle.close();
      })),
  };
}

/**
 * Writes the permit summaries a change cleared (see queries/search-permits.ts): every second,
 * batches until none is missing. A search never waits for it: a missing summary is built when
 * read. Returns how to stop it.
 */
function writeSummariesInBackground(db: DatabaseHandle['db'], log: FastifyInstance['log']): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = (async () => {
      try {
        while (!stopped && (await writeMissingSummaries(db)) > 0);
      } catch (error) {
        log.warn({ err: error }, 'writing permit summaries failed; trying again');
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, 1000);
    });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}

/**
 * An HTTPS listener in front of the same routes (Fastify's `routing`), so one app, one cache and
 * one set of limits serve both, with the same client time limits and the same answers to what
 * Node's parser refuses (`clientError`, `checkExpectation`).
 */
async function listenHttps(
  app: FastifyInstance,
  host: string,
  tls: TlsConfig,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createHttpsServer(
    {
      cert: tls.cert,
      key: tls.key,
      headersTimeout: clientTimeouts.headersMs,
      requestTimeout: clientTimeouts.requestMs,
      keepAliveTimeout: clientTimeouts.keepAliveMs,
      connectionsCheckingInterval: clientTimeouts.checkEveryMs,
    },
    (request, response) => app.routing(request, response),
  );
  server.on('clientError', clientErrorHandler);
  server.on('checkExpectation', expectationFailed);
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(tls.port, host, listening);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeIdleConnections();
      }),
  };
}

/** Closes the server on the first SIGINT or SIGTERM; a second signal exits at once. */
export function closeOnSignals(server: RunningServer): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
