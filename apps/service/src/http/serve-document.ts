/**
 * Serving an OpenAPI document: each operation a feature implements becomes a route under every
 * base path of the document, with the document's request schema and validators, a body limit
 * derived from it (see body-bounds.ts) and the hooks the feature gives it (authentication of its
 * allowed roles, rate limits). Handlers are keyed by operationId and typed from the document's
 * generated `operations`: the interface, login, the operator API and the links of the webhook
 * messages are all served this way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Caller } from '../directory/caller.js';
import { routeBodyLimit } from './body-bounds.js';
import { listLinks, listOperations, routePath, routeSchema, type Operation, type OpenApiDocument } from './openapi.js';
import { validatorCompiler } from './validation.js';

/** An operation of a document's generated `operations`. */
export interface OperationType {
  parameters: { query?: unknown; path?: unknown };
  requestBody?: unknown;
  responses: object;
}

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type BodyOf<Op> = Op extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<Op extends OperationType> = Op['responses'];

/** A successful answer the document declares for the operation, with its JSON body. */
export type Success<Op extends OperationType> = {
  [Status in keyof Responses<Op> & SuccessStatus]: Status extends 204
    ? { status: 204 }
    : { status: Status; body: JsonContent<Responses<Op>[Status]> };
}[keyof Responses<Op> & SuccessStatus];

/** An answer whose body is already encoded: `json` (a page of stored rows), or `text` of its `type`. */
type Encoded = { status: 200; json: Buffer } | { status: 200; text: string; type: string };

/** The handler took the reply over (a stream) and answers it itself. */
export const streamed = Symbol('streamed');

export type Answer<Op extends OperationType> = (Success<Op> | Encoded) & { headers?: Record<string, string> };

export interface Input<Op extends OperationType> {
  /** The authenticated caller (on an operation without security, never read). */
  caller: Caller;
  query: NonNullable<Op['parameters']['query']>;
  params: NonNullable<Op['parameters']['path']>;
  body: BodyOf<Op>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An operation's implementation. */
export type Handler<Op extends OperationType> = (input: Input<Op>) => Promise<Answer<Op> | typeof streamed>;

/** Implementations of some of a document's operations, by operationId. */
export type Handlers<Operations> = {
  [Id in keyof Operations]?: Operations[Id] extends OperationType ? Handler<Operations[Id]> : never;
};

/** What a feature adds to the routes of its operations. */
export type RouteHooks = Pick<RouteOptions, 'onRequest' | 'preHandler' | 'exposeHeadRoute'>;

export interface ServedDocument<Operations> {
  document: OpenApiDocument;
  /** Where the document's paths are served, e.g. `['/v7/event', '/v7']`. */
  basePaths: readonly string[];
  handlers: Handlers<Operations>;
  /** The hooks of an operation's route (its authentication, limits); none by default. */
  hooks?: (operation: Operation) => RouteHooks;
  /** The document's validators are compiled in this scope (a plugin serving another document than the app's). */
  ownValidators?: boolean;
}

/** What the router calls: any handler once its operation is known. */
type AnyHandler = (
  input: Input<OperationType>,
) => Promise<(({ status: number; body?: unknown } | Encoded) & { headers?: Record<string, string> }) | typeof streamed>;

/** Serves the operations (and the links of the webhook messages) of `document` that `handlers` implements. */
export function serveDocument<Operations>(app: FastifyInstance, served: ServedDocument<Operations>): void {
  const { document } = served;
  if (served.ownValidators) app.setValidatorCompiler(validatorCompiler(document));
  for (const operation of [...listOperations(document), ...listLinks(document)]) {
    const handler = (served.handlers as Record<string, AnyHandler | undefined>)[operation.operationId];
    if (handler === undefined) continue;
    const urls = operation.absolute
      ? [operation.path]
      : served.basePaths.map((base) => `${base}${routePath(operation.path)}`);
    for (const url of urls) {
      app.route({
        method: operation.method,
        url,
        schema: routeSchema(operation),
        bodyLimit: routeBodyLimit(document, operation.bodySchema, app.initialConfig.bodyLimit!),
        ...served.hooks?.(operation),
        handler: (request, reply) => answer(handler, request, reply),
      });
    }
  }
}

async function answer(handler: AnyHandler, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const result = await handler({
    caller: request.caller as Caller,
    query: request.query as never,
    params: request.params as never,
    body: request.body as never,
    request,
    reply,
  });
  if (result === streamed) return reply;
  if (result.headers) reply.headers(result.headers);
  reply.code(result.status);
  if ('json' in result) return reply.type('application/json; charset=utf-8').send(result.json);
  if ('text' in result) return reply.type(result.type).send(result.text);
  return reply.send(result.body);
}
