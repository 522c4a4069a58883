/**
 * Hostile requests generated from an OpenAPI document: for every operation, requests whose
 * query and body are drawn from the operation's own schemas (fast-check arbitraries built from
 * the JSON Schema), then each one mutated in one of many ways a hostile or broken client would
 * (wrong types, U+0000, dates and numbers out of range, very long, deeply nested, arrays of up
 * to 600,000 wrong-typed items, unknown and duplicate keys, malformed encodings, broken HTTP, no
 * Host). Each request is raw HTTP/1.1 bytes, sent on a socket of its own, so nothing a client
 * library would refuse to send is left out.
 */
import fc from 'fast-check';
import type { JsonSchema, OpenApiDocument, Operation } from '../src/http/openapi.js';

/** One request, as it goes over the wire. */
export interface HostileRequest {
  /** What was done to a valid request, e.g. `valid`, `nul-in-string`, `unknown-keys`. */
  kind: string;
  operationId: string;
  bytes: Buffer;
}

/** Who sends the requests: a token of a role each operation allows, or the base path of the interface. */
export interface Audience {
  basePath: string;
  /** The tokens of callers that send the operation (one is drawn for each request). */
  tokensFor(operation: Operation): readonly string[];
}

const earliest = new Date('0001-01-01T00:00:00Z');
const latest = new Date('9999-12-31T23:59:59.999Z');

/** Follows a local `#/components/...` reference. */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  while (typeof current.$ref === 'string') {
    const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(current.$ref) ?? [];
    current = document.components[section!]![name!] as JsonSchema;
  }
  return current;
}

/** Strings matching `pattern`, or undefined for a pattern fast-check cannot draw from (a lookahead). */
function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time')
    return fc.date({ min: earliest, max: latest, noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  if (typeof schema.pattern === 'string') return patternArbitrary(schema.pattern) ?? fc.string();
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 40);
  // JSON Schema counts a string's length in code points, as the 'binary' unit draws them.
  return fc.string({ minLength, maxLength, unit: 'binary' });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? -1e6;
  const max = Math.min((schema.maximum as number | undefined) ?? 1e9, 1e15);
  if (integer || schema.multipleOf === 1)
    return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 2 ** 31 - 1)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(document: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [name, valueArbitrary(document, value)]),
  );
  return fc.record(record, { requiredKeys: (schema.required as string[] | undefined) ?? [] }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Values valid for a schema of the document (a subset of JSON Schema: what the documents use). */
export function valueArbitrary(document: OpenApiDocument, given: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolve(document, given);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const choices = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => valueArbitrary(document, choice)));
  const types = [schema.type ?? 'object'].flat() as string[];
  return fc.oneof(...types.map((type) => typedArbitrary(document, schema, type)));
}

function typedArbitrary(document: OpenApiDocument, schema: JsonSchema, type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
    case 'integer':
      return numberArbitrary(schema, type === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 5, minLength + 5);
      const items = valueArbitrary(document, (schema.items ?? {}) as JsonSchema);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { minLength, maxLength });
    }
    default:
      return schema.properties ? objectArbitrary(document, schema) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** A request before it is written: its parts, each still open to mutation. */
interface Draft {
  method: string;
  target: string;
  query: [string, string][];
  headers: [string, string][];
  body: string | Buffer | undefined;
}

function queryArbitrary(document: OpenApiDocument, operation: Operation): fc.Arbitrary<[string, string][]> {
  const parameters = operation.queryParameters.map((parameter) =>
    fc.option(
      valueArbitrary(document, parameter.schema).map((value) => [parameter.name, value] as const),
      { nil: undefined },
    ),
  );
  return fc
    .tuple(...parameters)
    .map((pairs) =>
      pairs.flatMap((pair) =>
        pair === undefined ? [] : [pair[1]].flat().map((item): [string, string] => [pair[0], String(item)]),
      ),
    );
}

function draftArbitrary(document: OpenApiDocument, operation: Operation, audience: Audience): fc.Arbitrary<Draft> {
  const pathValues = fc.tuple(...operation.pathParameters.map(() => fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)));
  const body = operation.bodySchema
    ? valueArbitrary(document, operation.bodySchema).map((value) => JSON.stringify(value))
    : fc.constant(undefined);
  const token = fc.constantFrom(...audience.tokensFor(operation));
  return fc.tuple(pathValues, queryArbitrary(document, operation), body, token).map(([values, query, text, caller]) => {
    let index = 0;
    const path = operation.path.replaceAll(/\{\w+\}/g, () => encodeURIComponent(values[index++]!));
    const headers: [string, string][] = [['token', caller]];
    if (text !== undefined) headers.push(['content-type', 'application/json']);
    return { method: operation.method, target: `${audience.basePath}${path}`, query, headers, body: text };
  });
}

