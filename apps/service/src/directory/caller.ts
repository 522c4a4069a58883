/** Who is calling, and which works they may see. */
import type { Organisation } from './organisations.js';
import type { OrganisationScope } from '../db/organisation-scope.js';
import type { UserRole } from '../db/schema.js';
import { ForbiddenError } from '../shared/errors.js';

export interface Caller {
  username: string;
  role: UserRole;
  organisation: Organisation;
  /** For a contractor: the promoters its organisation holds an active contract with. */
  activeContracts: { id: number; name: string; swaCode: string | null }[];
}

/** Whose subscriptions, messages and dead letters a caller sees: the Operator every organisation's, anyone else its own. */
export const organisationScopeOf = (caller: Caller): OrganisationScope =>
  caller.role === 'Operator' ? 'any' : caller.organisation.id;

/** Works of these promoters (or of any), in this highway authority's area (or in any). */
export interface Visibility {
  promoterOrgIds: readonly number[] | 'any';
  highwayAuthorityOrgId: number | 'any';
}

/** What each role sees when nothing narrows it: its own works, its authority's, or its contracted promoters'. */
export function visibilityOf(caller: Caller): Visibility {
  switch (caller.role) {
    case 'Planner':
      return { promoterOrgIds: [caller.organisation.id], highwayAuthorityOrgId: 'any' };
    case 'HighwayAuthority':
      return { promoterOrgIds: 'any', highwayAuthorityOrgId: caller.organisation.id };
    case 'Contractor':
      return { promoterOrgIds: caller.activeContracts.map((promoter) => promoter.id), highwayAuthorityOrgId: 'any' };
    case 'Operator':
      throw new ForbiddenError('the Operator role may not use this operation');
  }
}
