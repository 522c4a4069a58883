/** Who may call an operation: the `token` header names the caller, whose role must be allowed. */
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../auth/tokens.js';
import type { Database } from '../db/database.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { Operation } from './openapi.js';

/** The `onRequest` hook of an operation: sets `request.caller`, or answers 401 or 403. */
export function authenticateRequest(db: Database, operation: Pick<Operation, 'operationId' | 'allowedRoles'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.headers.token;
    if (typeof token !== 'string' || token === '') throw new UnauthenticatedError('The token header is missing.');
    const caller = await authenticate(db, token);
    if (caller === null) throw new UnauthenticatedError('The token is unknown or revoked.');
    if (!operation.allowedRoles.includes(caller.role)) {
      throw new ForbiddenError(`The ${caller.role} role is not allowed to ${operation.operationId}.`);
    }
    request.caller = caller;
  };
}
