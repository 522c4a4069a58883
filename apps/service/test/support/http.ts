/**
 * The service on a real loopback socket, and request helpers that check every response they
 * receive against the OpenAPI document (or, for `/internal`, the operator API's document): the status must be declared for the operation, and
 * the body must match its schema exactly (no extra fields, every required field, known enum
 * values). Unknown routes must answer the shared error body.
 */
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { basePath, buildApp, type AppOptions } from '../../src/app.js';
import { listOperations, loadDocument, type JsonSchema, type OpenApiDocument } from '../../src/http/openapi.js';
import { loginBasePath } from '../../src/features/login/plugin.js';
import { loadLoginDocument, loadOperatorDocument, operatorBasePath } from '../../src/shared/documents.js';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addFormat('double', { type: 'number', validate: () => true });

/** A validator of a schema of the document's components, e.g. the webhook messages; `Type` is its generated type. */
export const documentSchema = <Type = unknown>(name: string): ValidateFunction<Type> =>
  ajv.compile<Type>({ $ref: `openapi:document#/components/schemas/${name}` });

interface RawResponse {
  $ref?: string;
  content?: Record<string, { schema: JsonSchema }>;
}

type ResponseCheck = (method: string, path: string, status: number, body: unknown, text: string) => void;

/**
 * Checks responses against a document: the status must be declared for the operation whose
 * path template matches, and the body must match its schema; elsewhere, the error body.
 */
function documentCheck(document: OpenApiDocument, id: string): ResponseCheck {
  ajv.addSchema({ $id: id, components: document.components });
  const anchored = (schema: JsonSchema) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)) as JsonSchema;
  const errorSchema = ajv.compile({ $ref: `${id}#/components/schemas/ErrorResponse` });
  /** Response validators by method and path pattern, then status; `null` where the status has no body. */
  const routes: { method: string; pattern: RegExp; byStatus: Map<number | 'default', ValidateFunction | null> }[] = [];
  for (const operation of listOperations(document)) {
    const raw = (document.paths[operation.path] as Record<string, { responses: Record<string, RawResponse> }>)[
      operation.method.toLowerCase()
    ]!;
    const byStatus = new Map<number | 'default', ValidateFunction | null>();
    for (const [status, value] of Object.entries(raw.responses)) {
      const response = value.$ref
        ? (document.components.responses![value.$ref.split('/').pop()!] as RawResponse)
        : value;
      const schema = response.content?.['application/json']?.schema;
      byStatus.set(status === 'default' ? 'default' : Number(status), schema ? ajv.compile(anchored(schema)) : null);
    }
    const pattern = new RegExp(`^${operation.path.replaceAll(/\{\w+\}/g, '[^/]+')}$`);
    routes.push({ method: operation.method, pattern, byStatus });
  }
  return (method, path, status, body, text) => {
    if (status >= 400)
      expect((body as { error?: { status?: number } })?.error?.status, `error.status of ${text}`).toBe(status);
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (route === undefined) {
      expect(errorSchema(body), `unknown route ${method} ${path} must answer the error body`).toBe(true);
      return;
    }
    const { byStatus } = route;
    const declared = byStatus.has(status) ? status : 'default';
    expect(
      [...byStatus.keys()],
      `${method} ${path} answered ${status}, which the document does not declare: ${text}`,
    ).toContain(declared);
    const validate = byStatus.get(declared);
    if (validate === null || validate === undefined) {
      expect(text, `${method} ${path} ${status} must have no body`).toBe('');
      return;
    }
    const valid = validate(body);
    expect(valid ? [] : validate.errors, `${method} ${path} ${status} body must match the document`).toEqual([]);
  };
}

const checkAgainstDocument = documentCheck(loadDocument(), 'openapi:document');
const checkAgainstOperatorDocument = documentCheck(loadOperatorDocument(), 'openapi:operator');
const checkAgainstLoginDocument = documentCheck(loadLoginDocument(), 'openapi:login');

/**
 * A response, its body parsed from JSON (`undefined` when empty). `Body` is the type the caller
 * expects for the status it asserts, from the generated types of the document; the body has
 * been checked against that document's schema for the status it has.
 */
export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
}

/**
 * The JSON body that `Operation`, an entry of a document's generated `operations`, declares for
 * `Status`: e.g. `ResponseBody<operations['submitWork'], 201>`.
 */
export type ResponseBody<
  Operation extends { responses: object },
  Status extends keyof Operation['responses'],
> = Operation['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;

export interface RequestOptions {
  token?: string;
  query?: Record<string, string | number | (string | number)[]>;
  /** A value to send as JSON, or a raw string body (with `contentType`). */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RunningService {
  baseUrl: string;
  /** A request to `{baseUrl}{path}`, checked against the interface document. */
  request<Body = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<Body>>;
  /** A request to the operator API (`path` below `/internal`, e.g. `/works`), checked against its document. */
  internalRequest<Body = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<Body>>;
  /** A request to the login document's operations (`path` from `/v7`, e.g. `/work/authenticate`), checked against it. */
  loginRequest<Body = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<Body>>;
  close(): Promise<void>;
}

/** The service on a loopback port: any free one by default, a given one to come back where a closed service was. */
export async function startService(options: AppOptions, onPort = 0): Promise<RunningService> {
  const app = await buildApp(options);
  await app.listen({ host: '127.0.0.1', port: onPort });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  /** Requests to `{origin}{prefix}{path}`, each response checked by `check` against its `path`. */
  const requester =
    (prefix: string, check: ResponseCheck): RunningService['request'] =>
    async <Body>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<Body>> => {
      const url = new URL(`${origin}${prefix}${path}`);
      for (const [name, value] of Object.entries(options.query ?? {})) {
        for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
      }
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.token = options.token;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const response = await fetch(url, { method, headers, body });
      const text = await response.text();
      const parsed: unknown = text === '' ? undefined : JSON.parse(text);
      check(method, path.split('?')[0]!, response.status, parsed, text);
      return { status: response.status, headers: response.headers, body: parsed as Body };
    };
  return {
    baseUrl: `${origin}${basePath}`,
    request: requester(basePath, checkAgainstDocument),
    internalRequest: requester(operatorBasePath(), checkAgainstOperatorDocument),
    loginRequest: requester(loginBasePath, checkAgainstLoginDocument),
    close: () => app.close(),
  };
}
