/// <reference types="node" />
/**
 * What the fake of `@street-events/client/testing` reads from the bundled OpenAPI document of the
 * version it serves (`@street-events/openapi`, the version of `API_VERSION`, the one the types
 * come from): where each operation is served, and the checks of its requests. The query
 * parameters and the JSON body of a request are checked against the operation's schemas by Ajv
 * 2020 with ajv-formats, as the service checks them (unknown parameters and properties are errors,
 * query values are read as the types the schema gives, defaults are filled in), and each broken
 * constraint becomes one `ValidationErrorDetail`: the path of its field, where the field is, and
 * the JSON Schema keyword it broke. No bound, enumeration or shape of the document is written here.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidationErrorDetail } from '@street-events/types';
import { API_VERSION } from './generated/api-version.js';

type JsonSchema = Record<string, unknown>;

interface Reference {
  $ref: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

interface RequestBody {
  required?: boolean;
  content: Record<string, { schema: JsonSchema }>;
}

interface RawOperation {
  operationId: string;
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody | Reference;
}

/** A path item: its operations by method, and (for a callback's link) where the service serves it. */
type PathItem = Record<string, unknown> & { 'x-served-at'?: string; parameters?: (Parameter | Reference)[] };

interface OpenApiDocument {
  paths: Record<string, PathItem>;
  webhooks?: Record<string, Record<string, { callbacks?: Record<string, Record<string, PathItem>> }>>;
  components: Record<string, Record<string, unknown>> & {
    schemas: { ErrorResponse: { properties: { error: { properties: { details: { maxItems: number } } } } } };
  };
}

/** Where a broken field is, as `ValidationErrorDetail` names it. */
type Location = Extract<ValidationErrorDetail['location'], 'body' | 'query'>;

/** A request as its operation's checks left it, or the constraints it broke (those of its body, else of its query). */
export type CheckedRequest =
  | { query: Record<string, unknown>; body: unknown; details?: undefined }
  | { details: ValidationErrorDetail[] };

/** An operation of the document, where the fake serves it. */
export interface DocumentedOperation {
  operationId: string;
  /** Checks a request's query string and body (its text) against the operation's schemas. */
  check(query: URLSearchParams, body: string): CheckedRequest;
}

/** The `$id` under which the document's components are registered with Ajv. */
const documentId = 'openapi:document';

let loaded: OpenApiDocument | undefined;

/** The bundled document of the version the types and the client are of; read once, when first needed. */
function document(): OpenApiDocument {
  loaded ??= createRequire(import.meta.url)(`@street-events/openapi/v${API_VERSION}`) as OpenApiDocument;
  return loaded;
}

/** How many broken constraints an error body lists at most: the `maxItems` of the document's `details`. */
export function listedDetailsLimit(): number {
  return document().components.schemas.ErrorResponse.properties.error.properties.details.maxItems;
}

/** Resolves a local `#/components/...` reference of the document. */
function resolve<T>(value: T | Reference): T {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value;
  const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(value.$ref) ?? [];
  const target = section && name ? document().components[section]?.[name] : undefined;
  if (target === undefined) throw new Error(`@street-events/openapi/v${API_VERSION}: unresolvable ${value.$ref}`);
  return resolve(target as T | Reference);
}

/** Points the document's local references at the components registered with the validators. */
function anchored(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${documentId}#/components/`)) as JsonSchema;
}

function createAjv(coerceTypes: false | 'array'): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, coerceTypes, strict: false, removeAdditional: false, useDefaults: true });
  addFormats.default(ajv);
  // `double` is the number format of the interface document: any JSON number.
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addSchema({ $id: documentId, components: document().components });
  return ajv;
}

let validators: { query: Ajv2020; body: Ajv2020 } | undefined;

/** Query values are text: read as the types the schema gives (a lone value of a list is a list of one); bodies are taken as they are. */
function compile(part: 'query' | 'body', schema: JsonSchema): ValidateFunction {
  validators ??= { query: createAjv('array'), body: createAjv(false) };
  return validators[part].compile(anchored(schema));
}

/** The parameters of an operation: those of its path item, and its own (which replace one of the same name and place). */
function parametersOf(item: PathItem, raw: RawOperation): Parameter[] {
  const all = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map((parameter) => resolve(parameter));
  return [...new Map(all.map((parameter) => [`${parameter.in} ${parameter.name}`, parameter])).values()];
}

interface Checks {
  query: ValidateFunction;
  body?: { validate: ValidateFunction; required: boolean };
}

/** The checks of an operation: its query parameters as one object, and its JSON body if it takes one. */
function checksOf(item: PathItem, raw: RawOperation): Checks {
  const parameters = parametersOf(item, raw).filter((parameter) => parameter.in === 'query');
  const query = compile('query', {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });
  const requestBody = raw.requestBody === undefined ? undefined : resolve(raw.requestBody);
  const bodySchema = requestBody?.content['application/json']?.schema;
  if (bodySchema === undefined) return { query };
  return { query, body: { validate: compile('body', bodySchema), required: requestBody?.required ?? false } };
}

