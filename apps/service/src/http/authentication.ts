/**
 * Who may call an operation: the `token` header names the caller, whose role must be allowed.
 * Runs as the route's `onRequest` hook, before the body is read, parsed or validated: a caller
 * that is refused learns nothing about how its request would have been validated.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthenticationCache } from '../directory/authentication-cache.js';
import type { Caller } from '../directory/caller.js';
import { ForbiddenError, UnauthenticatedError } from '../shared/errors.js';
import type { Operation } from './openapi.js';

/** A rule beyond the operation's roles that refuses a caller by throwing (e.g. `ForbiddenError`). */
export type Admission = (caller: Caller) => void;

/** The `onRequest` hook of an operation: sets `request.caller`, or answers 401 or 403. */
export function authenticateRequest(
  authentication: AuthenticationCache,
  operation: Pick<Operation, 'operationId' | 'allowedRoles'>,
  admit?: Admission,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.headers.token;
    if (typeof token !== 'string' || token === '') throw new UnauthenticatedError('The token header is missing.');
    const caller = await authentication.authenticate(token);
    if (caller === null) throw new UnauthenticatedError('The token is unknown or revoked.');
    if (!operation.allowedRoles.includes(caller.role)) {
      throw new ForbiddenError(`The ${caller.role} role is not allowed to ${operation.operationId}.`);
    }
    admit?.(caller);
    request.caller = caller;
  };
}

/** The interface's own rule (from 7.7): a Contractor without any active contract is refused on every operation. */
export const interfaceCaller: Admission = (caller) => {
  if (caller.role === 'Contractor' && caller.activeContracts.length === 0) {
    throw new ForbiddenError('The contractor holds no active contract.');
  }
};