/** Replaces one value of a JSON text at a random place: the first string, number or the whole document. */
function replaceInJson(text: string | Buffer | undefined, replacement: (old: unknown) => unknown): string {
  const value: unknown = text === undefined || Buffer.isBuffer(text) ? {} : JSON.parse(text);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const key = keys[0] ?? 'field';
    return JSON.stringify({ ...value, [key]: replacement((value as Record<string, unknown>)[key]) });
  }
  return JSON.stringify(replacement(value));
}

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** The ways a request is broken; each takes a valid draft and returns a hostile one. */
const mutations: Record<string, fc.Arbitrary<(draft: Draft) => Draft>> = {
  valid: fc.constant((draft) => draft),
  'nul-in-query': fc.constant((draft) => ({
    ...draft,
    query: [...draft.query, [draft.query[0]?.[0] ?? 'swa_code', 'a\u0000b']],
  })),
  'nul-in-body': fc.constant((draft) => ({ ...draft, body: replaceInJson(draft.body, () => 'x\u0000y') })),
  'nul-in-key': fc.constant((draft) => ({ ...draft, body: JSON.stringify({ 'k\u0000': 1 }) })),
  'wrong-type': fc
    .constantFrom<unknown>(true, 'text', [], {}, null, -1, 1.5, '1e400')
    .map((wrong) => (draft: Draft) => ({
      ...draft,
      body: replaceInJson(draft.body, () => wrong),
      query: draft.query.map(([k]) => [k, JSON.stringify(wrong)]),
    })),
  'number-out-of-range': fc
    .constantFrom(2 ** 31, 2 ** 53, 2 ** 63, 1e308, -1e308, -0, 1e-320, -1)
    .map((number) => (draft: Draft) => ({
      ...draft,
      body: replaceInJson(draft.body, () => number),
      query: [...draft.query, ['update_id', String(number)], ['page_size', String(number)]],
    })),
  'date-out-of-range': fc
    .constantFrom(
      '0000-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z',
      '2026-12-31T23:59:60Z',
      '2026-02-30T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '9999-12-31T23:59:59-01:00',
    )
    .map((date) => (draft: Draft) => ({
      ...draft,
      query: [...draft.query, ['start_date', date]],
      body: replaceInJson(draft.body, () => date),
    })),
  'crafted-cursor': fc
    .constantFrom(
      '2026-02-30 00:00:00|msg_x',
      '9999-99-99 99:99:99|1',
      '2026-01-01 00:00:00|',
      "2026-01-01 00:00:00|x' or '1'='1",
      '-1',
      '99999999999999999999',
      '1|2|3',
    )
    .map((text) => (draft: Draft) => {
      const cursor = Buffer.from(text).toString('base64url');
      return { ...draft, query: [...draft.query, ['before', cursor], ['after', cursor], ['next_cursor', text]] };
    }),
  'very-long-string': fc.integer({ min: 1_000, max: 200_000 }).map((length) => (draft: Draft) => ({
    ...draft,
    body: replaceInJson(draft.body, () => 'x'.repeat(length)),
    query: [...draft.query, ['exclude_events_from', 'y'.repeat(Math.min(length, 20_000))]],
  })),
  'deep-nesting': fc.integer({ min: 100, max: 200_000 }).map((depth) => (draft: Draft) => ({
    ...draft,
    body: draft.body === undefined ? deep(depth) : `{"x":${deep(depth)}}`,
  })),
  'wrong-typed-array': fc.integer({ min: 1_000, max: 600_000 }).map((count) => (draft: Draft) => ({
    ...draft,
    body: replaceInJson(draft.body, () => Array<number>(count).fill(0)),
  })),
  'unknown-keys': fc.integer({ min: 1, max: 50_000 }).map((count) => (draft: Draft) => ({
    ...draft,
    body: JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`unknown_${i}`, i]))),
    query: [
      ...draft.query,
      ...Array.from({ length: Math.min(count, 200) }, (_, i): [string, string] => [`unknown_${i}`, '1']),
    ],
  })),
  'duplicate-keys': fc.constant((draft) => ({
    ...draft,
    body:
      typeof draft.body === 'string' && draft.body.startsWith('{') && draft.body !== '{}'
        ? `${draft.body.slice(0, -1)},${draft.body.slice(1)}`
        : '{"a":1,"a":2}',
    query: [...draft.query, ...draft.query],
  })),
  'truncated-json': fc.nat().map((cut) => (draft: Draft) => {
    const text = typeof draft.body === 'string' && draft.body.length > 1 ? draft.body : '{"a":1}';
    return { ...draft, body: text.slice(0, cut % text.length) };
  }),
  'malformed-percent-encoding': fc
    .constantFrom('%', '%E0%A4%A', '%ZZ', '%FF%FE', '%C0%AF')
    .map((bad) => (draft: Draft) => ({
      ...draft,
      target: `${draft.target}${bad}`,
      query: [...draft.query, ['swa_code', bad]],
    })),
  'invalid-utf8-body': fc.constant((draft) => ({
    ...draft,
    body: Buffer.concat([
      Buffer.from('{"work_reference_numbers":["'),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
      Buffer.from('"]}'),
    ]),
  })),
  'wrong-content-type': fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=x',
      '',
      'application/json; charset="',
      'application/vnd.api+json',
    )
    .map((type) => (draft: Draft) => ({
      ...draft,
      headers: [...draft.headers.filter(([k]) => k !== 'content-type'), ['content-type', type]],
      body: draft.body ?? '{}',
    })),
  'no-token': fc.constant((draft) => ({ ...draft, headers: draft.headers.filter(([k]) => k !== 'token') })),
  'bad-token': fc.constantFrom('se_unknown', '', 'x'.repeat(5_000), 'se_\u00e9').map((token) => (draft: Draft) => ({
    ...draft,
    headers: [...draft.headers.filter(([k]) => k !== 'token'), ['token', token]],
  })),
  'duplicate-token': fc.constant((draft) => ({ ...draft, headers: [...draft.headers, ['token', 'se_other']] })),
  'huge-headers': fc
    .integer({ min: 8_000, max: 40_000 })
    .map((size) => (draft: Draft) => ({ ...draft, headers: [...draft.headers, ['x-padding', 'p'.repeat(size)]] })),
  'wrong-method': fc
    .constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'TRACE', 'GET', 'POST')
    .map((method) => (draft: Draft) => ({ ...draft, method })),
  'odd-path': fc
    .constantFrom('/', '//', '/..', '/%2e%2e', '/./', ';a=b', '/x')
    .map((suffix) => (draft: Draft) => ({ ...draft, target: `${draft.target}${suffix}` })),
  'expect-header': fc
    .constantFrom('100-continue', 'teapot')
    .map((value) => (draft: Draft) => ({ ...draft, headers: [...draft.headers, ['expect', value]] })),
  'empty-body': fc.constant((draft) => ({ ...draft, body: draft.body === undefined ? undefined : '' })),
  'array-body': fc.constant((draft) => ({ ...draft, body: '[1,2,3]' })),
  'broken-http': fc
    .constantFrom('no-version', 'bad-header', 'bad-length', 'no-host')
    .map((how) => (draft: Draft) => ({ ...draft, method: `BROKEN:${how}` })),
};