/** The query string as the service's parser gives it: a name's lone value as text, several as a list. */
function queryObject(search: URLSearchParams): Record<string, unknown> {
  return Object.fromEntries(
    [...new Set(search.keys())].map((name) => {
      const values = search.getAll(name);
      return [name, values.length === 1 ? values[0] : values];
    }),
  );
}

/** The body, parsed and checked; a missing body (none, or `null`) breaks `required` at the body itself. */
function checkedBody(check: Checks['body'], text: string): { body: unknown } | { details: ValidationErrorDetail[] } {
  if (check === undefined) return { body: undefined };
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    return {
      details: [{ location: 'body', field: '', rule: 'json', message: `is not JSON: ${(error as Error).message}` }],
    };
  }
  if (body === undefined || body === null) {
    if (!check.required) return { body: undefined };
    return { details: [{ location: 'body', field: '', rule: 'required', message: 'a JSON body is required' }] };
  }
  return check.validate(body) ? { body } : { details: detailsOf(check.validate.errors ?? [], 'body') };
}

/** Checks the body, then the query string (the order of the service's checks), and reports the first part that fails. */
function checkRequest(checks: Checks, search: URLSearchParams, text: string): CheckedRequest {
  const body = checkedBody(checks.body, text);
  if ('details' in body) return body;
  const query = queryObject(search);
  if (!checks.query(query)) return { details: detailsOf(checks.query.errors ?? [], 'query') };
  return { query, body: body.body };
}

function documented(item: PathItem, raw: RawOperation): DocumentedOperation {
  let checks: Checks | undefined;
  return {
    operationId: raw.operationId,
    check(query, body) {
      checks ??= checksOf(item, raw);
      return checkRequest(checks, query, body);
    },
  };
}

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The operations of a path item, by method (`GET`). */
function operationsOf(item: PathItem): [method: string, operation: DocumentedOperation][] {
  return Object.entries(item)
    .filter(([method]) => methods.has(method))
    .map(([method, raw]) => [method.toUpperCase(), documented(item, raw as RawOperation)]);
}

interface Served {
  /** By `METHOD path`, the path below the base path. */
  belowBase: Map<string, DocumentedOperation>;
  /** By `METHOD path`, the path from the host's root. */
  fromRoot: Map<string, DocumentedOperation>;
}

/**
 * The operations of the document's paths, below the base path, and the links its webhook messages
 * carry (their callbacks): below the base path at their `x-served-at`, and at their own URL when
 * it is a path (`/.well-known/webhook-keys`).
 */
function servedOperations(): Served {
  const served: Served = { belowBase: new Map(), fromRoot: new Map() };
  const place = (where: Map<string, DocumentedOperation>, path: string, item: PathItem) => {
    for (const [method, operation] of operationsOf(item)) where.set(`${method} ${path}`, operation);
  };
  const { paths, webhooks = {} } = document();
  for (const [path, item] of Object.entries(paths)) place(served.belowBase, path, item);
  const messages = Object.values(webhooks).flatMap((item) => Object.values(item));
  for (const callback of messages.flatMap((message) => Object.values(message.callbacks ?? {}))) {
    for (const [expression, item] of Object.entries(callback)) {
      if (item['x-served-at'] !== undefined) place(served.belowBase, item['x-served-at'], item);
      if (expression.startsWith('/')) place(served.fromRoot, expression, item);
    }
  }
  return served;
}

let served: Served | undefined;

/** Reads the document and finds its operations, once; throws if it cannot. */
export function loadDocument(): void {
  served ??= servedOperations();
}

/** The document's operation served at `path` with `method`: a path below the base path, or from the host's root. */
export function documentedOperation(
  method: string,
  path: string,
  from: 'base path' | 'root',
): DocumentedOperation | undefined {
  const { belowBase, fromRoot } = (served ??= servedOperations());
  return (from === 'base path' ? belowBase : fromRoot).get(`${method} ${path}`);
}

/** `/work_reference_numbers/3` → `work_reference_numbers[3]`, naming the missing or extra property, as the service does. */
function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const named = params.missingProperty ?? params.additionalProperty;
  if (named !== undefined) segments.push(named);
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'multipleOf' && (error.params as { multipleOf?: number }).multipleOf === 1)
    return 'must be an integer';
  if (error.keyword === 'additionalProperties') return 'is not a known property';
  if (error.keyword === 'not') return 'is not one of the values this operation takes';
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'type' && error.instancePath === '') return `must be a JSON ${String(error.params.type)}`;
  return error.message ?? 'is invalid';
}

/** Ajv's errors as the details of the error body: the rule of each is the keyword it broke. */
function detailsOf(errors: ErrorObject[], location: Location): ValidationErrorDetail[] {
  return errors.map((error) => ({
    location,
    field: fieldOf(error),
    // `not` only excludes a value of a list (an open enumeration's placeholder): the list's rule.
    rule: error.keyword === 'not' ? 'enum' : error.keyword,
    message: messageOf(error),
  }));
}
