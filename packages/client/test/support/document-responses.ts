/**
 * The response schemas of the bundled OpenAPI document (`@street-events/openapi`, the latest
 * version) as Ajv 2020 validators, by operationId and status: the operations of its paths and
 * those of its webhooks' callbacks (the confirmation link, the webhook keys).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type JsonSchema = Record<string, unknown>;

interface Response {
  $ref?: string;
  content?: Record<string, { schema: JsonSchema }>;
}

interface Operation {
  operationId: string;
  responses: Record<string, Response>;
}

interface Document {
  paths: Record<string, unknown>;
  webhooks: Record<string, unknown>;
  components: { responses: Record<string, Response> } & Record<string, unknown>;
}

const require = createRequire(import.meta.url);
export const document = JSON.parse(readFileSync(require.resolve('@street-events/openapi'), 'utf8')) as Document;

const documentId = 'openapi:document';
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
// The document's `format: double` on numbers says how they are held, not a check.
ajv.addFormat('double', { type: 'number', validate: () => true });
ajv.addSchema({ $id: documentId, components: document.components });

/** The validator of a component schema of the document, e.g. `ErrorResponse`. */
export function componentSchema(name: string): ValidateFunction {
  return ajv.compile({ $ref: `${documentId}#/components/schemas/${name}` });
}

/** Every operation found under `node`, by its operationId. */
function operationsUnder(node: unknown, found = new Map<string, Operation>()): Map<string, Operation> {
  if (node === null || typeof node !== 'object') return found;
  if ('operationId' in node && 'responses' in node) found.set((node as Operation).operationId, node as Operation);
  for (const value of Object.values(node)) operationsUnder(value, found);
  return found;
}

const operations = operationsUnder([document.paths, document.webhooks]);

/** The statuses the document declares for `operationId`. */
export function declaredStatuses(operationId: string): string[] {
  return Object.keys(operations.get(operationId)?.responses ?? {});
}

/**
 * The validator of the JSON body of `operationId`'s answer with `status`; null when the document
 * declares that answer without a body. Throws when it does not declare the status.
 */
export function responseSchema(operationId: string, status: number): ValidateFunction | null {
  const declared = operations.get(operationId)?.responses[String(status)];
  if (declared === undefined) throw new Error(`the document declares no ${status} answer of ${operationId}`);
  const response = declared.$ref ? document.components.responses[declared.$ref.split('/').pop()!]! : declared;
  const schema = response.content?.['application/json']?.schema;
  if (schema === undefined) return null;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${documentId}#/components/`)));
}
