/** The bundled OpenAPI document of the latest version, read once. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  paths: Record<string, Partial<Record<HttpMethod, unknown>>>;
  components: Record<string, Record<string, unknown>>;
}

let document: OpenApiDocument | undefined;

export function loadDocument(): OpenApiDocument {
  if (document) return document;
  // drizzle-kit loads the schema as CommonJS, where import.meta.resolve does not exist.
  const path =
    typeof import.meta.resolve === 'function'
      ? fileURLToPath(import.meta.resolve('@street-events/openapi'))
      : require.resolve('@street-events/openapi');
  document = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  return document;
}
