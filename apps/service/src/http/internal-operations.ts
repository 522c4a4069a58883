/** Registering the operations of the internal operator API's document, for the plugins that serve them. */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { internalDocument } from '../internal/document.js';
import { authenticateRequest } from './authentication.js';
import { listOperations, routePath, routeSchema, type Operation } from './openapi.js';
import { validatorCompiler } from './validation.js';

/**
 * Registers the operations of the internal document that `wanted` picks, in this scope: validated
 * against the document, each for its allowed roles, answered by `handlerOf` (every one must have a handler).
 */
export function registerInternalOperations(
  app: FastifyInstance,
  wanted: (operation: Operation) => boolean,
  handlerOf: (operation: Operation) => RouteHandlerMethod | undefined,
): void {
  const document = internalDocument();
  app.setValidatorCompiler(validatorCompiler(document));
  for (const operation of listOperations(document).filter(wanted)) {
    const handler = handlerOf(operation);
    if (handler === undefined) throw new Error(`no implementation of ${operation.operationId}`);
    app.route({
      method: operation.method,
      url: routePath(operation.path),
      schema: routeSchema(operation),
      onRequest: authenticateRequest(app.interfaceRouting.authentication, operation),
      handler,
    });
  }
}