export const mutationKinds = Object.keys(mutations);

function write(draft: Draft): Buffer {
  const query = draft.query
    .map(([k, v]) => `${encodeURIComponent(k)}=${/%/.test(v) && !/%00/.test(v) ? v : encodeURIComponent(v)}`)
    .join('&');
  const target = query ? `${draft.target}?${query}` : draft.target;
  const body =
    draft.body === undefined ? undefined : Buffer.isBuffer(draft.body) ? draft.body : Buffer.from(draft.body, 'utf8');
  const headers = [['host', 'localhost'], ['connection', 'close'], ...draft.headers];
  if (body !== undefined) headers.push(['content-length', String(body.length)]);
  if (draft.method.startsWith('BROKEN:')) return brokenHttp(draft.method.slice(7), target);
  const head = `${draft.method} ${target} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return body === undefined ? Buffer.from(head, 'latin1') : Buffer.concat([Buffer.from(head, 'utf8'), body]);
}

function brokenHttp(how: string, target: string): Buffer {
  if (how === 'no-version') return Buffer.from(`GET ${target}\r\n\r\n`);
  if (how === 'no-host') return Buffer.from(`GET ${target} HTTP/1.1\r\nconnection: close\r\n\r\n`);
  if (how === 'bad-header') return Buffer.from(`GET ${target} HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n`);
  return Buffer.from(`POST ${target} HTTP/1.1\r\nhost: x\r\ncontent-length: -5\r\n\r\n{}`);
}

/** Requests for every operation, each mutated in one of the kinds (all of them by default). */
export function hostileRequestArbitrary(
  document: OpenApiDocument,
  operations: readonly Operation[],
  audience: Audience,
  kinds: readonly string[] = mutationKinds,
): fc.Arbitrary<HostileRequest> {
  const perOperation = operations.map((operation) =>
    fc
      .tuple(draftArbitrary(document, operation, audience), fc.constantFrom(...kinds))
      .chain(([draft, kind]) =>
        mutations[kind]!.map((mutate) => ({ kind, operationId: operation.operationId, bytes: write(mutate(draft)) })),
      ),
  );
  return fc.oneof(...perOperation);
}
