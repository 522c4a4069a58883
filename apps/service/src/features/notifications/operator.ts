/**
 * The operator's view of subscriptions: every subscription with its organisation, endpoint and
 * state (an organisation's own caller sees its organisation's alone); pointing an
 * organisation's subscription at an endpoint (creating it as the organisation
 * would, or, in the sandbox, changing it and confirming it on the receiver's behalf); and
 * removing an organisation's subscription, confirmed or not.
 */
import type { SubscriptionState } from '@street-events/types/operator';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Caller } from '../../directory/caller.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { organisations, subscriptions, type OrganisationKind } from '../../db/schema.js';
import { requireOrganisation, type Organisation } from '../../directory/organisations.js';
import type { OrganisationScope } from '../../db/organisation-scope.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { actorOf, eventContext } from '../../events/record-events.js';
import { checkSubscribedEndpoint } from './endpoint.js';
import { removeSubscription } from './removal.js';
import { subscribe, type SubscriptionOptions } from './subscribe.js';

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

/**
 * The subscriptions within `scope` (every one, or one organisation's), or of the organisation
 * named (by swa_code or name), by organisation name. Within every organisation an unknown name is
 * `404`; within one, a name not its own finds nothing, whether or not it exists.
 */
export async function subscriptionsOverview(
  db: Database,
  organisation?: string,
  scope: OrganisationScope = 'any',
): Promise<SubscriptionOverview[]> {
  if (scope !== 'any') return overview(db, scope, organisation);
  const only = organisation === undefined ? undefined : await requireOrganisation(db, organisation);
  return overview(db, only?.id);
}

/** Subscriptions of every organisation or of one (by id), and only where the organisation is `named` (swa_code or name). */
const overview = (db: Database, organisationId?: number, named?: string) =>
  db
    .select(overviewColumns)
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(
      and(
        organisationId === undefined ? undefined : eq(subscriptions.organisationId, organisationId),
        named === undefined ? undefined : or(eq(organisations.swaCode, named), eq(organisations.name, named)),
      ),
    )
    .orderBy(asc(organisations.name));

/** Whether the subscription `reference` is the organisation's (by id); an unknown one is not. */
export async function isSubscriptionOf(db: Database, reference: string, organisationId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.reference, reference), eq(subscriptions.organisationId, organisationId)));
  return found !== undefined;
}

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
      // Confirmed here, not by the receiver: its token stays good for the receiver's first use (confirmation.ts).
      confirmedOnBehalf:
        status === 'confirmed'
          ? sql`${subscriptions.confirmedOnBehalf} or ${subscriptions.status} = 'unconfirmed'`
          : false,
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
