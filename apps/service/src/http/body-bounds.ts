/**
 * How large a valid request body can be, derived from its schema in the document (its
 * `maxLength`, `maxItems`, listed properties, enumerations): the route's body limit, and how
 * many JSON values a body may hold before it cannot be valid. Larger bodies cost no more than
 * this: they are refused with `413` before they are parsed, or validated only to their first
 * broken constraint (see validation.ts).
 */
import type { JsonSchema, OpenApiDocument } from './openapi.js';

/** The largest body a schema admits, written as compact JSON, and the number of JSON values (every scalar, array and object) in it; `Infinity` when the schema sets no bound. */
export interface BodyBounds {
  bytes: number;
  values: number;
}

/** Bytes per character of a string: the longest way JSON may write one UTF-16 unit is the escape `\uXXXX`. */
const bytesPerCharacter = 6;
/** The longest shortest form of a JSON number (e.g. `-2.2250738585072014e-308`). */
const numberBytes = 24;
/** Room for whitespace between tokens (an indented body), added to the compact size once. */
export const whitespaceAllowance = 1024;

const unbounded: BodyBounds = { bytes: Infinity, values: Infinity };
const scalar = (bytes: number): BodyBounds => ({ bytes, values: 1 });
const stringBytes = (length: number) => length * bytesPerCharacter + 2;

const maxOf = (bounds: BodyBounds[]): BodyBounds =>
  bounds.length === 0
    ? unbounded
    : { bytes: Math.max(...bounds.map((b) => b.bytes)), values: Math.max(...bounds.map((b) => b.values)) };

/** Resolves a reference to the document's components, local (`#/components/…`) or anchored (`openapi:document#/components/…`). */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const [, section, name] = /#\/components\/([^/]+)\/([^/]+)$/.exec(ref) ?? [];
  const target = section && name ? document.components[section]?.[name] : undefined;
  if (target === undefined) throw new Error(`Unresolvable reference ${ref}`);
  return resolve(document, target as JsonSchema);
}

function objectBounds(document: OpenApiDocument, schema: JsonSchema, depth: number): BodyBounds {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (schema.additionalProperties !== false) return unbounded;
  let bytes = 2;
  let values = 1;
  for (const [name, property] of Object.entries(properties)) {
    const inner = boundsOf(document, property, depth + 1);
    bytes += stringBytes(name.length) + 1 + inner.bytes + 1;
    values += inner.values;
  }
  return { bytes, values };
}

function arrayBounds(document: OpenApiDocument, schema: JsonSchema, depth: number): BodyBounds {
  const maxItems = schema.maxItems;
  if (typeof maxItems !== 'number' || typeof schema.items !== 'object') return unbounded;
  const item = boundsOf(document, schema.items as JsonSchema, depth + 1);
  return { bytes: 2 + maxItems * (item.bytes + 1), values: 1 + maxItems * item.values };
}

function typeBounds(document: OpenApiDocument, schema: JsonSchema, type: unknown, depth: number): BodyBounds {
  switch (type) {
    case 'string':
      return typeof schema.maxLength === 'number' ? scalar(stringBytes(schema.maxLength)) : unbounded;
    case 'number':
    case 'integer':
      return scalar(numberBytes);
    case 'boolean':
      return scalar(5);
    case 'null':
      return scalar(4);
    case 'object':
      return objectBounds(document, schema, depth);
    case 'array':
      return arrayBounds(document, schema, depth);
    default:
      return unbounded;
  }
}

/** The bounds of any value `schema` admits; a schema nested deeper than 32 levels counts as unbounded. */
export function boundsOf(document: OpenApiDocument, given: JsonSchema, depth = 0): BodyBounds {
  if (depth > 32) return unbounded;
  const schema = resolve(document, given);
  const all = schema.allOf as JsonSchema[] | undefined;
  if (all) {
    // A value of every member: the tightest member bounds it (the schema's own keywords are one more member).
    const own = { ...schema, allOf: undefined };
    const bounds = [...all, own].map((member) => boundsOf(document, member, depth + 1));
    return { bytes: Math.min(...bounds.map((b) => b.bytes)), values: Math.min(...bounds.map((b) => b.values)) };
  }
  const choices = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (choices) return maxOf(choices.map((choice) => boundsOf(document, choice, depth + 1)));
  const listed = (schema.enum ?? ('const' in schema ? [schema.const] : undefined)) as unknown[] | undefined;
  if (listed) return maxOf(listed.map((value) => scalar(JSON.stringify(value).length * bytesPerCharacter)));
  return maxOf([schema.type].flat().map((type) => typeBounds(document, schema, type, depth)));
}

/**
 * The body limit of a route whose body `schema` describes: the largest valid body in compact
 * JSON with every character escaped, plus `whitespaceAllowance`, rounded up to a whole KiB; at
 * most `ceiling` (the service's `BODY_LIMIT_BYTES`), which is also the limit of a schema without bounds.
 */
export function bodyLimitOf(bounds: BodyBounds, ceiling: number): number {
  if (!Number.isFinite(bounds.bytes)) return ceiling;
  return Math.min(ceiling, Math.ceil((bounds.bytes + whitespaceAllowance) / 1024) * 1024);
}

/** The body limit of an operation's route (see `bodyLimitOf`); `ceiling` when it takes no body. */
export function routeBodyLimit(document: OpenApiDocument, bodySchema: JsonSchema | undefined, ceiling: number): number {
  return bodySchema ? bodyLimitOf(boundsOf(document, bodySchema), ceiling) : ceiling;
}
