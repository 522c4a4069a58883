/**
 * The operations of the OpenAPI document. Routes, request validation and allowed roles all come
 * from here, so the rules are written only in the document.
 */
import type { HttpMethod, OpenApiDocument } from '../openapi-document.js';

export { loadDocument, type OpenApiDocument } from '../openapi-document.js';

export type JsonSchema = Record<string, unknown>;

interface Reference {
  $ref: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface RawOperation {
  operationId: string;
  parameters?: (Parameter | Reference)[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> } | Reference;
  'x-allowed-roles'?: string[];
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
}


/** Resolves a local `#/components/...` reference of the document. */
function resolve<T>(document: OpenApiDocument, value: T | Reference): T {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value;
  const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(value.$ref) ?? [];
  const target = section && name ? document.components[section]?.[name] : undefined;
  if (target === undefined) throw new Error(`Unresolvable reference ${value.$ref}`);
  return resolve(document, target as T | Reference);
}

export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item) as [HttpMethod, RawOperation][]) {
      const parameters = (raw.parameters ?? []).map((p) => resolve(document, p));
      const body = raw.requestBody ? resolve(document, raw.requestBody) : undefined;
      operations.push({
        operationId: raw.operationId,
        method: method.toUpperCase() as Uppercase<HttpMethod>,
        path,
        queryParameters: parameters.filter((p) => p.in === 'query'),
        pathParameters: parameters.filter((p) => p.in === 'path'),
        bodySchema: body?.content['application/json']?.schema,
        bodyRequired: body?.required ?? false,
        allowedRoles: raw['x-allowed-roles'] ?? [],
      });
    }
  }
  return operations;
}
