/** The bundled OpenAPI documents: the latest version of the interface, and the login document; each read once. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  paths: Record<string, Partial<Record<HttpMethod, unknown>>>;
  components: Record<string, Record<string, unknown>>;
}

const documents = new Map<string, OpenApiDocument>();

/** A bundled document of @street-events/openapi, by its export path (`.` is the latest version). */
function loadBundled(subpath: '.' | './login'): OpenApiDocument {
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
