/**
 * Subscriptions to push notifications and their lifecycle:
 *
 * - One per organisation. It is created unconfirmed, with a `SubscriptionConfirmation`
 *   message queued in the same transaction; it is confirmed only by a GET of the message's
 *   `SubscribeURL` within 48 hours, and removed with all its records (coverage, deliveries)
 *   when 48 hours pass unconfirmed (`expireUnconfirmed`, run by the worker). Subscribing again
 *   while it is still unconfirmed replaces it (a failed handshake is retried at once): the old
 *   one is removed, its link stops working, and the new endpoint gets a new confirmation.
 * - Coverage: the organisations whose events it receives. A planner's or highway
 *   authority's covers its own organisation; a contractor's covers every promoter it holds an
 *   active contract with, grows when a contract is added and shrinks when one is removed (with
 *   the pending deliveries for that promoter); without any coverage left it is removed.
 * - Subscribing and unsubscribing record `event_subscription_created` /
 *   `event_subscription_removed`, organisation-level events (object: the subscription
 *   reference) of each organisation the subscription covers.
 * - A subscription whose endpoint has failed every attempt for `WEBHOOK_DISABLE_AFTER_DAYS`
 *   is disabled: removed with its pending deliveries, recording `event_subscription_removed`
 *   (no acting user), so the organisation reads in its feed that it must subscribe again.
 */
import type { SubscriptionState } from '@street-events/types/operator';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { components } from '@street-events/types';
import type { Caller } from '../auth/caller.js';
import { tokenHash } from '../auth/tokens.js';
import { systemClock, type Clock } from '../shared/clock.js';
import type { Database } from '../db/database.js';
import { contracts, organisations, subscriptionCoverage, subscriptions, type OrganisationKind } from '../db/schema.js';
import { requireOrganisation, type Organisation } from '../directory/organisations.js';
import { checkEndpoint, type EndpointPolicy } from '../deliveries/attempts/endpoint-policy.js';
import { RefusedAddressError, resolveAllowed, type Resolver } from '../deliveries/attempts/guarded-lookup.js';
import { subscriptionConfirmation } from '../deliveries/messages/messages.js';
import type { SubscriptionUpkeep } from '../deliveries/worker.js';
import type { AuditEventType } from '../shared/enums.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { actorOf, eventContext, organisationScope, recordEvents, type EventContext } from '../events/record-events.js';
import { dropPendingDeliveries, enqueueConfirmation, newMessageId } from '../deliveries/queue/outbox.js';

type SubscriptionCreateRequest = components['schemas']['SubscriptionCreateRequest'];
type SubscriptionRemoveRequest = components['schemas']['SubscriptionRemoveRequest'];
type GetSubscriptionsResponse = components['schemas']['GetSubscriptionsResponse'];

export const confirmationWindowMs = 48 * 60 * 60 * 1000;

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

/**
 * Serialises a contractor's subscribing with changes to its contracts, so that neither misses the
 * other: whichever comes second sees what the first committed.
 */
async function lockContractor(tx: Database, contractorOrgId: number): Promise<void> {
  await tx.execute(sql`select id from organisations where id = ${contractorOrgId} for no key update`);
}

/** The organisations a subscription of the caller's organisation covers, read in the transaction. */
async function coveredOrganisations(tx: Database, caller: Caller): Promise<number[]> {
  if (caller.organisation.kind !== 'contractor') return [caller.organisation.id];
  await lockContractor(tx, caller.organisation.id);
  const rows = await tx
    .select({ id: contracts.promoterOrgId })
    .from(contracts)
    .where(and(eq(contracts.contractorOrgId, caller.organisation.id), eq(contracts.status, 'active')));
  return rows.map((row) => row.id);
}

