/**
 * The HTTP interface: every operation of the latest OpenAPI document, served under `/v7/event`
 * (the base path of the permitting system's event interface) and, deprecated, under `/v7`.
 * Routes, allowed roles and request validation come from the document; handlers are typed
 * from the generated `operations`.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import rateLimit from '@fastify/rate-limit';
import type { operations } from '@street-events/types';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type onRequestHookHandler,
} from 'fastify';
import {
  AuthenticationCache,
  defaultAuthenticationCache,
  type AuthenticationCacheOptions,
} from '../auth/authentication-cache.js';
import type { Caller } from '../auth/caller.js';
import type { LoginOptions } from '../auth/login.js';
import { tokenHash } from '../auth/tokens.js';
import { systemClock, type Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { RateLimitedError, UnavailableError, UriTooLongError } from '../errors.js';
import { pageJson, pollPage } from '../queries/poll-updates.js';
import { defaultStatementTimeoutMs } from '../queries/query-timeout.js';
import { searchPage, searchPageJson } from '../queries/search-permits.js';
import { concurrencyLimit } from './concurrency-limit.js';
import { registerInternalApi } from '../internal/routes.js';
import { authenticateRequest, interfaceCaller } from './authentication.js';
import { registerLogin } from './login.js';
import { clientErrorHandler, expectationFailed, frameworkErrors, notFoundHandler, sendError } from './error-body.js';
import { rejectNulCharacters } from './characters.js';
import { listOperations, loadDocument, methodsByPath, routeSchema, type Operation } from './openapi.js';
import { registerMetrics, type ServiceMetrics } from './metrics.js';
import { schemaErrorFormatter, validatorCompiler } from './validation.js';

export const basePath = '/v7/event';
/** The earlier base path, still served as an alias of `basePath` (the documents mark it deprecated). */
export const deprecatedBasePath = '/v7';
/** Every base path the interface is served under, the current one first. */
export const basePaths = [basePath, deprecatedBasePath] as const;

/** Permit searches run at once by default: one core fewer than the machine has (at least one), so polling keeps a core. */
export const defaultSearchConcurrency = Math.max(1, availableParallelism() - 1);

type OperationId = keyof operations;
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type QueryOf<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;
type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody: infer Body }
  ? JsonContent<Body>
  : undefined;
type Success<Id extends OperationId> = {
  [Status in keyof operations[Id]['responses'] & (200 | 204)]: Status extends 204
    ? { status: 204 }
    : { status: Status; body: JsonContent<operations[Id]['responses'][Status]> };
}[keyof operations[Id]['responses'] & (200 | 204)];

interface HandlerInput<Id extends OperationId> {
  caller: Caller;
  query: QueryOf<Id>;
  body: BodyOf<Id>;
  request: FastifyRequest;
}

/** An operation's implementation, typed from the document. */
/** An answer whose JSON body is already text (a page of stored polling rows). */
interface SerializedAnswer {
  status: 200;
  json: string;
}

export type Handler<Id extends OperationId> = (input: HandlerInput<Id>) => Promise<Success<Id> | SerializedAnswer>;
export type Handlers = { [Id in OperationId]?: Handler<Id> };

/** What the router calls: any handler once its operation is known. */
type RouteHandler = (input: HandlerInput<never>) => Promise<{ status: number; body?: unknown } | SerializedAnswer>;

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
  /** Largest accepted request body in bytes; 1 MiB by default. */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** Reuse of authenticated callers (see auth/authentication-cache.ts); 5 s, 10 000 callers by default. */
  authenticationCache?: AuthenticationCacheOptions;
  /** Operations added by other parts of the service (notifications). */
  extraHandlers?: Handlers;
  /** Routes outside the document (the subscription confirmation link, the webhook keys). */
  extraRoutes?: ((app: FastifyInstance) => void)[];
  /** Requests each caller may make to the document's operations per window; none by default (see `RateLimit`). */
  rateLimit?: RateLimit;
  /** How long a client may take to send a request; `clientTimeouts` by default. */
  clientTimeouts?: ClientTimeouts;
  /** Prometheus metrics of this process, served at `/metrics` (see metrics.ts); none by default. */
  metrics?: { metrics: ServiceMetrics; open: boolean };
  /** Login (`POST /v7/work/authenticate`, `POST /v7/party/refresh`); switched off when absent. */
  login?: LoginOptions;
}

