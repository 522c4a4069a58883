/**
 * The HTTP service: Fastify with the request pipeline every route shares (time limits, the error
 * body from every layer, the request target's length, no new work while closing, validators
 * compiled from the documents), and the one place where the routes of each feature are
 * registered as plugins: health, metrics, polling and search, notifications, the internal
 * operator API and login.
 */
import { documentedLimit } from './shared/documents.js';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginCallback, type FastifyServerOptions } from 'fastify';
import {
  AuthenticationCache,
  defaultAuthenticationCache,
  type AuthenticationCacheOptions,
} from './directory/authentication-cache.js';
import type { Caller } from './directory/caller.js';
import type { LoginOptions } from './directory/login.js';
import type { Clock } from './shared/clock.js';
import type { Database, DatabaseHandle } from './db/database.js';
import { UnavailableError, UriTooLongError, ValidationError } from './shared/errors.js';
import { rejectNulCharacters } from './http/characters.js';
import {
  clientErrorHandler,
  expectationFailed,
  frameworkErrors,
  notFoundHandler,
  sendError,
} from './http/error-body.js';
import { limitConnections, type ConnectionLimits } from './http/connections.js';
import { metricsRoutes, type ServiceMetrics } from './http/metrics.js';
import { loadDocument, methodsByPath } from './http/openapi.js';
import { callerLimits, registerRateLimits, type RateLimit } from './http/rate-limits.js';
import { withRequestSerializer } from './http/request-log.js';
import { consoleRoutes } from './features/console/plugin.js';
import { healthRoutes } from './features/health/plugin.js';
import { homeRoutes } from './features/home/plugin.js';
import { messageLogRoutes, type MessageLogRoutesOptions } from './features/notifications/message-log.js';
import { writeRoutes } from './features/writes/plugin.js';
import { loginRoutes } from './features/login/plugin.js';
import { notificationRoutes, type NotificationRoutesOptions } from './features/notifications/plugin.js';
import { defaultSearchConcurrency, permitSearchRoutes } from './features/permits/plugin.js';
import { pollingRoutes } from './features/polling/plugin.js';
import type { ReadShares } from './http/read-shares.js';
import { receiverCheckRoutes, type ReceiverCheckSettings } from './features/notifications/receiver-check.js';
import { defaultAttemptTimeoutMs } from './deliveries/attempts/attempt.js';
import { schemaErrorFormatter, validatorCompiler } from './http/validation.js';

export { basePath, basePaths, deprecatedBasePath } from './http/interface.js';
export { defaultSearchConcurrency } from './features/permits/plugin.js';
export type { RateLimit } from './http/rate-limits.js';

export interface AppOptions {
  db: Database;
  /** The databases of polling and of permit search (pools limited to `statementTimeoutMs`, see `DatabaseHandle.limitedTo`); `db` by default. */
  pollDb?: Database;
  searchDb?: Database;
  clock?: Clock;
  /** Limit on each database query of polling and permit search; 30 seconds by default. */
  statementTimeoutMs?: number;
  /** Permit searches run at once (others wait their turn); `defaultSearchConcurrency` by default. */
  searchConcurrency?: number;
  /** Polls and searches one organisation may run at once (see http/read-shares.ts); `defaultReadShares` by default. */
  readShares?: ReadShares;
  /** Update ids one poll reads past its cursor at most (see features/polling/poll-updates.ts). */
  pollScanUpdates?: number;
  /** Largest accepted request body in bytes; 1 MiB by default. */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** Reuse of authenticated callers (see directory/authentication-cache.ts); 5 s, 10 000 callers by default. */
  authenticationCache?: AuthenticationCacheOptions;
  /**
   * LISTEN on the database (`DatabaseHandle.listen`): the authentication cache hears credential
   * changes made by any process at once (without it, within the cache's time to live), polls at
   * a caller's head are answered from the feed's heads (features/polling/feed-heads.ts), and, with
   * `notifications`, the operator API serves the message log (subscriptions, messages, dead
   * letters, replay and the stream of changes).
   */
  listen?: DatabaseHandle['listen'];
  /** The notification operations and links (subscriptions, confirmation, webhook keys); not served when absent. */
  notifications?: Omit<NotificationRoutesOptions, 'db'> & Pick<MessageLogRoutesOptions, 'replayBounds'>;
  /** How the receiver check signs and times its messages (as deliveries do); signature version 1 and the default time-outs unless set. */
  receiverCheck?: ReceiverCheckSettings;
  /** Requests each caller may make to the document's operations per window; none by default (see `RateLimit`). */
  rateLimit?: RateLimit;
  /** Reverse proxies (addresses, CIDRs) whose `X-Forwarded-For` names the client address (`request.ip`); none by default. */
  trustProxy?: string[];
  /** How long a client may take to send a request; `clientTimeouts` by default. */
  clientTimeouts?: ClientTimeouts;
  /** Connections held at once, in all and from one address (see connections.ts); none by default. */
  connections?: ConnectionLimits;
  /** Prometheus metrics of this process, served at `/metrics` (see metrics.ts); none by default. */
  metrics?: { metrics: ServiceMetrics; open: boolean };
  /** Login (`POST /v7/work/authenticate`, `POST /v7/party/refresh`); switched off when absent. */
  login?: LoginOptions;
  /** A layer on top of the service, known only by its seams (the sandbox's: src/sandbox/layer.ts); none by default. */
  layer?: AppLayer;
  /** The console at `/console` (see features/console/plugin.ts: open in the sandbox, for Operators otherwise); not served when off. */
  console?: boolean;
}

/**
 * What a layer on top adds to the service through the seams the core exposes: a plugin registered
 * before every feature (wrapped by fastify-plugin, so its hooks apply to every route; its own
 * routes too), and what some features take from it.
 */
