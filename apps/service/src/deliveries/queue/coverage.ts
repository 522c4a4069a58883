/**
 * Coverage: the organisations whose events a subscription receives. A planner's or highway
 * authority's covers its own organisation; a contractor's covers every promoter it holds an
 * active contract with, grows when a contract is added and shrinks when one is removed (with the
 * pending deliveries for that promoter); without any coverage left it is removed. A contractor's
 * subscribing and the changes to its contracts take the contractor's row in turn, so that neither
 * misses the other.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { contracts, subscriptionCoverage, subscriptions, type OrganisationKind } from '../../db/schema.js';
import { dropPendingDeliveries } from './outbox.js';

/**
 * Serialises a contractor's subscribing with changes to its contracts, so that neither misses the
 * other: whichever comes second sees what the first committed.
 */
async function lockContractor(tx: Database, contractorOrgId: number): Promise<void> {
  await tx.execute(sql`select id from organisations where id = ${contractorOrgId} for no key update`);
}

/** The organisations a subscription of `organisation` covers, read in the transaction. */
export async function coveredOrganisations(
  tx: Database,
  organisation: { id: number; kind: OrganisationKind },
): Promise<number[]> {
  if (organisation.kind !== 'contractor') return [organisation.id];
  await lockContractor(tx, organisation.id);
  const rows = await tx
    .select({ id: contracts.promoterOrgId })
    .from(contracts)
    .where(and(eq(contracts.contractorOrgId, organisation.id), eq(contracts.status, 'active')));
  return rows.map((row) => row.id);
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
