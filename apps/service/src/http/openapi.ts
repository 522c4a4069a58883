/**
 * The operations of an OpenAPI document. Routes, their request schemas and allowed roles all
 * come from here, so the rules are written only in the document.
 */
import type { FastifySchema } from 'fastify';
import type { HttpMethod, OpenApiDocument } from '../shared/documents.js';

export { loadDocument, type OpenApiDocument } from '../shared/documents.js';

export type JsonSchema = Record<string, unknown>;

/** The `$id` under which the document's components are registered with Ajv. */
export const documentId = 'openapi:document';

interface Reference {
  $ref: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface RawMessage {
  callbacks?: Record<string, Record<string, { 'x-served-at'?: string } & Record<string, unknown>>>;
}

interface RawOperation {
  operationId: string;
  parameters?: (Parameter | Reference)[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> } | Reference;
  'x-allowed-roles'?: string[];
  tags?: string[];
}

export interface Operation {
  operationId: string;
  method: Uppercase<HttpMethod>;
  /** The path as written in the document, relative to the base URL. */
  path: string;
  queryParameters: Parameter[];
  pathParameters: Parameter[];
  /** The JSON schema of the `application/json` body, when the operation takes one. */
  bodySchema: JsonSchema | undefined;
  bodyRequired: boolean;
  allowedRoles: readonly string[];
  tags: readonly string[];
  /** `path` is from the host's root, not below a base path (a link whose callback URL is a path). */
  absolute?: boolean;
}

/** Resolves a local `#/components/...` reference of the document. */
function resolve<T>(document: OpenApiDocument, value: T | Reference): T {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value;
  const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(value.$ref) ?? [];
  const target = section && name ? document.components[section]?.[name] : undefined;
  if (target === undefined) throw new Error(`Unresolvable reference ${value.$ref}`);
  return resolve(document, target as T | Reference);
}

const methods = new Set<string>(['get', 'post', 'put', 'patch', 'delete']);

/** The operations of a path item, served at `path`. */
function operationsOf(document: OpenApiDocument, path: string, item: object): Operation[] {
  const entries = Object.entries(item).filter(([method]) => methods.has(method)) as [HttpMethod, RawOperation][];
  return entries.map(([method, raw]) => {
    const parameters = (raw.parameters ?? []).map((p) => resolve(document, p));
    const body = raw.requestBody ? resolve(document, raw.requestBody) : undefined;
    return {
      operationId: raw.operationId,
      method: method.toUpperCase() as Uppercase<HttpMethod>,
      path,
      queryParameters: parameters.filter((p) => p.in === 'query'),
      pathParameters: parameters.filter((p) => p.in === 'path'),
      bodySchema: body?.content['application/json']?.schema,
      bodyRequired: body?.required ?? false,
      allowedRoles: raw['x-allowed-roles'] ?? [],
      tags: raw.tags ?? [],
    };
  });
}

export function listOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) => operationsOf(document, path, item));
}

/** A link's path parameters, from the placeholders of where it is served (`{file}`): any non-empty segment. */
const templateParameters = (path: string): Parameter[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/**
 * The links the webhook messages carry, as operations: the callbacks of each message, served below
 * the base path at the path item's `x-served-at`, and at the callback's own URL when it is a path
 * (`/.well-known/webhook-keys`). Each once, however many messages carry it.
 */
export function listLinks(document: OpenApiDocument): Operation[] {
  const links = new Map<string, Operation>();
  const messages = Object.values(document.webhooks ?? {}).flatMap((item) => Object.values(item)) as RawMessage[];
  for (const callback of messages.flatMap((message) => Object.values(message.callbacks ?? {}))) {
    for (const [expression, item] of Object.entries(callback)) {
      const servedAt = item['x-served-at'];
      const places = [
        ...(servedAt ? [{ path: servedAt, absolute: false }] : []),
        ...(expression.startsWith('/') ? [{ path: expression, absolute: true }] : []),
      ];
      for (const { path, absolute } of places) {
        for (const operation of operationsOf(document, path, item)) {
          const pathParameters = [...operation.pathParameters, ...templateParameters(path)];
          links.set(`${operation.method} ${absolute} ${path}`, { ...operation, pathParameters, absolute });
        }
      }
    }
  }
  return [...links.values()];
}

/** Points the document's local references at the components registered with the validators. */
function anchored(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${documentId}#/components/`)) as JsonSchema;
}

function parametersSchema(parameters: readonly Parameter[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(parameters.map((p) => [p.name, anchored(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** The Fastify schema of an operation: its query string, its path parameters and its JSON body. */
export function routeSchema(operation: Operation): FastifySchema {
  return {
    querystring: parametersSchema(operation.queryParameters),
    params: parametersSchema(operation.pathParameters),
    ...(operation.bodySchema ? { body: anchored(operation.bodySchema) } : {}),
  };
}

/** The document's path in Fastify's form: `/objects/{reference}` → `/objects/:reference`. */
export function routePath(path: string): string {
  return path.replaceAll(/\{(\w+)\}/g, ':$1');
}

/**
 * The methods each path has, for `405` answers: a function from a request path to the methods
 * of the routes whose path it matches (none when no route's does), `HEAD` where Fastify exposed
 * one. The routes are read at the first call, once every route is registered.
 */
export function methodsByPath(routes: readonly { method: string; url: string }[]): (path: string) => readonly string[] {
  let patterns: { pattern: RegExp; method: string }[] | undefined;
  const compile = () =>
    routes.map(({ method, url }) => ({
      method,
      pattern: new RegExp(`^${url.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(/:\w+/g, '[^/]+')}$`),
    }));
  return (path) => {
    patterns ??= compile();
    const methods = new Set(patterns.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method));
    return [...methods].sort();
  };
}
