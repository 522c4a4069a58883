/**
 * The HTTP interface: every operation of the latest OpenAPI document, served under `/v7`.
 * Routes, allowed roles and request validation come from the document; handlers are typed
 * from the generated `operations`.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { operations } from '@street-events/types';
import { authenticate } from '../auth/tokens.js';
import type { Caller } from '../auth/caller.js';
import { systemClock, type Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import { pollUpdates } from '../queries/poll-updates.js';
import { defaultStatementTimeoutMs } from '../queries/query-timeout.js';
import { searchPermits } from '../queries/search-permits.js';
import { errorBody, RequestValidationError, sendError } from './error-body.js';
import { listOperations, loadDocument, type Operation } from './openapi.js';
import { compileValidators, type RequestValidator } from './validation.js';

export const basePath = '/v7';

type OperationId = keyof operations;
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type QueryOf<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Query } ? NonNullable<Query> : never;
type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody: infer Body } ? JsonContent<Body> : undefined;
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
export type Handler<Id extends OperationId> = (input: HandlerInput<Id>) => Promise<Success<Id>>;
export type Handlers = { [Id in OperationId]?: Handler<Id> };

/** What the router calls: any handler once its operation is known. */
type RouteHandler = (input: HandlerInput<never>) => Promise<{ status: number; body?: unknown }>;

export interface AppOptions {
  db: Database;
  clock?: Clock;
  /** Limit on each database query of polling and permit search; 30 seconds by default. */
  statementTimeoutMs?: number;
  /** Largest accepted request body in bytes; 1 MiB by default. */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** Operations added by other parts of the service (notifications). */
  extraHandlers?: Handlers;
  /** Routes outside the document (the subscription confirmation link, the webhook keys). */
  extraRoutes?: ((app: FastifyInstance) => void)[];
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
  }
}

function queryHandlers(options: AppOptions): Handlers {
  const queryOptions = { now: options.clock ?? systemClock, statementTimeoutMs: options.statementTimeoutMs ?? defaultStatementTimeoutMs };
  return {
    getWorkUpdates: async ({ caller, query }) => ({ status: 200, body: await pollUpdates(options.db, caller, query, queryOptions) }),
    searchPermits: async ({ caller, body }) => ({ status: 200, body: await searchPermits(options.db, caller, body, queryOptions) }),
  };
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const document = loadDocument();
  const operations = listOperations(document);
  const validators = compileValidators(document, operations);
  const handlers: Handlers = { ...queryHandlers(options), ...options.extraHandlers };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
  });
  // JSON is the only body the interface takes: anything else is refused with 415.
  app.removeContentTypeParser(['text/plain']);
  app.decorateRequest('caller', undefined);
  app.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(request, 404, `No route ${request.method} ${request.url.split('?')[0]}.`)),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.get('/health', async (_request, reply) => {
    await options.db.execute('select 1');
    return reply.send({ status: 'ok' });
  });

  for (const addRoutes of options.extraRoutes ?? []) addRoutes(app);

  for (const operation of operations) {
    const handler = handlers[operation.operationId as OperationId] as RouteHandler | undefined;
    if (handler === undefined) continue;
    registerOperation(app, operation, handler, validators.get(operation.operationId) as RequestValidator, options.db);
  }
  return app;
}

function registerOperation(
  app: FastifyInstance,
  operation: Operation,
  handler: RouteHandler,
  validator: RequestValidator,
  db: Database,
): void {
  app.route({
    method: operation.method,
    url: `${basePath}${operation.path}`,
    onRequest: async (request) => {
      const token = request.headers.token;
      if (typeof token !== 'string' || token === '') throw new UnauthenticatedError('The token header is missing.');
      const caller = await authenticate(db, token);
      if (caller === null) throw new UnauthenticatedError('The token is unknown or revoked.');
      if (!operation.allowedRoles.includes(caller.role)) {
        throw new ForbiddenError(`The ${caller.role} role is not allowed to ${operation.operationId}.`);
      }
      request.caller = caller;
    },
    preValidation: async (request) => {
      const problems = [...validator.query(request.query), ...validator.body(request.body)];
      if (problems.length > 0) throw new RequestValidationError(problems);
    },
    handler: async (request, reply) => {
      const result = await handler({
        caller: request.caller as Caller,
        query: request.query as never,
        body: request.body as never,
        request,
      });
      return reply.code(result.status).send(result.body);
    },
  });
}
