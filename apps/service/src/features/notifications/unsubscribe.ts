/**
 * Unsubscribing: by the organisation's own users, naming the subscription or not, and by the
 * `UnsubscribeURL` its notifications carry. Only a confirmed subscription is removed this way (an
 * unconfirmed one expires, or is replaced by subscribing again); its removal records
 * `event_subscription_removed` for each organisation it covered.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '@street-events/types';
import type { Caller } from '../../directory/caller.js';
import type { Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { organisations, subscriptions } from '../../db/schema.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { actorOf, eventContext } from '../../events/record-events.js';
import { isHighwayAuthority, removeSubscription } from './removal.js';

type SubscriptionRemoveRequest = components['schemas']['SubscriptionRemoveRequest'];

const notConfirmedYet = (reference: string) =>
  new ConflictError(
    `subscription ${reference} is not confirmed yet: confirm it by a GET of the SubscribeURL sent to its endpoint, or let it expire 48 hours after it was created`,
  );

/**
 * Why a named subscription is not the caller's: a Contractor is shown its promoters'
 * subscriptions (`listSubscriptions`) but only the subscribing organisation may remove one
 * (`403`); any other reference is answered as if it did not exist (`404`).
 */
async function notTheCallers(tx: Database, caller: Caller, named: string): Promise<Error> {
  const promoterIds = caller.activeContracts.map((promoter) => promoter.id);
  const [listed] =
    promoterIds.length === 0
      ? []
      : await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.reference, named), inArray(subscriptions.organisationId, promoterIds)));
  return listed
    ? new ForbiddenError(
        `subscription ${named} belongs to a promoter you work for: only that organisation can remove it`,
      )
    : new NotFoundError(`no subscription ${named}`, 'subscription_reference_number');
}

export async function unsubscribe(
  db: Database,
  caller: Caller,
  body: SubscriptionRemoveRequest,
  options: { now?: Clock } = {},
): Promise<void> {
  const context = eventContext({ actor: actorOf(caller, body), now: options.now });
  const named = body.subscription_reference_number;
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: subscriptions.id, reference: subscriptions.reference, status: subscriptions.status })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.organisationId, caller.organisation.id),
          named === undefined ? undefined : eq(subscriptions.reference, named),
        ),
      )
      .for('update');
    if (!found) {
      if (named !== undefined) throw await notTheCallers(tx, caller, named);
      throw new NotFoundError(`${caller.organisation.name} has no subscription`);
    }
    if (found.status !== 'confirmed') throw notConfirmedYet(found.reference);
    await removeSubscription(tx, found, isHighwayAuthority(caller), context);
  });
}

/**
 * Removes a subscription by the `UnsubscribeURL` of one of its notifications: the token must be
 * the one made for that subscription (`isToken`). No acting user is recorded. Returns the reference.
 */
export async function unsubscribeByLink(
  db: Database,
  reference: string,
  isToken: (reference: string) => boolean,
  now?: Clock,
): Promise<string> {
  if (!isToken(reference)) throw new NotFoundError('the unsubscribe link is not valid', 'token');
  const context = eventContext({ now });
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: subscriptions.id,
        reference: subscriptions.reference,
        status: subscriptions.status,
        kind: organisations.kind,
      })
      .from(subscriptions)
      .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
      .where(eq(subscriptions.reference, reference))
      .for('update', { of: subscriptions });
    if (!found) throw new NotFoundError(`no subscription ${reference}`, 'subscription');
    if (found.status !== 'confirmed') throw notConfirmedYet(found.reference);
    await removeSubscription(tx, found, found.kind === 'highway_authority', context);
  });
  return reference;
}