/** One event per covered organisation, in the column of its kind. */
async function recordSubscriptionEvents(
  tx: Database,
  highwayAuthority: boolean,
  organisationIds: readonly number[],
  reference: string,
  eventType: AuditEventType,
  context: EventContext,
): Promise<void> {
  for (const organisationId of organisationIds) {
    await recordEvents(
      tx,
      organisationScope({
        promoterOrgId: highwayAuthority ? null : organisationId,
        highwayAuthorityOrgId: highwayAuthority ? organisationId : null,
      }),
      context,
      [
        {
          eventType,
          objectType: 'event_subscription',
          objectReferenceNumber: reference,
          parentObjectReferenceNumber: null,
        },
      ],
    );
  }
}

/**
 * Checks a subscriber's endpoint: the URL rules and literal addresses (endpoint-policy.ts),
 * then every address a host name resolves to. A name that does not resolve is refused.
 */
export async function checkSubscribedEndpoint(
  endpoint: string,
  policy: EndpointPolicy,
  resolve?: Resolver,
): Promise<URL> {
  const checked = checkEndpoint(endpoint, policy);
  if (!checked.ok) throw new ValidationError(checked.message, checked.field, { rule: 'format' });
  const host = checked.url.hostname;
  if (isIP(host.replace(/^\[(.*)\]$/, '$1'))) return checked.url;
  try {
    await resolveAllowed(host, policy, resolve);
  } catch (error) {
    const message =
      error instanceof RefusedAddressError
        ? `api_endpoint must be a public address: ${error.message}`
        : `api_endpoint host ${host} does not resolve`;
    throw new ValidationError(message, 'api_endpoint', { rule: 'format' });
  }
  return checked.url;
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
    const covered = await coveredOrganisations(tx, caller);
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

const isHighwayAuthority = (caller: Caller) => caller.organisation.kind === 'highway_authority';

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

const notConfirmedYet = (reference: string) =>
  new ConflictError(
    `subscription ${reference} is not confirmed yet: confirm it by a GET of the SubscribeURL sent to its endpoint, or let it expire 48 hours after it was created`,
  );

/** Removes a confirmed subscription and records `event_subscription_removed` for each organisation it covered. */
async function removeSubscription(
  tx: Database,
  found: { id: number; reference: string },
  highwayAuthority: boolean,
  context: EventContext,
): Promise<void> {
  const covered = await tx
    .select({ id: subscriptionCoverage.organisationId })
    .from(subscriptionCoverage)
    .where(eq(subscriptionCoverage.subscriptionId, found.id));
  await tx.delete(subscriptions).where(eq(subscriptions.id, found.id));
  await recordSubscriptionEvents(
    tx,
    highwayAuthority,
    covered.map((row) => row.id),
    found.reference,
    'event_subscription_removed',
    context,
  );
}

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

/**
 * Confirms the subscription whose token this is, within 48 hours of its creation. The token
 * works once. Returns the subscription reference; an unknown, used or expired token is 404.
 */
export async function confirmSubscription(db: Database, token: string, now: Clock = systemClock): Promise<string> {
  const at = now();
  const [confirmed] = await db
    .update(subscriptions)
    .set({ status: 'confirmed', confirmedAt: at, confirmationTokenHash: null })
    .where(
      and(
        eq(subscriptions.confirmationTokenHash, tokenHash(token)),
        eq(subscriptions.status, 'unconfirmed'),
        sql`${subscriptions.createdAt} > ${new Date(at.getTime() - confirmationWindowMs)}`,
      ),
    )
    .returning({ reference: subscriptions.reference });
  if (!confirmed) throw new NotFoundError('the confirmation token is unknown, used already or expired', 'token');
  return confirmed.reference;
}

/** Removes, with their coverage and deliveries, the subscriptions left unconfirmed for 48 hours. */
export async function expireUnconfirmed(db: Database, now: Date): Promise<string[]> {
  const removed = await db
    .delete(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'unconfirmed'),
        lte(subscriptions.createdAt, new Date(now.getTime() - confirmationWindowMs)),
      ),
    )
    .returning({ reference: subscriptions.reference });
  return removed.map((row) => row.reference);
}

