/** The bundled OpenAPI documents: the latest version of the interface, the login document and the operator API's; each read once. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<HttpMethod, unknown>>>;
  webhooks?: Record<string, Partial<Record<HttpMethod, unknown>>>;
  components: Record<string, Record<string, unknown>>;
}

const documents = new Map<string, OpenApiDocument>();

/** A bundled document of @street-events/openapi, by its export path (`.` is the latest version). */
function loadBundled(subpath: '.' | './login' | './operator'): OpenApiDocument {
  const found = documents.get(subpath);
  if (found) return found;
  const specifier = subpath === '.' ? '@street-events/openapi' : `@street-events/openapi/${subpath.slice(2)}`;
  // drizzle-kit loads the schema as CommonJS, where import.meta.resolve does not exist.
  const path =
    typeof import.meta.resolve === 'function'
      ? fileURLToPath(import.meta.resolve(specifier))
      : require.resolve(specifier);
  const loaded = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  documents.set(subpath, loaded);
  return loaded;
}

export const loadDocument = (): OpenApiDocument => loadBundled('.');

/** The login document (`POST /work/authenticate`, `POST /party/refresh`). */
export const loadLoginDocument = (): OpenApiDocument => loadBundled('./login');

/** The operator API's document (`/internal`: the event source's writes, the message log, the sandbox). */
export const loadOperatorDocument = (): OpenApiDocument => loadBundled('./operator');

/** The base paths of a document's servers, in its order: `{scheme}://{host}/internal` → `/internal`. */
export function serverBasePaths(document: OpenApiDocument): string[] {
  return (document.servers ?? []).map((server) => server.url.replace(/^\{scheme\}:\/\/\{host\}/, ''));
}

/** Where the operator API is served, from its document's server. */
export const operatorBasePath = (): string => serverBasePaths(loadOperatorDocument())[0]!;

/**
 * The limit a response of the interface document stands for, as its `x-limit` gives it: the
 * longest request target (`UriTooLong`, characters) and the largest request head
 * (`HeadersTooLarge`, bytes) the service reads.
 */
export function documentedLimit(response: 'UriTooLong' | 'HeadersTooLarge'): number {
  const limit = (loadDocument().components.responses?.[response] as { 'x-limit'?: unknown } | undefined)?.['x-limit'];
  if (typeof limit !== 'number') throw new Error(`the document's ${response} response states no x-limit`);
  return limit;
}

/** Where the API reference is published (built from the same documents: `npm run docs` in a clone). */
export const referenceSite = 'https://street-events.github.io/street-events/';
