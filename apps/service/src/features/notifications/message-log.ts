/**
 * The message log's operations of the internal operator API (tag `deliveries` in
 * the operator document): subscriptions and where they point, a subscription's messages with
 * their attempts, a message's attempts, dead letters, replaying a message, and the stream of
 * delivery changes (server-sent events over LISTEN, so changes made by any process arrive). The
 * Operator sees every organisation's; the listings and replay are open to every role, and any
 * caller but the Operator sees its own organisation's alone (another's is not found, as an
 * unknown one). An organisation reads its history at most `history_reads_per_organisation` at
 * once (one more is `429` at once), and replays within `ReplayBounds`. The sandbox's own
 * operation is sandbox.ts.
 */
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import { operationLimits, parameterConstraints, type components, type operations } from '@street-events/types/operator';
import { organisationScopeOf, type Caller } from '../../directory/caller.js';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { listDeadLetters, replayMessage } from '../../deliveries/queue/dead-letters.js';
import { listMessageAttempts, listMessages } from '../../deliveries/attempts/message-log.js';
import type { ReplayBounds } from '../../deliveries/queue/replay-bounds.js';
import { organisationSlot } from '../../http/read-shares.js';
import {
  pointSubscription,
  removeOrganisationSubscription,
  subscriptionsOverview,
  type SubscriptionOverview,
} from './operator.js';
import type { SubscriptionOptions } from './subscribe.js';
import { DeliveryStreams } from './delivery-stream.js';
import { serveOperatorDocument } from '../../http/interface.js';
import { streamed, type Handlers } from '../../http/serve-document.js';

type Schemas = components['schemas'];

/** Page sizes when the request does not say, as the document's defaults. */
const defaultLimits = {
  messages: parameterConstraints.listMessages.limit.default,
  attempts: parameterConstraints.listMessageAttempts.limit.default,
  deadLetters: parameterConstraints.listDeadLetters.limit.default,
};

export interface MessageLogRoutesOptions extends SubscriptionOptions {
  db: Database;
  /** LISTEN, for the stream of changes. */
  listen: DatabaseHandle['listen'];
  /** The sandbox (`serve --sandbox`): the operator may confirm and change subscriptions for their organisations. */
  sandbox: boolean;
  /** Replays an hour per message and per organisation; the document's defaults unless set. */
  replayBounds?: ReplayBounds;
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

const deadLetterOf = (
  letter: Awaited<ReturnType<typeof listDeadLetters>>['letters'][number],
): Schemas['InternalDeadLetter'] => ({
  message_id: letter.messageId,
  subscription_reference_number: letter.subscription,
  kind: letter.kind,
  attempts: letter.attempts,
  created_at: letter.createdAt.toISOString(),
  last_error: letter.lastError,
});

/** The history's reads, each in one of the caller's organisation's slots (`history_reads_per_organisation` at once). */
function historyReads(db: Database): Handlers<operations> {
  const slot = organisationSlot(
    operationLimits.listMessages.history_reads_per_organisation,
    'reads of its delivery history',
  );
  const inSlot = async <T>(caller: Caller, log: FastifyBaseLogger, read: () => Promise<T>): Promise<T> => {
    const release = slot(caller, log);
    try {
      return await read();
    } finally {
      release();
    }
  };
  return {
    listMessages: async ({ caller, params, query, request }) => {
      const page = { limit: query.limit ?? defaultLimits.messages, before: query.before };
      const scope = organisationScopeOf(caller);
      const body = await inSlot(caller, request.log, () =>
        listMessages(db, params.subscription_reference_number, page, scope),
      );
      return { status: 200, body };
    },
    listMessageAttempts: async ({ caller, params, query, request }) => {
      const target = { subscription: params.subscription_reference_number, messageId: params.message_id };
      const page = { limit: query.limit ?? defaultLimits.attempts, before: query.before };
      const scope = organisationScopeOf(caller);
      const body = await inSlot(caller, request.log, () => listMessageAttempts(db, target, page, scope));
      return { status: 200, body };
    },
    listDeadLetters: async ({ caller, query, request }) => {
      const filter = {
        subscription: query.subscription,
        scope: organisationScopeOf(caller),
        limit: query.limit ?? defaultLimits.deadLetters,
        after: query.after,
      };
      const page = await inSlot(caller, request.log, () => listDeadLetters(db, filter));
      return { status: 200, body: { dead_letters: page.letters.map(deadLetterOf), next_cursor: page.nextCursor } };
    },
  };
}

export const messageLogRoutes: FastifyPluginCallback<MessageLogRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const streams = new DeliveryStreams(options.listen, app.log);
  app.addHook('preClose', async () => streams.close());
  serveOperatorDocument(app, {
    ...historyReads(db),
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
    replayMessage: async ({ caller, params }) => {
      await replayMessage(db, params.message_id, organisationScopeOf(caller), options.replayBounds);
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