export interface AppLayer {
  plugin: FastifyPluginCallback;
  /** The last update_id polling shows now (undefined: all), for a feed that lags (features/polling). */
  pollingHorizon?: () => Promise<number | undefined>;
  /** The Operator token the console's page carries, the console then open without signing in. */
  consoleOperatorToken?: string;
  /** The operator may confirm and change an organisation's subscription on its behalf (features/notifications/operator.ts). */
  actsForReceivers?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
  }
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * How long a client may take: its headers, and its whole request (headers and body), must have
 * arrived 29.5 s after it began, checked every 0.5 s, so a stalled client is cut with `408` and the
 * error body within 30 s; an idle kept-alive connection is closed after 5 s.
 */
export const clientTimeouts = { headersMs: 29_500, requestMs: 29_500, keepAliveMs: 5_000, checkEveryMs: 500 } as const;
export type ClientTimeouts = { [Key in keyof typeof clientTimeouts]: number };

/** The longest request target (path and query string) read; longer is `414`. */
export const maxRequestTargetLength = documentedLimit('UriTooLong');

/** The largest request line and headers read, in bytes; larger is `431`. */
export const maxHeaderBytes = documentedLimit('HeadersTooLarge');

function createFastify(options: AppOptions): FastifyInstance {
  const timeouts = options.clientTimeouts ?? clientTimeouts;
  const app = Fastify({
    logger: withRequestSerializer(options.logger),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      maxHeaderSize: maxHeaderBytes,
      connectionsCheckingInterval: timeouts.checkEveryMs,
      // A request without Host is answered by the hook below, with the error body, not by Node's bare 400.
      requireHostHeader: false,
    },
    // Shutting down is answered by the hook below, with the error body.
    return503OnClosing: false,
    ...(options.trustProxy && options.trustProxy.length > 0 ? { trustProxy: options.trustProxy } : {}),
    clientErrorHandler,
    frameworkErrors,
    schemaErrorFormatter,
  });
  app.server.on('checkExpectation', expectationFailed);
  if (options.connections) limitConnections(app.server, options.connections);
  // JSON is the only body the interface takes: anything else is refused with 415.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler(loadDocument()));
  app.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
  return app;
}

/** Hooks of every route, the unknown ones included: the request target's length, the Host header, and no new work while closing. */
function addGlobalHooks(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new UnavailableError('The service is shutting down; retry on another instance or later.');
    }
    if (request.url.length > maxRequestTargetLength) {
      throw new UriTooLongError(`The request target is longer than ${maxRequestTargetLength} characters.`);
    }
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      throw new ValidationError('An HTTP/1.1 request must have a Host header.', 'host', {
        rule: 'required',
        location: 'header',
      });
    }
  });
  app.addHook('preValidation', rejectNulCharacters);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/** The service's app: the pipeline, then every feature's routes, each a plugin, registered here. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(options);
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) routes.push({ method: one, url });
  });
  app.setNotFoundHandler(notFoundHandler(methodsByPath(routes)));
  addGlobalHooks(app);
  app.decorateRequest('caller', undefined);
  const authentication = new AuthenticationCache(options.db, options.authenticationCache ?? defaultAuthenticationCache);
  if (options.listen) app.addHook('onClose', await authentication.listen(options.listen));
  await registerRateLimits(app);
  app.decorate('interfaceRouting', {
    authentication,
    limits: options.rateLimit && options.rateLimit.max > 0 ? callerLimits(app, options.rateLimit) : undefined,
  });

  const { layer } = options;
  // Before the features' routes: its hooks apply to those registered after it.
  if (layer) await app.register(layer.plugin);
  if (options.metrics) await app.register(metricsRoutes, options.metrics);
  await app.register(healthRoutes, { db: options.db });
  await app.register(homeRoutes, { console: options.console === true });
  await app.register(pollingRoutes, {
    db: options.pollDb ?? options.db,
    clock: options.clock,
    statementTimeoutMs: options.statementTimeoutMs,
    pollsPerOrganisation: options.readShares?.pollsPerOrganisation,
    pollScanUpdates: options.pollScanUpdates,
    heads: options.listen && { db: options.db, listen: options.listen },
    horizon: layer?.pollingHorizon,
  });
  await app.register(permitSearchRoutes, {
    db: options.searchDb ?? options.db,
    statementTimeoutMs: options.statementTimeoutMs,
    searchConcurrency: options.searchConcurrency ?? defaultSearchConcurrency,
    searchesPerOrganisation: options.readShares?.searchesPerOrganisation,
  });
  if (options.notifications)
    await app.register(notificationRoutes, {
      ...options.notifications,
      db: options.db,
      now: options.notifications.now ?? options.clock,
    });
  await registerOperatorRoutes(app, options);
  if (options.login) await app.register(loginRoutes, { ...options.login, db: options.db });
  return app;
}

/** The operator API (the event source's writes, the message log, the receiver check) and the console. */
async function registerOperatorRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  await app.register(writeRoutes, { db: options.db, clock: options.clock });
  if (options.notifications && options.listen) {
    await app.register(messageLogRoutes, {
      ...options.notifications,
      db: options.db,
      listen: options.listen,
      sandbox: options.layer?.actsForReceivers === true,
    });
  }
  if (options.notifications) {
    await app.register(receiverCheckRoutes, {
      ...options.notifications,
      db: options.db,
      settings: options.receiverCheck ?? { signatureVersion: '1', attempt: { timeoutMs: defaultAttemptTimeoutMs } },
    });
  }
  if (options.console) {
    await app.register(consoleRoutes, { sandboxOperatorToken: options.layer?.consoleOperatorToken });
  }
}
