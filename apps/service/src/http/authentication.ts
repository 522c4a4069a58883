/** Who may call an operation: the `token` header names the caller, whose role must be allowed. */
import type { FastifyRequest } from 'fastify';
import type { AuthenticationCache } from '../auth/authentication-cache.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { Operation } from './openapi.js';

/** The `onRequest` hook of an operation: sets `request.caller`, or answers 401 or 403. */
export function authenticateRequest(authentication: AuthenticationCache, operation: Pick<Operation, 'operationId' | 'allowedRoles'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.headers.token;
    if (typeof token !== 'string' || token === '') throw new UnauthenticatedError('The token header is missing.');
    const caller = await authentication.authenticate(token);
    if (caller === null) throw new UnauthenticatedError('The token is unknown or revoked.');
    if (!operation.allowedRoles.includes(caller.role)) {
      throw new ForbiddenError(`The ${caller.role} role is not allowed to ${operation.operationId}.`);
    }
    request.caller = caller;
  };
}
