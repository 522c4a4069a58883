/**
 * The notification operations of the interface (subscribe, unsubscribe, list), and routes
 * outside the document, none needing a credential, each under every base path (`/v7/event`, and
 * the deprecated `/v7`, which links already sent may name): the confirmation link sent in
 * `SubscribeURL` (`GET /v7/event/api-notifications/confirm?token=…`, single use), the unsubscribe
 * link sent in `UnsubscribeURL` (`GET /v7/event/api-notifications/unsubscribe-link?subscription=…&token=…`),
 * the certificate of the pub/sub signature (`GET /v7/event/api-notifications/signing-certificates/{id}.pem`,
 * the `SigningCertURL`) and the Standard Webhooks public keys (a JSON Web Key Set), at
 * `GET /.well-known/webhook-keys` and `GET /v7/event/api-notifications/webhook-keys`.
 */
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { SubscriptionConfirmedResponse, SubscriptionUnsubscribedResponse } from '@street-events/types';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { unsubscribeLinkPath } from '../../deliveries/messages.js';
import { isUnsubscribeToken } from '../../deliveries/pubsub-signature.js';
import { webhookKeySet } from '../../deliveries/signing.js';
import { NotFoundError } from '../../errors.js';
import { basePaths, registerOperations } from '../operations.js';
import { requestLimit, type Bucket } from '../rate-limits.js';
import { defaultSubscriptionChanges } from '../../notifications/config.js';
import { activeSigningKeys, currentSigningCertificate, signingCertificatePem } from '../../deliveries/keys.js';
import {
  confirmSubscription,
  listSubscriptions,
  subscribe,
  unsubscribe,
  unsubscribeByLink,
  type SubscriptionOptions,
} from '../../notifications/subscriptions.js';

export interface NotificationRoutesOptions extends SubscriptionOptions {
  db: Database;
  /** Subscribes and unsubscribes per organisation and window; `defaultSubscriptionChanges` unless set. */
  subscriptionChanges?: Bucket;
}

export const notificationRoutes: FastifyPluginCallback<NotificationRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const change = requestLimit(
    app,
    options.subscriptionChanges ?? defaultSubscriptionChanges,
    (request) => `organisation:${request.caller!.organisation.id}`,
  );
  registerOperations(app, {
    subscribe: async ({ caller, body, request }) => {
      await change(request);
      return { status: 200, body: await subscribe(db, caller, body, options) };
    },
    unsubscribe: async ({ caller, body, request }) => {
      await change(request);
      await unsubscribe(db, caller, body, options);
      return { status: 204 };
    },
    getSubscriptions: async ({ caller }) => ({ status: 200, body: await listSubscriptions(db, caller) }),
  });
  for (const base of basePaths) linkRoutes(app, base, options);
  app.get(webhookKeysPath, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(webhookKeySet(await activeSigningKeys(db))),
  );
  done();
};

export const webhookKeysPath = '/.well-known/webhook-keys';
/** The webhook keys below the interface's base URL too. */
export const webhookKeysLinkPath = '/api-notifications/webhook-keys';

const queryText = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The links sent in messages, and the webhook keys, below one base path. */
function linkRoutes(app: FastifyInstance, base: string, options: { db: Database; now?: Clock }): void {
  // GET only: a HEAD (a link checker, a preview) must not confirm.
  app.get(`${base}/api-notifications/confirm`, { exposeHeadRoute: false }, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    if (typeof token !== 'string' || token === '')
      throw new NotFoundError('the confirmation token is missing', 'token');
    const reference = await confirmSubscription(options.db, token, options.now);
    return reply.send({
      subscription_reference_number: reference,
      status: 'confirmed',
    } satisfies SubscriptionConfirmedResponse);
  });
  app.get(`${base}${unsubscribeLinkPath}`, { exposeHeadRoute: false }, async (request, reply) => {
    const reference = queryText(request.query, 'subscription');
    const token = queryText(request.query, 'token');
    if (reference === undefined || token === undefined)
      throw new NotFoundError('the unsubscribe link is not valid', 'token');
    const certificate = await currentSigningCertificate(options.db);
    const isToken = (named: string) =>
      certificate !== undefined && isUnsubscribeToken(token, named, certificate.privateKeyPem);
    await unsubscribeByLink(options.db, reference, isToken, options.now);
    return reply.send({
      subscription_reference_number: reference,
      status: 'unsubscribed',
    } satisfies SubscriptionUnsubscribedResponse);
  });
  app.get(`${base}/api-notifications/signing-certificates/:file`, async (request, reply) => {
    const match = /^([1-9][0-9]{0,9})\.pem$/.exec((request.params as { file: string }).file);
    const pem = match ? await signingCertificatePem(options.db, Number(match[1])) : undefined;
    if (pem === undefined) throw new NotFoundError('no such signing certificate');
    return reply
      .header('content-type', 'application/x-pem-file')
      .header('cache-control', 'public, max-age=86400')
      .send(pem);
  });
  app.get(`${base}${webhookKeysLinkPath}`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(webhookKeySet(await activeSigningKeys(options.db))),
  );
}
