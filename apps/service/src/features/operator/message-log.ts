/**
 * The message log's operations of the internal operator API (tag `deliveries` in
 * the operator document): subscriptions and where they point, a subscription's messages with
 * their attempts, dead letters, replaying a message, and the stream of delivery changes
 * (server-sent events over LISTEN, so changes made by any process arrive). The Operator sees
 * every organisation's; the listings and replay are open to every role, and any caller but the
 * Operator sees its own organisation's alone (another's is not found, as an unknown one). The
 * sandbox's own operation is sandbox.ts.
 */
import type { FastifyPluginCallback } from 'fastify';
import { parameterConstraints, type components } from '@street-events/types/operator';
import { organisationScopeOf } from '../../auth/caller.js';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { listDeadLetters, replayMessage } from '../../deliveries/queue/dead-letters.js';
import { listMessages } from '../../deliveries/message-log.js';
import {
  pointSubscription,
  removeOrganisationSubscription,
  subscriptionsOverview,
  type SubscriptionOverview,
} from '../../subscriptions/operator.js';
import type { SubscriptionOptions } from '../../subscriptions/subscribe.js';
import { DeliveryStreams } from './delivery-stream.js';
import { serveOperatorDocument } from '../../http/interface.js';
import { streamed } from '../../http/serve-document.js';

type Schemas = components['schemas'];

/** Messages on a page when the request does not say, as the document's default. */
const defaultMessagesLimit = parameterConstraints.listMessages.limit.default;

export interface DeliveryRoutesOptions extends SubscriptionOptions {
  db: Database;
  /** LISTEN, for the stream of changes. */
  listen: DatabaseHandle['listen'];
  /** The sandbox (`serve --sandbox`): the operator may confirm and change subscriptions for their organisations. */
  sandbox: boolean;
}

const subscriptionOf = (overview: SubscriptionOverview): Schemas['InternalSubscription'] => ({
  subscription_reference_number: overview.reference,
  organisation: {
    name: overview.organisation.name,
    kind: overview.organisation.kind,
    swa_code: overview.organisation.swaCode,
  },
  status: overview.status,
  api_endpoint: overview.apiEndpoint,
  description: overview.description,
  created_at: overview.createdAt.toISOString(),
  confirmed_at: overview.confirmedAt?.toISOString() ?? null,
  failing_since: overview.failingSince?.toISOString() ?? null,
});

const deadLetterOf = (letter: Awaited<ReturnType<typeof listDeadLetters>>[number]): Schemas['InternalDeadLetter'] => ({
  message_id: letter.messageId,
  subscription_reference_number: letter.subscription,
  kind: letter.kind,
  attempts: letter.attempts,
  created_at: letter.createdAt.toISOString(),
  last_error: letter.lastError,
});

export const deliveryRoutes: FastifyPluginCallback<DeliveryRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const streams = new DeliveryStreams(options.listen, app.log);
  app.addHook('preClose', async () => streams.close());
  serveOperatorDocument(app, {
    listSubscriptions: async ({ caller, query }) => {
      const subscriptions = await subscriptionsOverview(db, query.organisation, organisationScopeOf(caller));
      return { status: 200, body: { subscriptions: subscriptions.map(subscriptionOf) } };
    },
    pointSubscription: async ({ caller, params, body }) => ({
      status: 200,
      body: subscriptionOf(await pointSubscription(db, caller, params.organisation, body, options)),
    }),
    removeSubscription: async ({ caller, params }) => ({
      status: 200,
      body: subscriptionOf(await removeOrganisationSubscription(db, caller, params.organisation, options)),
    }),
    listMessages: async ({ caller, params, query }) => {
      const page = await listMessages(
        db,
        params.subscription_reference_number,
        { limit: query.limit ?? defaultMessagesLimit, before: query.before },
        organisationScopeOf(caller),
      );
      return { status: 200, body: page };
    },
    listDeadLetters: async ({ caller, query }) => {
      const letters = await listDeadLetters(db, {
        subscription: query.subscription,
        scope: organisationScopeOf(caller),
      });
      return { status: 200, body: { dead_letters: letters.map(deadLetterOf) } };
    },
    replayMessage: async ({ caller, params }) => {
      await replayMessage(db, params.message_id, organisationScopeOf(caller));
      return { status: 202, body: { message_id: params.message_id } };
    },
    streamDeliveries: async ({ query, request, reply }) => {
      await streams.open(reply.raw, query.subscription, request.id);
      reply.hijack();
      return streamed;
    },
  });
  done();
};
