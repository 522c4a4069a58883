/**
 * The login document's operations (`POST /v7/work/authenticate`, `POST /v7/party/refresh`), in a
 * scope of their own whose validators and body limits come from that document; no credential needed.
 * Not registered when login is switched off, so both answer `404` like any unknown route.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { operations } from '@street-events/types/login';
import { login, refresh, type LoginOptions } from '../../auth/login.js';
import type { Database } from '../../db/database.js';
import { LockedError } from '../../errors.js';
import { loadLoginDocument } from '../../openapi-document.js';
import { routeBodyLimit } from '../body-bounds.js';
import { listOperations, routeSchema } from '../openapi.js';
import { validatorCompiler } from '../validation.js';

type Body<Id extends keyof operations> = operations[Id]['requestBody'] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** Where the login document's paths are served: below `/v7`, as in the permitting system (the event interface is at `/v7/event`). */
export const loginBasePath = '/v7';

export const loginRoutes: FastifyPluginCallback<LoginOptions & { db: Database }> = (app, options, done) => {
  const document = loadLoginDocument();
  const handlers: Record<keyof operations, (body: unknown) => Promise<unknown>> = {
    authenticate: (body) => login(options.db, body as Body<'authenticate'>, options),
    refreshToken: (body) => refresh(options.db, (body as Body<'refreshToken'>).refresh_token, options),
  };
  app.setValidatorCompiler(validatorCompiler(document));
  for (const operation of listOperations(document)) {
    const handler = handlers[operation.operationId as keyof operations];
    app.route({
      method: operation.method,
      url: `${loginBasePath}${operation.path}`,
      schema: routeSchema(operation),
      bodyLimit: routeBodyLimit(document, operation.bodySchema, app.initialConfig.bodyLimit!),
      handler: async (request, reply) => {
        try {
          return reply.send(await handler(request.body));
        } catch (error) {
          if (error instanceof LockedError) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
      },
    });
  }
  done();
};
