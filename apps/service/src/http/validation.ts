/**
 * Request validation compiled from the OpenAPI document: one validator for the query string
 * and one for the body of each operation. Unknown properties and unknown query parameters are
 * errors (never silently removed), and every broken constraint is reported with the path of
 * its field and the JSON Schema keyword it broke.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyRequest } from 'fastify';
import { RequestValidationError } from './error-body.js';
import type { JsonSchema, OpenApiDocument, Operation, Parameter } from './openapi.js';

export interface ValidationDetail {
  location: 'body' | 'query' | 'path';
  field: string;
  rule: string;
  message: string;
}

export interface RequestValidator {
  /** Validates (and, for the query, coerces in place) one part of a request. */
  query(query: unknown): ValidationDetail[];
  path(params: unknown): ValidationDetail[];
  body(body: unknown): ValidationDetail[];
}

/** The `preValidation` hook of an operation: every broken constraint of its path, query and body, as one 400. */
export function validateRequest(validator: RequestValidator) {
  return async (request: FastifyRequest): Promise<void> => {
    const problems = [...validator.path(request.params), ...validator.query(request.query), ...validator.body(request.body)];
    if (problems.length > 0) throw new RequestValidationError(problems);
  };
}

const documentId = 'openapi:document';

function createAjv(document: OpenApiDocument, coerceTypes: false | 'array'): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    coerceTypes,
    strict: false,
    removeAdditional: false,
    useDefaults: true,
  });
  addFormats.default(ajv);
  // `double` is the number format of the interface document: any JSON number.
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addSchema({ $id: documentId, components: document.components });
  return ajv;
}

/** Points the document's local references at the registered document. */
function anchored(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${documentId}#/components/`)) as JsonSchema;
}

function parametersSchema(parameters: readonly Parameter[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(parameters.map((p) => [p.name, anchored(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** `/work_reference_numbers/3` → `work_reference_numbers[3]`, naming the missing or extra property. */
function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra !== undefined) segments.push(extra);
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'multipleOf' && (error.params as { multipleOf?: number }).multipleOf === 1) {
    return 'must be an integer';
  }
  if (error.keyword === 'additionalProperties') return 'is not a known property';
  if (error.keyword === 'required') return 'is required';
  return error.message ?? 'is invalid';
}

function details(location: ValidationDetail['location'], validate: ValidateFunction, value: unknown): ValidationDetail[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => ({
    location,
    field: fieldOf(error),
    rule: error.keyword,
    message: messageOf(error),
  }));
}

export function compileValidators(document: OpenApiDocument, operations: readonly Operation[]): Map<string, RequestValidator> {
  const queryAjv = createAjv(document, 'array');
  const bodyAjv = createAjv(document, false);
  const validators = new Map<string, RequestValidator>();
  for (const operation of operations) {
    const validateQuery = queryAjv.compile(parametersSchema(operation.queryParameters));
    const validatePath = queryAjv.compile(parametersSchema(operation.pathParameters));
    const validateBody = operation.bodySchema ? bodyAjv.compile(anchored(operation.bodySchema)) : undefined;
    validators.set(operation.operationId, {
      query: (query) => details('query', validateQuery, query),
      path: (params) => details('path', validatePath, params),
      body: (body) => {
        if (validateBody === undefined) return [];
        if (body === undefined || body === null) {
          return operation.bodyRequired ? [{ location: 'body', field: '', rule: 'required', message: 'a JSON body is required' }] : [];
        }
        return details('body', validateBody, body);
      },
    });
  }
  return validators;
}
