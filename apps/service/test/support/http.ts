/**
 * The service on a real loopback socket, and a request helper that checks every response it
 * receives against the OpenAPI document: the status must be declared for the operation, and
 * the body must match its schema exactly (no extra fields, every required field, known enum
 * values). Unknown routes must answer the shared error body.
 */
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { basePath, buildApp, type AppOptions } from '../../src/http/app.js';
import { listOperations, loadDocument, type JsonSchema } from '../../src/http/openapi.js';

const document = loadDocument();
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addFormat('double', { type: 'number', validate: () => true });
ajv.addSchema({ $id: 'openapi:document', components: document.components });

const anchored = (schema: JsonSchema) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi:document#/components/')) as JsonSchema;
const errorSchema = ajv.compile({ $ref: 'openapi:document#/components/schemas/ErrorResponse' });

/** A validator of a schema of the document's components, e.g. the webhook messages. */
export const documentSchema = (name: string): ValidateFunction => ajv.compile({ $ref: `openapi:document#/components/schemas/${name}` });

interface RawResponse {
  $ref?: string;
  content?: Record<string, { schema: JsonSchema }>;
}

/** Response validators by `METHOD path` and status; `null` where the status has no body. */
const responseValidators = new Map<string, Map<number, ValidateFunction | null>>();
for (const operation of listOperations(document)) {
  const raw = (document.paths[operation.path] as Record<string, { responses: Record<string, RawResponse> }>)[
    operation.method.toLowerCase()
  ]!;
  const byStatus = new Map<number, ValidateFunction | null>();
  for (const [status, value] of Object.entries(raw.responses)) {
    const response = value.$ref
      ? (document.components.responses![value.$ref.split('/').pop()!] as RawResponse)
      : value;
    const schema = response.content?.['application/json']?.schema;
    byStatus.set(Number(status), schema ? ajv.compile(anchored(schema)) : null);
  }
  responseValidators.set(`${operation.method} ${operation.path}`, byStatus);
}

export interface TestResponse<Body = any> {
  status: number;
  headers: Headers;
  body: Body;
}

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
  request<Body = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<Body>>;
  close(): Promise<void>;
}

function checkAgainstDocument(method: string, path: string, status: number, body: unknown, text: string): void {
  const byStatus = responseValidators.get(`${method} ${path}`);
  if (byStatus === undefined) {
    expect(errorSchema(body), `unknown route ${method} ${path} must answer the error body`).toBe(true);
    return;
  }
  expect([...byStatus.keys()], `${method} ${path} answered ${status}, which the document does not declare: ${text}`).toContain(status);
  const validate = byStatus.get(status);
  if (validate === null || validate === undefined) {
    expect(text, `${method} ${path} ${status} must have no body`).toBe('');
    return;
  }
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${method} ${path} ${status} body must match the document`).toEqual([]);
}

export async function startService(options: AppOptions): Promise<RunningService> {
  const app = await buildApp(options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}${basePath}`,
    async request(method, path, options = {}) {
      const url = new URL(`${origin}${basePath}${path}`);
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
      checkAgainstDocument(method, path.split('?')[0]!, response.status, parsed, text);
      return { status: response.status, headers: response.headers, body: parsed as any };
    },
    close: () => app.close(),
  };
}
