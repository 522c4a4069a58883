/**
 * Request validation on Fastify's own machinery, compiled from an OpenAPI document: the
 * validator compiler Fastify calls for each route's `querystring`, `params` and `body` schema,
 * and the formatter that turns Ajv's errors into one `RequestValidationError`. Unknown
 * properties and query parameters are errors (never silently removed), and every broken
 * constraint is reported with the path of its field and the JSON Schema keyword it broke. The
 * work is bounded: a body holding more JSON values than any valid one can (see body-bounds.ts)
 * is checked only up to its first broken constraint.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import { RequestValidationError, type Problem, type Rule } from '../shared/errors.js';
import { boundsOf } from './body-bounds.js';
import { documentId, type JsonSchema, type OpenApiDocument } from './openapi.js';

/** The earliest and latest instants PostgreSQL and the interface both hold: years 0001 to 9999 (UTC). */
const earliest = Date.parse('0001-01-01T00:00:00Z');
const latest = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A `date-time` the service can store: RFC 3339 (ajv-formats' full check), an instant from
 * 0001 to 9999 UTC, and seconds from 00 to 59 (a leap second is not an instant JavaScript or
 * PostgreSQL agree on).
 */
function storableDateTime(rfc3339: (value: string) => boolean) {
  return (value: string): boolean => {
    if (!rfc3339(value)) return false;
    if (/:60(?:[.,]\d+)?(?:[zZ]|[+-]\d\d:\d\d)$/.test(value)) return false;
    const instant = Date.parse(value.toUpperCase().replace(' ', 'T'));
    return instant >= earliest && instant <= latest;
  };
}

/** The most JSON values of a body checked for every broken constraint when its schema sets no bound. */
export const unboundedBodyFullCheckValues = 10_000;

function createAjv(document: OpenApiDocument, coerceTypes: false | 'array', allErrors = true): Ajv2020 {
  const ajv = new Ajv2020({ allErrors, coerceTypes, strict: false, removeAdditional: false, useDefaults: true });
  addFormats.default(ajv);
  const rfc3339 = ajv.formats['date-time'] as { validate: (value: string) => boolean };
  ajv.addFormat('date-time', { type: 'string', validate: storableDateTime(rfc3339.validate) });
  // `double` is the number format of the interface document: any JSON number.
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addSchema({ $id: documentId, components: document.components });
  return ajv;
}

/**
 * The validator compiler of a document: query strings and path parameters are coerced from
 * text (a lone value becomes a one-item array; the request target's length bounds them), bodies
 * are taken as they are.
 */
export function validatorCompiler(document: OpenApiDocument): FastifySchemaCompiler<JsonSchema> {
  const coercing = createAjv(document, 'array');
  const exact = createAjv(document, false);
  const firstProblem = createAjv(document, false, false);
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return coercing.compile(schema);
    const { values } = boundsOf(document, schema);
    const budget = Number.isFinite(values) ? values : unboundedBodyFullCheckValues;
    return requiredBody(boundedWork(exact.compile(schema), firstProblem.compile(schema), budget));
  };
}

/** Whether `data` holds more than `limit` JSON values (scalars, arrays and objects); looks at no more than `limit + 1` of them. */
export function holdsMoreValues(data: unknown, limit: number): boolean {
  let count = 1;
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (++count > limit) return true;
        pending.push(item);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (++count > limit) return true;
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return count > limit;
}

/**
 * Every broken constraint of a body of at most `budget` values; for a larger body (which no
 * valid request sends when `budget` comes from the schema's bounds) only the first one found,
 * so the work and the errors stay bounded by the budget, not by the body.
 */
function boundedWork(every: ValidateFunction, first: ValidateFunction, budget: number): ValidateFunction {
  const check = ((data: unknown) => {
    const validate = holdsMoreValues(data, budget) ? first : every;
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return check;
}

/** Every body of the documents is required: a request without one (or with `null`) breaks `required` at the body itself. */
function requiredBody(validate: ValidateFunction): ValidateFunction {
  const missing: ErrorObject = {
    keyword: 'required',
    instancePath: '',
    schemaPath: '#',
    params: {},
    message: 'a JSON body is required',
  };
  const check = ((data: unknown) => {
    if (data !== undefined && data !== null) {
      const valid = validate(data);
      check.errors = validate.errors;
      return valid;
    }
    check.errors = [missing];
    return false;
  }) as ValidateFunction;
  return check;
}

const locations: Record<SchemaErrorDataVar, Problem['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** `/work_reference_numbers/3` → `work_reference_numbers[3]`, naming the missing or extra property. */
function fieldOf(error: FastifySchemaValidationError): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra !== undefined) segments.push(extra);
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

function messageOf(error: FastifySchemaValidationError): string {
  if (error.keyword === 'multipleOf' && (error.params as { multipleOf?: number }).multipleOf === 1)
    return 'must be an integer';
  if (error.keyword === 'additionalProperties') return 'is not a known property';
  if (error.keyword === 'not') return 'is not one of the values this operation takes';
  if (error.keyword === 'required')
    return error.instancePath === '' && !('missingProperty' in error.params)
      ? 'a JSON body is required'
      : 'is required';
  if (error.keyword === 'type' && error.instancePath === '') return `must be a JSON ${String(error.params.type)}`;
  return error.message ?? 'is invalid';
}

/** Fastify's `schemaErrorFormatter`: Ajv's errors of one part of a request as one 400. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): Error {
  const location = locations[dataVar];
  return new RequestValidationError(
    errors.map((error) => ({
      location,
      field: fieldOf(error),
      // `not` only excludes a value of a list (an open enumeration's placeholder): the list's rule.
      rule: (error.keyword === 'not' ? 'enum' : error.keyword) as Rule,
      message: messageOf(error),
    })),
  );
}

/**
 * The validator of one of `document`'s component schemas, for what comes from elsewhere than a
 * request (a file the command line reads): it stops at the first broken constraint and fills the
 * schema's defaults in.
 */
export function componentValidator(document: OpenApiDocument, schema: string): ValidateFunction {
  return createAjv(document, false, false).compile({ $ref: `${documentId}#/components/schemas/${schema}` });
}
