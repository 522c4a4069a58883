/**
 * The notification operations of the interface (subscribe, unsubscribe, list) and the links the
 * webhook messages carry (the document's callbacks, each served where its `x-served-at` says, under
 * every base path: `/v7/event`, and the deprecated `/v7`, which links already sent may name): the
 * confirmation link of `SubscribeURL` (single use), the unsubscribe link of `UnsubscribeURL`, the
 * certificate of the pub/sub signature (`SigningCertURL`) and the Standard Webhooks public keys (a
 * JSON Web Key Set, also at `GET /.well-known/webhook-keys`). The links need no credential.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { operations } from '@street-events/types';
import type { Database } from '../../db/database.js';
import { isUnsubscribeToken } from '../../deliveries/messages/pubsub-signature.js';
import { webhookKeySet } from '../../deliveries/messages/signing.js';
import { NotFoundError } from '../../shared/errors.js';
import { basePaths, interfaceHooks } from '../../http/interface.js';
import { loadDocument, type Operation } from '../../http/openapi.js';
import { requestLimit, type Bucket, type CallerLimits } from '../../http/rate-limits.js';
import { serveDocument, type RouteHooks } from '../../http/serve-document.js';
import { defaultSubscriptionChanges } from './config.js';
import { activeSigningKeys, currentSigningCertificate, signingCertificatePem } from '../../deliveries/messages/keys.js';
import { confirmSubscription } from './confirmation.js';
import { checkCertificateIdOf, checkCertificatePem } from '../../deliveries/receiver-check/check-certificates.js';
import { followHandshake } from '../../deliveries/receiver-check/handshakes.js';
import type { Clock } from '../../shared/clock.js';
import { listSubscriptions, subscribe, type SubscriptionOptions } from './subscribe.js';
import { unsubscribe, unsubscribeByLink } from './unsubscribe.js';

export interface NotificationRoutesOptions extends SubscriptionOptions {
  db: Database;
  /** Subscribes and unsubscribes per organisation and window; `defaultSubscriptionChanges` unless set. */
  subscriptionChanges?: Bucket;
}

/** The links that act (confirm, unsubscribe) answer GET only: a HEAD (a link checker, a preview) must not act. */
const actingLinks = new Set(['followSubscribeUrl', 'followUnsubscribeUrl']);

/**
 * A link needs no credential; an operation its caller's. The links that act count under their
 * client address against the rate limit, so that tokens cannot be guessed at any pace.
 */
const hooksOf =
  (operationHooks: (operation: Operation) => RouteHooks, limits: CallerLimits | undefined) =>
  (operation: Operation): RouteHooks => {
    if (operation.allowedRoles.length > 0) return operationHooks(operation);
    if (!actingLinks.has(operation.operationId)) return { exposeHeadRoute: true };
    return { exposeHeadRoute: false, ...(limits && { onRequest: limits.address }) };
  };

const given = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/** Confirms the subscription of the token or, failing that, the running receiver check's handshake of it. */
async function confirmLink(db: Database, token: string, now: Clock | undefined): Promise<string> {
  try {
    return await confirmSubscription(db, token, now);
  } catch (error) {
    const checked = error instanceof NotFoundError ? await followHandshake(db, token, new Date()) : undefined;
    if (checked === undefined) throw error;
    return checked;
  }
}

/**
 * The certificate served as `file`: a certificate of the service's signature (`<id>.pem`, kept for
 * good), or a running receiver check's own (`check-<id>.pem`, served while the check runs).
 */
async function certificateOf(db: Database, file: string): Promise<{ pem: string | undefined; kept: boolean }> {
  const check = checkCertificateIdOf(file);
  if (check !== undefined) return { pem: await checkCertificatePem(db, check), kept: false };
  const match = /^([1-9][0-9]{0,9})\.pem$/.exec(file);
  return { pem: match ? await signingCertificatePem(db, Number(match[1])) : undefined, kept: true };
}

export const notificationRoutes: FastifyPluginCallback<NotificationRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const change = requestLimit(
    app,
    options.subscriptionChanges ?? defaultSubscriptionChanges,
    (request) => `organisation:${request.caller!.organisation.id}`,
  );
  const webhookKeys = async () => ({
    status: 200 as const,
    headers: { 'cache-control': 'public, max-age=300' },
    body: webhookKeySet(await activeSigningKeys(db)),
  });
  serveDocument<operations>(app, {
    document: loadDocument(),
    basePaths,
    hooks: hooksOf(interfaceHooks(app), app.interfaceRouting.limits),
    handlers: {
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
      followSubscribeUrl: async ({ query }) => {
        const token = given(query.token);
        if (token === undefined) throw new NotFoundError('the confirmation token is missing', 'token');
        const reference = await confirmLink(db, token, options.now);
        return { status: 200, body: { subscription_reference_number: reference, status: 'confirmed' } };
      },
      followUnsubscribeUrl: async ({ query }) => {
        const reference = given(query.subscription);
        const token = given(query.token);
        if (reference === undefined || token === undefined)
          throw new NotFoundError('the unsubscribe link is not valid', 'token');
        const certificate = await currentSigningCertificate(db);
        const isToken = (named: string) =>
          certificate !== undefined && isUnsubscribeToken(token, named, certificate.privateKeyPem);
        await unsubscribeByLink(db, reference, isToken, options.now);
        return { status: 200, body: { subscription_reference_number: reference, status: 'unsubscribed' } };
      },
      fetchSigningCertificate: async ({ params }) => {
        const { pem, kept } = await certificateOf(db, (params as { file: string }).file);
        if (pem === undefined) throw new NotFoundError('no such signing certificate');
        return {
          status: 200,
          headers: { 'cache-control': kept ? 'public, max-age=86400' : 'no-store' },
          type: 'application/x-pem-file',
          text: pem,
        };
      },
      fetchWebhookKeys: webhookKeys,
    },
  });
  done();
};
