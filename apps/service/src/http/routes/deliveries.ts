/**
 * The message log's operations of the internal operator API (tag `deliveries` in
 * the operator document), for the Operator role only: subscriptions and where they point,
 * a subscription's messages with their attempts, dead letters, replaying a message, and the
 * stream of delivery changes (server-sent events over LISTEN, so changes made by any process
 * arrive). The sandbox's own operation is sandbox.ts.
 */
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { listDeadLetters, replayMessage } from '../../deliveries/dead-letters.js';
import { listMessages } from '../../deliveries/message-log.js';
import type { components, operations } from '@street-events/types/operator';
import {
  pointSubscription,
  removeOrganisationSubscription,
  subscriptionsOverview,
  type SubscriptionOptions,
  type SubscriptionOverview,
} from '../../notifications/subscriptions.js';
import { DeliveryStreams } from '../delivery-stream.js';
import { registerInternalOperations } from '../internal-operations.js';

type Schemas = components['schemas'];

export type DeliveryOperationId =
  | 'listSubscriptions'
  | 'pointSubscription'
  | 'removeSubscription'
  | 'listMessages'
  | 'listDeadLetters'
  | 'replayMessage'
  | 'streamDeliveries';

type QueryOf<Id extends DeliveryOperationId> = NonNullable<operations[Id]['parameters']['query']>;
type PathOf<Id extends DeliveryOperationId> = NonNullable<operations[Id]['parameters']['path']>;

export interface DeliveryRoutesOptions extends SubscriptionOptions {
  db: Database;
  /** LISTEN, for the stream of changes. */
  listen: DatabaseHandle['listen'];
  /** The sandbox (`serve --sandbox`): the operator may confirm and change subscriptions for their organisations. */
  sandbox: boolean;
}

export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Registers the operations of `tag` of the internal document, each for its allowed roles, in this scope. */
export function registerTagged(app: FastifyInstance, tag: string, handlers: Record<string, RouteHandler>): void {
  registerInternalOperations(
    app,
    (operation) => operation.tags.includes(tag),
    (operation) => handlers[operation.operationId],
  );
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

export const deliveryRoutes: FastifyPluginCallback<DeliveryRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const streams = new DeliveryStreams(options.listen, app.log);
  app.addHook('preClose', async () => streams.close());
  const query = <Id extends DeliveryOperationId>(request: FastifyRequest) => request.query as QueryOf<Id>;
  const params = <Id extends DeliveryOperationId>(request: FastifyRequest) => request.params as PathOf<Id>;
  const handlers: Record<DeliveryOperationId, RouteHandler> = {
    listSubscriptions: async (request) => {
      const { organisation } = query<'listSubscriptions'>(request);
      const subscriptions = await subscriptionsOverview(db, organisation);
      return { subscriptions: subscriptions.map(subscriptionOf) } satisfies Schemas['InternalSubscriptionList'];
    },
    pointSubscription: async (request) => {
      const { organisation } = params<'pointSubscription'>(request);
      const body = request.body as Schemas['InternalSubscriptionPointing'];
      const pointed = await pointSubscription(db, request.caller as Caller, organisation, body, options);
      return subscriptionOf(pointed);
    },
    removeSubscription: async (request) => {
      const { organisation } = params<'removeSubscription'>(request);
      return subscriptionOf(await removeOrganisationSubscription(db, request.caller as Caller, organisation, options));
    },
    listMessages: async (request) => {
      const { limit = 20, before } = query<'listMessages'>(request);
      const reference = params<'listMessages'>(request).subscription_reference_number;
      return (await listMessages(db, reference, { limit, before })) satisfies Schemas['InternalMessagePage'];
    },
    listDeadLetters: async (request) => {
      const letters = await listDeadLetters(db, { subscription: query<'listDeadLetters'>(request).subscription });
      return {
        dead_letters: letters.map((letter) => ({
          message_id: letter.messageId,
          subscription_reference_number: letter.subscription,
          kind: letter.kind,
          attempts: letter.attempts,
          created_at: letter.createdAt.toISOString(),
          last_error: letter.lastError,
        })),
      } satisfies Schemas['InternalDeadLetterList'];
    },
    replayMessage: async (request, reply) => {
      const { message_id: messageId } = params<'replayMessage'>(request);
      await replayMessage(db, messageId);
      return reply.code(202).send({ message_id: messageId } satisfies Schemas['InternalReplay']);
    },
    streamDeliveries: async (request, reply) => {
      const { subscription } = query<'streamDeliveries'>(request);
      await streams.open(reply.raw, subscription, request.id);
      reply.hijack();
    },
  };
  registerTagged(app, 'deliveries', handlers);
  done();
};
