/**
 * The notification operations of the interface (subscribe, unsubscribe, list), and two routes
 * outside the document: the confirmation link sent in `SubscribeURL`
 * (`GET /v7/api-notifications/confirm?token=…`, no other credential, single use) and the
 * public keys (`GET /.well-known/webhook-keys`, a JSON Web Key Set, unauthenticated).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { webhookKeySet } from '../delivery/signing.js';
import { NotFoundError } from '../errors.js';
import { basePath, type Handlers } from '../http/app.js';
import { activeSigningKeys } from './keys.js';
import { confirmSubscription, listSubscriptions, subscribe, unsubscribe, type SubscriptionOptions } from './subscriptions.js';

export interface NotificationHttpOptions extends SubscriptionOptions {
  db: Database;
}

export function notificationHandlers({ db, ...options }: NotificationHttpOptions): Handlers {
  return {
    subscribe: async ({ caller, body }) => ({ status: 200, body: await subscribe(db, caller, body, options) }),
    unsubscribe: async ({ caller, body }) => {
      await unsubscribe(db, caller, body, options);
      return { status: 204 };
    },
    getSubscriptions: async ({ caller }) => ({ status: 200, body: await listSubscriptions(db, caller) }),
  };
}

export const confirmPath = `${basePath}/api-notifications/confirm`;
export const webhookKeysPath = '/.well-known/webhook-keys';

export function notificationRoutes(options: { db: Database; now?: Clock }): (app: FastifyInstance) => void {
  return (app) => {
    // GET only: a HEAD (a link checker, a preview) must not confirm.
    app.get(confirmPath, { exposeHeadRoute: false }, async (request, reply) => {
      const { token } = request.query as { token?: unknown };
      if (typeof token !== 'string' || token === '') throw new NotFoundError('the confirmation token is missing', 'token');
      const reference = await confirmSubscription(options.db, token, options.now);
      return reply.send({ subscription_reference_number: reference, status: 'confirmed' });
    });
    app.get(webhookKeysPath, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(webhookKeySet(await activeSigningKeys(options.db))),
    );
  };
}
