/**
 * Where the interface is served, and the hooks of its operations' routes: the authentication of
 * each operation's allowed roles, the interface's own admission rule, and the rate limit; and how
 * the operator API's operations are served.
 */
import type { operations as operatorOperations } from '@street-events/types/operator';
import type { FastifyInstance } from 'fastify';
import type { AuthenticationCache } from '../directory/authentication-cache.js';
import { authenticateRequest, interfaceCaller } from './authentication.js';
import type { Operation } from './openapi.js';
import { limitedAuthentication, type CallerLimits } from './rate-limits.js';
import { loadOperatorDocument, operatorBasePath } from '../shared/documents.js';
import { serveDocument, type Handlers, type RouteHooks } from './serve-document.js';

export const basePath = '/v7/event';
/** The earlier base path, still served as an alias of `basePath` (the documents mark it deprecated). */
export const deprecatedBasePath = '/v7';
/** Every base path the interface is served under, the current one first. */
export const basePaths = [basePath, deprecatedBasePath] as const;

/** What every operation route shares, decorated on the app by `buildApp`. */
export interface InterfaceRouting {
  authentication: AuthenticationCache;
  /** The rate limit (see rate-limits.ts), when one is configured. */
  limits: CallerLimits | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    interfaceRouting: InterfaceRouting;
  }
}

/** The hooks of an interface operation: its caller authenticated and admitted, then counted against the rate limit. */
export function interfaceHooks(app: FastifyInstance): (operation: Operation) => RouteHooks {
  const { authentication, limits } = app.interfaceRouting;
  return (operation) => {
    const authenticate = authenticateRequest(authentication, operation, interfaceCaller);
    return { onRequest: limits ? limitedAuthentication(authenticate, limits) : authenticate };
  };
}

/** Whether an operator operation is open to the roles of the interface (any role beside the Operator). */
const openToSubscribers = (operation: Operation) => operation.allowedRoles.some((role) => role !== 'Operator');

/**
 * The hooks of an operator operation: its caller authenticated, with an allowed role. One open to
 * the interface's roles (the message log's listings and replay) admits its callers as the
 * interface does and counts them against the interface's rate limit, the Operator too.
 */
export function operatorHooks(app: FastifyInstance): (operation: Operation) => RouteHooks {
  const interfaceOperation = interfaceHooks(app);
  const { authentication } = app.interfaceRouting;
  return (operation) =>
    openToSubscribers(operation)
      ? interfaceOperation(operation)
      : { onRequest: authenticateRequest(authentication, operation) };
}

/**
 * Serves operations of the operator document in this scope: below its base path, validated
 * against its schemas, each for its allowed roles (the Operator; the message log's listings and
 * replay, every role).
 */
export function serveOperatorDocument(app: FastifyInstance, handlers: Handlers<operatorOperations>): void {
  serveDocument<operatorOperations>(app, {
    document: loadOperatorDocument(),
    basePaths: [operatorBasePath()],
    ownValidators: true,
    hooks: operatorHooks(app),
    handlers,
  });
}