/**
 * Removes a subscription whose endpoint answered `410 Gone`, with its coverage and deliveries
 * (`on delete cascade`). No event is recorded: nobody of the organisation acted.
 */
export async function removeGoneSubscription(db: Database, subscriptionId: number): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
}

/**
 * Removes the subscriptions whose endpoint has been failing since `failingSince` or earlier (see
 * src/deliveries/failing.ts), with their coverage and deliveries, recording
 * `event_subscription_removed` for each organisation each covered. Answers their references.
 */
export async function disableFailing(db: Database, failingSince: Date, now: Date): Promise<string[]> {
  const context = eventContext({ now: () => now });
  return db.transaction(async (tx) => {
    const failing = await tx
      .select({ id: subscriptions.id, reference: subscriptions.reference, kind: organisations.kind })
      .from(subscriptions)
      .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
      .where(lte(subscriptions.failingSince, failingSince))
      .orderBy(asc(subscriptions.id))
      .for('update', { of: subscriptions, skipLocked: true });
    for (const found of failing) await removeSubscription(tx, found, found.kind === 'highway_authority', context);
    return failing.map((found) => found.reference);
  });
}

/** A contract was added: the contractor's subscription, if any, now covers the promoter too. */
export async function extendCoverage(tx: Database, contractorOrgId: number, promoterOrgId: number): Promise<void> {
  await lockContractor(tx, contractorOrgId);
  await tx.execute(sql`
    insert into subscription_coverage (subscription_id, organisation_id)
    select id, ${promoterOrgId} from subscriptions where organisation_id = ${contractorOrgId}
    on conflict do nothing`);
}

/**
 * A contract was removed: the contractor's subscription stops covering the promoter, its
 * pending deliveries of the promoter's events are dropped, and a subscription that covers
 * nothing any more is removed.
 */
export async function withdrawCoverage(tx: Database, contractorOrgId: number, promoterOrgId: number): Promise<void> {
  await lockContractor(tx, contractorOrgId);
  const [subscription] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.organisationId, contractorOrgId))
    .for('update');
  if (!subscription) return;
  await dropPendingDeliveries(tx, subscription.id, promoterOrgId);
  await tx
    .delete(subscriptionCoverage)
    .where(
      and(
        eq(subscriptionCoverage.subscriptionId, subscription.id),
        eq(subscriptionCoverage.organisationId, promoterOrgId),
      ),
    );
  await tx.execute(sql`
    delete from subscriptions s where s.id = ${subscription.id}
      and not exists (select 1 from subscription_coverage c where c.subscription_id = s.id)`);
}

/** What the delivery worker asks of the subscriptions it delivers to. */
export const subscriptionUpkeep = (db: Database): SubscriptionUpkeep => ({
  removeGone: (subscriptionId) => removeGoneSubscription(db, subscriptionId),
  expireUnconfirmed: (now) => expireUnconfirmed(db, now),
  disableFailing: (failingSince, now) => disableFailing(db, failingSince, now),
});

/** A subscription as the operator sees it: whose it is, where it points, whether it is confirmed, and whether its endpoint is failing. */
export interface SubscriptionOverview {
  reference: string;
  organisation: { name: string; kind: OrganisationKind; swaCode: string | null };
  status: SubscriptionState;
  apiEndpoint: string;
  description: string;
  createdAt: Date;
  confirmedAt: Date | null;
  /** Since when its endpoint has failed every attempt; null while healthy. */
  failingSince: Date | null;
}

const overviewColumns = {
  reference: subscriptions.reference,
  organisation: { name: organisations.name, kind: organisations.kind, swaCode: organisations.swaCode },
  status: subscriptions.status,
  apiEndpoint: subscriptions.apiEndpoint,
  description: subscriptions.description,
  createdAt: subscriptions.createdAt,
  confirmedAt: subscriptions.confirmedAt,
  failingSince: subscriptions.failingSince,
};

