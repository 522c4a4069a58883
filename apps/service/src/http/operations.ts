/**
 * The interface document's operations as routes: each operation a feature implements is
 * served under every base path, with the document's request schema, a body limit derived from
 * it (see body-bounds.ts), the rate limit and the authentication of its allowed roles.
 * Handlers are typed from the generated `operations`.
 */
import type { operations } from '@street-events/types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticationCache } from '../auth/authentication-cache.js';
import type { Caller } from '../auth/caller.js';
import { authenticateRequest, interfaceCaller } from './authentication.js';
import { routeBodyLimit } from './body-bounds.js';
import { listOperations, loadDocument, routeSchema, type Operation } from './openapi.js';
import { limitedAuthentication, type CallerLimits } from './rate-limits.js';

export const basePath = '/v7/event';
/** The earlier base path, still served as an alias of `basePath` (the documents mark it deprecated). */
export const deprecatedBasePath = '/v7';
/** Every base path the interface is served under, the current one first. */
export const basePaths = [basePath, deprecatedBasePath] as const;

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

/** An answer whose JSON body is already encoded (a page of stored polling rows or permit summaries). */
interface SerializedAnswer {
  status: 200;
  json: Buffer;
}

/** An operation's implementation, typed from the document. */
export type Handler<Id extends OperationId> = (input: HandlerInput<Id>) => Promise<Success<Id> | SerializedAnswer>;
export type Handlers = { [Id in OperationId]?: Handler<Id> };

/** What the router calls: any handler once its operation is known. */
type RouteHandler = (input: HandlerInput<never>) => Promise<{ status: number; body?: unknown } | SerializedAnswer>;

/** What every operation route shares, decorated on the app by `buildApp`. */
export interface InterfaceRouting {
  authentication: AuthenticationCache;
  /** The rate limit (see rate-limits.ts), when one is configured. */
  limits: CallerLimits | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    interfaceRouting: InterfaceRouting;
  }
}

/** Serves the operations `handlers` implements (the others are left to other features). */
export function registerOperations(app: FastifyInstance, handlers: Handlers): void {
  const { authentication, limits } = app.interfaceRouting;
  for (const operation of listOperations(loadDocument())) {
    const handler = handlers[operation.operationId as OperationId] as RouteHandler | undefined;
    if (handler === undefined) continue;
    const authenticate = authenticateRequest(authentication, operation, interfaceCaller);
    const onRequest = limits ? limitedAuthentication(authenticate, limits) : authenticate;
    for (const base of basePaths) registerOperationAt(app, `${base}${operation.path}`, operation, handler, onRequest);
  }
}

function registerOperationAt(
  app: FastifyInstance,
  url: string,
  operation: Operation,
  handler: RouteHandler,
  onRequest: (request: FastifyRequest) => Promise<void>,
): void {
  app.route({
    method: operation.method,
    url,
    schema: routeSchema(operation),
    bodyLimit: routeBodyLimit(loadDocument(), operation.bodySchema, app.initialConfig.bodyLimit!),
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
