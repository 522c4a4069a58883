/**
 * Subscribing, and the subscriptions a caller is shown. One subscription per organisation: it is
 * created unconfirmed, covering what coverage.ts says, with its `SubscriptionConfirmation` queued
 * and `event_subscription_created` recorded for each organisation it covers, in the same
 * transaction. Subscribing again while it is still unconfirmed replaces it (a failed handshake is
 * retried at once): the old one is removed, its link stops working, and the new endpoint gets a
 * new confirmation.
 */
import { randomBytes } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '@street-events/types';
import type { Caller } from '../../directory/caller.js';
import { tokenHash } from '../../shared/token-hash.js';
import type { Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { subscriptionCoverage, subscriptions } from '../../db/schema.js';
import type { EndpointPolicy } from '../../deliveries/attempts/endpoint-policy.js';
import type { Resolver } from '../../deliveries/attempts/guarded-lookup.js';
import { subscriptionConfirmation } from '../../deliveries/messages/messages.js';
import { ConflictError, ForbiddenError } from '../../shared/errors.js';
import { actorOf, eventContext, type EventContext } from '../../events/record-events.js';
import { enqueueConfirmation, newMessageId } from '../../deliveries/queue/outbox.js';
import { coveredOrganisations } from '../../deliveries/queue/coverage.js';
import { checkSubscribedEndpoint } from './endpoint.js';
import { isHighwayAuthority, recordSubscriptionEvents, removeSubscription } from './removal.js';

type SubscriptionCreateRequest = components['schemas']['SubscriptionCreateRequest'];
type GetSubscriptionsResponse = components['schemas']['GetSubscriptionsResponse'];

export interface SubscriptionOptions {
  /** Which endpoints may be subscribed (and delivered to). */
  policy: EndpointPolicy;
  /** Name resolution for endpoint checks; the system resolver by default. */
  resolve?: Resolver;
  /** The public base URL of the interface (e.g. `https://events.example/v7`), for `SubscribeURL`. */
  publicBaseUrl: () => string;
  now?: Clock;
}

const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `SUB-` and 26 random characters of Crockford's base32 (130 bits). */
export function newSubscriptionReference(): string {
  return `SUB-${[...randomBytes(26)].map((byte) => referenceAlphabet[byte % 32]).join('')}`;
}

export async function subscribe(
  db: Database,
  caller: Caller,
  body: SubscriptionCreateRequest,
  options: SubscriptionOptions,
): Promise<{ subscription_reference_number: string }> {
  await checkSubscribedEndpoint(body.api_endpoint, options.policy, options.resolve);
  const context = eventContext({ actor: actorOf(caller, body), now: options.now });
  const reference = newSubscriptionReference();
  const baseUrl = options.publicBaseUrl();
  const token = `cnf_${randomBytes(32).toString('base64url')}`;
  await db.transaction(async (tx) => {
    await replaceUnconfirmed(tx, caller, context);
    const [created] = await tx
      .insert(subscriptions)
      .values({
        reference,
        organisationId: caller.organisation.id,
        apiEndpoint: body.api_endpoint,
        description: body.subscription_description ?? '',
        confirmationTokenHash: tokenHash(token),
        publicBaseUrl: baseUrl,
        createdAt: context.at,
      })
      .onConflictDoNothing({ target: subscriptions.organisationId })
      .returning({ id: subscriptions.id });
    if (!created) {
      throw new ConflictError(`${caller.organisation.name} has a confirmed subscription already; unsubscribe it first`);
    }
    const covered = await coveredOrganisations(tx, caller.organisation);
    // A contractor's last contract may have ended since it authenticated.
    if (covered.length === 0) throw new ForbiddenError('the contractor holds no active contract');
    await tx
      .insert(subscriptionCoverage)
      .values(covered.map((organisationId) => ({ subscriptionId: created.id, organisationId })));
    const message = subscriptionConfirmation({
      messageId: newMessageId(),
      token,
      subscriptionReferenceNumber: reference,
      subscribeUrl: `${baseUrl}/api-notifications/confirm?token=${token}`,
      createdAt: context.at,
    });
    await enqueueConfirmation(tx, created.id, message, context.at);
    await recordSubscriptionEvents(
      tx,
      isHighwayAuthority(caller),
      covered,
      reference,
      'event_subscription_created',
      context,
    );
  });
  return { subscription_reference_number: reference };
}

/**
 * Removes the organisation's subscription if it is still unconfirmed, recording
 * `event_subscription_removed`, so that subscribing again replaces it; a confirmed one stays
 * (and the insert that follows answers `409`).
 */
async function replaceUnconfirmed(tx: Database, caller: Caller, context: EventContext): Promise<void> {
  const [found] = await tx
    .select({ id: subscriptions.id, reference: subscriptions.reference, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.organisationId, caller.organisation.id))
    .for('update');
  if (found?.status === 'unconfirmed') await removeSubscription(tx, found, isHighwayAuthority(caller), context);
}

/**
 * The caller's organisation's subscription; for a contractor, also the subscriptions of the
 * promoters it holds an active contract with (the organisations it works on behalf of).
 * Confirmed or not; the caller's own first.
 */
export async function listSubscriptions(db: Database, caller: Caller): Promise<GetSubscriptionsResponse[]> {
  const organisationIds = [caller.organisation.id, ...caller.activeContracts.map((promoter) => promoter.id)];
  return db
    .select({
      subscription_reference_number: subscriptions.reference,
      subscription_description: subscriptions.description,
      subscription_url: subscriptions.apiEndpoint,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.organisationId, organisationIds))
    .orderBy(desc(eq(subscriptions.organisationId, caller.organisation.id)), asc(subscriptions.reference));
}