/** Every subscription, or the one of an organisation (named by swa_code or name), by organisation name. */
export async function subscriptionsOverview(db: Database, organisation?: string): Promise<SubscriptionOverview[]> {
  const only = organisation === undefined ? undefined : await requireOrganisation(db, organisation);
  return overview(db, only?.id);
}

const overview = (db: Database, organisationId?: number) =>
  db
    .select(overviewColumns)
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(organisationId === undefined ? undefined : eq(subscriptions.organisationId, organisationId))
    .orderBy(asc(organisations.name));

/** The operator acting for an organisation: its own username, the organisation's subscription. */
const actingFor = (operator: Caller, organisation: Organisation): Caller => ({
  ...operator,
  organisation,
  activeContracts: [],
});

export interface PointedSubscription {
  api_endpoint: string;
  /** Confirmed at once, on the receiver's behalf: only in the sandbox. Left out: as it is, or unconfirmed when new. */
  status?: SubscriptionState;
}

/**
 * Points an organisation's subscription at an endpoint, for the operator: creates it (as
 * `subscribe` does, its confirmation queued) when there is none. Confirming on the receiver's
 * behalf, and changing an existing subscription's endpoint or state, are for the sandbox
 * (`sandbox`): elsewhere only the receiver confirms, by its SubscribeURL (`403`), and an
 * organisation's subscription is its own (`409`).
 */
export async function pointSubscription(
  db: Database,
  operator: Caller,
  organisationName: string,
  wanted: PointedSubscription,
  options: SubscriptionOptions & { sandbox: boolean },
): Promise<SubscriptionOverview> {
  if (wanted.status === 'confirmed' && !options.sandbox) {
    throw new ForbiddenError(
      'only the receiver confirms a subscription, by the SubscribeURL sent to it (outside the sandbox)',
      'status',
    );
  }
  const organisation = await requireOrganisation(db, organisationName);
  const [existing] = await overview(db, organisation.id);
  if (!existing) {
    await subscribe(db, actingFor(operator, organisation), { api_endpoint: wanted.api_endpoint }, options);
  } else if (existing.apiEndpoint !== wanted.api_endpoint || (wanted.status ?? existing.status) !== existing.status) {
    if (!options.sandbox) {
      throw new ConflictError(
        `${organisation.name} has a subscription at another endpoint or in another state; only the organisation changes it (outside the sandbox)`,
      );
    }
    await checkSubscribedEndpoint(wanted.api_endpoint, options.policy, options.resolve);
  }
  const status = wanted.status ?? existing?.status ?? 'unconfirmed';
  const now = (options.now ?? systemClock)();
  await db
    .update(subscriptions)
    .set({
      apiEndpoint: wanted.api_endpoint,
      status,
      confirmedAt: status === 'confirmed' ? sql`coalesce(${subscriptions.confirmedAt}, ${now})` : null,
    })
    .where(eq(subscriptions.organisationId, organisation.id));
  const [pointed] = await overview(db, organisation.id);
  return pointed!;
}

/** Removes an organisation's subscription, confirmed or not, for the operator; records `event_subscription_removed`. */
export async function removeOrganisationSubscription(
  db: Database,
  operator: Caller,
  organisationName: string,
  options: { now?: Clock } = {},
): Promise<SubscriptionOverview> {
  const organisation = await requireOrganisation(db, organisationName);
  const [existing] = await overview(db, organisation.id);
  if (!existing) throw new NotFoundError(`${organisation.name} has no subscription`, 'organisation');
  const context = eventContext({ actor: actorOf(operator, {}), now: options.now });
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: subscriptions.id, reference: subscriptions.reference })
      .from(subscriptions)
      .where(eq(subscriptions.organisationId, organisation.id))
      .for('update');
    if (found) await removeSubscription(tx, found, organisation.kind === 'highway_authority', context);
  });
  return existing;
}
