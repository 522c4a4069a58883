/** Registering the operations of the operator API's document, for the plugins that serve them. */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { loadOperatorDocument, operatorBasePath } from '../openapi-document.js';
import { authenticateRequest } from './authentication.js';
import { routeBodyLimit } from './body-bounds.js';
import { listOperations, routePath, routeSchema, type Operation } from './openapi.js';
import { validatorCompiler } from './validation.js';

/**
 * Registers the operations of the operator document that `wanted` picks, in this scope: validated
 * against the document, each for its allowed roles, answered by `handlerOf` (every one must have a handler).
 */
export function registerInternalOperations(
  app: FastifyInstance,
  wanted: (operation: Operation) => boolean,
  handlerOf: (operation: Operation) => RouteHandlerMethod | undefined,
): void {
  const document = loadOperatorDocument();
  app.setValidatorCompiler(validatorCompiler(document));
  for (const operation of listOperations(document).filter(wanted)) {
    const handler = handlerOf(operation);
    if (handler === undefined) throw new Error(`no implementation of ${operation.operationId}`);
    app.route({
      method: operation.method,
      url: `${operatorBasePath()}${routePath(operation.path)}`,
      schema: routeSchema(operation),
      bodyLimit: routeBodyLimit(document, operation.bodySchema, app.initialConfig.bodyLimit!),
      onRequest: authenticateRequest(app.interfaceRouting.authentication, operation),
      handler,
    });
  }
}