/**
 * At most `max` requests to the document's operations per caller in each window of
 * `windowMs`; `max` 0 is no limit. A caller is its token (by SHA-256), or its IP address when
 * it sends none. Counts are kept in this process: each instance of the service counts alone.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
  }
}

function queryHandlers(options: AppOptions): Handlers {
  const searchSlots = concurrencyLimit(options.searchConcurrency ?? defaultSearchConcurrency);
  const queryOptions = {
    now: options.clock ?? systemClock,
    statementTimeoutMs: options.statementTimeoutMs ?? defaultStatementTimeoutMs,
  };
  return {
    getWorkUpdates: async ({ caller, query }) => ({
      status: 200,
      json: pageJson(await pollPage(options.pollDb ?? options.db, caller, query, queryOptions)),
    }),
    searchPermits: async ({ caller, body }) => ({
      status: 200,
      json: searchPageJson(
        await searchSlots(() => searchPage(options.searchDb ?? options.db, caller, body, queryOptions)),
      ),
    }),
  };
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
export const maxRequestTargetLength = 8192;

function createFastify(options: AppOptions): FastifyInstance {
  const timeouts = options.clientTimeouts ?? clientTimeouts;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    // Shutting down is answered by the hook below, with the error body.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
    schemaErrorFormatter,
  });
  app.server.on('checkExpectation', expectationFailed);
  // JSON is the only body the interface takes: anything else is refused with 415.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler(loadDocument()));
  app.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
  return app;
}

/** Hooks of every route, the unknown ones included: the request target's length, and no new work while closing. */
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
  });
  app.addHook('preValidation', rejectNulCharacters);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const operations = listOperations(loadDocument());
  const handlers: Handlers = { ...queryHandlers(options), ...options.extraHandlers };
  const authentication = new AuthenticationCache(options.db, options.authenticationCache ?? defaultAuthenticationCache);

  const app = createFastify(options);
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) routes.push({ method: one, url });
  });
  app.setNotFoundHandler(notFoundHandler(methodsByPath(routes)));
  addGlobalHooks(app);
  app.decorateRequest('caller', undefined);

  if (options.metrics) registerMetrics(app, { ...options.metrics, authentication });

  app.get('/health', async (_request, reply) => {
    await options.db.execute('select 1');
    return reply.send({ status: 'ok' });
  });

  for (const addRoutes of options.extraRoutes ?? []) addRoutes(app);

  const limit = options.rateLimit && options.rateLimit.max > 0 ? await rateLimiter(app, options.rateLimit) : undefined;

  for (const operation of operations) {
    const handler = handlers[operation.operationId as OperationId] as RouteHandler | undefined;
    if (handler === undefined) continue;
    registerOperation(app, operation, handler, [
      ...(limit ? [limit] : []),
      authenticateRequest(authentication, operation, interfaceCaller),
    ]);
  }
  await registerInternalApi(app, { ...options, authentication });
  if (options.login) await registerLogin(app, { ...options.login, db: options.db });
  return app;
}

/**
 * The hook that counts a caller's requests and answers `429` with `Retry-After` (seconds) and
 * the error body past the limit; placed before authentication, so excess requests cost no
 * token lookup. Only the document's operations are limited: `/health`, the webhook keys, the
 * confirmation link and the internal operator API are not.
 */
async function rateLimiter(app: FastifyInstance, { max, windowMs }: RateLimit): Promise<onRequestHookHandler> {
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => {
      const token = request.headers.token;
      return typeof token === 'string' ? `token:${tokenHash(token)}` : `ip:${request.ip}`;
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(`Too many requests. Retry after ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  return app.rateLimit() as onRequestHookHandler;
}

function registerOperation(
  app: FastifyInstance,
  operation: Operation,
  handler: RouteHandler,
  onRequest: onRequestHookHandler[],
): void {
  for (const base of basePaths) registerOperationAt(app, `${base}${operation.path}`, operation, handler, onRequest);
}

function registerOperationAt(
  app: FastifyInstance,
  url: string,
  operation: Operation,
  handler: RouteHandler,
  onRequest: onRequestHookHandler[],
): void {
  app.route({
    method: operation.method,
    url,
    schema: routeSchema(operation),
    onRequest,
    handler: async (request, reply) => {
      const result = await handler({
        caller: request.caller as Caller,
        query: request.query as never,
        body: request.body as never,
        request,
      });
      if ('json' in result) return reply.code(result.status).type('application/json; charset=utf-8').send(result.json);
      return reply.code(result.status).send(result.body);
    },
  });
}
