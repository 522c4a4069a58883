/**
 * The login document's operations (`POST /v7/work/authenticate`, `POST /v7/party/refresh`,
 * `POST /v7/party/logout`), in a scope of their own whose validators and body limits come from that
 * document; no credential needed. Not registered when login is switched off, so all three answer
 * `404` like any unknown route.
 *
 * Always limited (`LoginLimits`, whatever `RATE_LIMIT_MAX` says): all three per client address
 * before the body is read, logins per email address once it is validated, and password checks run a
 * few at once with a short queue, beyond which a login is answered `503` with `Retry-After` at once.
 * A logout empties this instance's authentication cache at once; other instances hear of it from
 * the database (see directory/authentication-cache.ts).
 */
import type { FastifyPluginCallback } from 'fastify';
import type { operations } from '@street-events/types/login';
import { defaultLoginLimits, login, logout, refresh, type LoginOptions } from '../../directory/login.js';
import type { Database } from '../../db/database.js';
import { UnavailableError } from '../../shared/errors.js';
import { loadLoginDocument } from '../../shared/documents.js';
import { concurrencyLimit } from '../../http/concurrency-limit.js';
import { addressKey, requestLimit } from '../../http/rate-limits.js';
import { serveDocument } from '../../http/serve-document.js';

type Body<Id extends keyof operations> = operations[Id]['requestBody'] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** Where the login document's paths are served: below `/v7`, as in the permitting system (the event interface is at `/v7/event`). */
export const loginBasePath = '/v7';

/** Room for `hashConcurrency` login checks at once and `hashQueue` waiting; beyond, `503` with `Retry-After: 1`. */
function checkSlots(options: LoginOptions): NonNullable<LoginOptions['checkSlots']> {
  const { hashConcurrency, hashQueue } = options.limits ?? defaultLoginLimits;
  return concurrencyLimit(hashConcurrency, {
    maxWaiting: hashQueue,
    refuse: () => new UnavailableError('Too many logins are being checked at once; retry in 1 second.', 1),
  });
}

export const loginRoutes: FastifyPluginCallback<LoginOptions & { db: Database }> = (app, options, done) => {
  const limits = options.limits ?? defaultLoginLimits;
  const perAddress = requestLimit(app, { max: limits.addressMax, windowMs: limits.windowMs }, addressKey);
  const perAccount = requestLimit(
    app,
    { max: limits.accountMax, windowMs: limits.windowMs },
    (request) => `email:${(request.body as Body<'authenticate'>).emailAddress.trim().toLowerCase()}`,
  );
  const loginOptions: LoginOptions = { ...options, checkSlots: checkSlots(options) };
  serveDocument<operations>(app, {
    document: loadLoginDocument(),
    basePaths: [loginBasePath],
    ownValidators: true,
    hooks: (operation) => ({
      onRequest: perAddress,
      preHandler: operation.operationId === 'authenticate' ? perAccount : [],
    }),
    handlers: {
      authenticate: async ({ body }) => ({ status: 200, body: await login(options.db, body, loginOptions) }),
      refreshToken: async ({ body }) => ({
        status: 200,
        body: await refresh(options.db, body.refresh_token, loginOptions),
      }),
      logout: async ({ body }) => {
        await logout(options.db, body.access_token, loginOptions);
        app.interfaceRouting.authentication.forgetAll();
        return { status: 204 };
      },
    },
  });
  done();
};
