/** The organisations a query reaches, as a condition on the column holding an organisation's id. */
import { eq, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The organisations whose subscriptions and messages a query reaches: every one (`'any'`, the
 * Operator's view) or one, by id (any other caller's: its own).
 */
export type OrganisationScope = number | 'any';

/** The condition that keeps a query within `scope`, on the column holding the organisation id. */
export const withinScope = (organisationId: AnyColumn, scope: OrganisationScope): SQL | undefined =>
  scope === 'any' ? undefined : eq(organisationId, scope);
