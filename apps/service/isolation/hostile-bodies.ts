/**
 * Hostile bodies: every operation of the interface's newest document and of the login document,
 * sent bodies as large as its route takes (the limit the service computes from the document),
 * shaped to cost the most (an array of wrong-typed items, thousands of
 * keys, deep nesting, one long string, strings holding U+0000) and a query string of hundreds of
 * repeated parameters, with the hostile tenant's token. Every answer must be a 4xx error body, and
 * the process must survive within its documented memory.
 */
import { loginBasePath } from '../src/features/login/plugin.js';
import { basePath } from '../src/app.js';
import { routeBodyLimit } from '../src/http/body-bounds.js';
import { listOperations, loadDocument, type OpenApiDocument, type Operation } from '../src/http/openapi.js';
import { loadLoginDocument } from '../src/shared/documents.js';
import { isErrorBody, send } from './http.js';
import type { Tenants } from './tenants.js';

const mebibyte = 1 << 20;

/** The first array property of an operation's body (the one validation walks item by item), or `a`. */
function arrayProperty(operation: Operation): string {
  const properties = (operation.bodySchema as { properties?: Record<string, { type?: unknown }> } | undefined)
    ?.properties;
  const found = Object.entries(properties ?? {}).find(([, schema]) => schema.type === 'array');
  return found?.[0] ?? 'a';
}

/** `build(count)` with the largest count (from `estimate` down) whose text fits in `bytes`. */
function fit(bytes: number, estimate: number, build: (count: number) => string): string {
  let count = Math.floor(estimate);
  let text = build(count);
  while (text.length > bytes) text = build((count = Math.floor(count * 0.98)));
  return text;
}

/** Bodies of at most `bytes` each, by name. */
export function hostileBodies(operation: Operation, bytes: number): Record<string, string> {
  const name = arrayProperty(operation);
  const array = (item: string) =>
    fit(bytes, bytes / (item.length + 1), (count) => `{"${name}":[${Array<string>(count).fill(item).join(',')}]}`);
  return {
    'wrong-typed items': array('0'),
    'many keys': fit(
      bytes,
      bytes / 10,
      (count) => `{${Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',')}}`,
    ),
    'deep nesting': fit(bytes, bytes / 2, (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    'long string': fit(bytes, bytes, (length) => `{"${name}":"${'x'.repeat(length)}"}`),
    'U+0000 strings': array('"\\u0000"'),
  };
}

/** `?a=0&a=0…` up to the longest request target the service reads. */
const repeatedQuery = (operation: Operation) =>
  `?${Array<string>(900)
    .fill(`${operation.queryParameters[0]?.name ?? 'a'}=0`)
    .join('&')}`;

export interface HostileBodiesFigures {
  requests: number;
  byStatus: Record<string, number>;
  /** Requests not answered with a 4xx error body: operation, payload and what came back. */
  wrong: string[];
}

const withPathParameters = (path: string) => path.replaceAll(/\{\w+\}/g, 'x');

/**
 * The sizes sent to an operation: its route's body limit, as the service computes it from the
 * document (a larger body is refused from its length, unread), and a tenth of it.
 */
const bodySizesOf = (document: OpenApiDocument, operation: Operation) => {
  const limit = routeBodyLimit(document, operation.bodySchema, mebibyte);
  return [limit, Math.floor(limit / 10)];
};

/** Sends every hostile payload to every operation, one at a time. */
export async function sendHostileBodies(origin: string, tenants: Tenants): Promise<HostileBodiesFigures> {
  const documents = [
    { prefix: basePath, document: loadDocument() },
    { prefix: loginBasePath, document: loadLoginDocument() },
  ];
  const figures: HostileBodiesFigures = { requests: 0, byStatus: {}, wrong: [] };
  for (const { prefix, document } of documents) {
    for (const operation of listOperations(document)) {
      const url = `${origin}${prefix}${withPathParameters(operation.path)}`;
      const payloads: [string, SendPayload][] = [
        ['repeated query parameters', { url: `${url}${repeatedQuery(operation)}`, method: operation.method }],
        ...(operation.method === 'GET'
          ? []
          : bodySizesOf(document, operation).flatMap((bytes) =>
              Object.entries(hostileBodies(operation, bytes)).map(([name, body]): [string, SendPayload] => [
                `${name}, ${body.length} bytes`,
                { url, method: operation.method, body },
              ]),
            )),
      ];
      for (const [name, payload] of payloads) {
        const answer = await send(payload.url, {
          method: payload.method,
          body: payload.body,
          headers: { token: tenants.hostile.token },
          from: tenants.hostile.from,
        });
        figures.requests += 1;
        figures.byStatus[answer.status] = (figures.byStatus[answer.status] ?? 0) + 1;
        if (answer.status < 400 || answer.status >= 500 || !isErrorBody(answer))
          figures.wrong.push(
            `${operation.method} ${prefix}${operation.path} (${name}): ${answer.status} ${answer.body.slice(0, 160)}`,
          );
      }
    }
  }
  return figures;
}

interface SendPayload {
  url: string;
  method: string;
  body?: string;
}
