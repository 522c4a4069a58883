/**
 * Removing a subscription, and the events that record a subscription's coming and going:
 * `event_subscription_created` / `event_subscription_removed`, organisation-level events (object:
 * the subscription reference) of each organisation the subscription covers. A removed
 * subscription's coverage and deliveries go with it (`on delete cascade`).
 */
import { eq } from 'drizzle-orm';
import type { Caller } from '../../directory/caller.js';
import type { Database } from '../../db/database.js';
import { subscriptionCoverage, subscriptions } from '../../db/schema.js';
import type { AuditEventType } from '../../shared/enums.js';
import { organisationScope, recordEvents, type EventContext } from '../../events/record-events.js';

export const isHighwayAuthority = (caller: Caller) => caller.organisation.kind === 'highway_authority';

/** One event per covered organisation, in the column of its kind. */
export async function recordSubscriptionEvents(
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

/** Removes a confirmed subscription and records `event_subscription_removed` for each organisation it covered. */
export async function removeSubscription(
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
