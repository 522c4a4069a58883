/** Who acts in the sandbox: the users of the organisation whose side of the process an activity is on. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { contracts, users } from '../../db/schema.js';
import type { AuditEventType } from '../../shared/enums.js';
import type { Actor } from '../../events/record-events.js';
import type { Activity } from './activities.js';
import type { Random } from './random.js';

/** Event kinds the highway authority causes; the promoter's side causes the rest. */
const authorityEventTypes = new Set<AuditEventType>([
  'permit_granted',
  'permit_refused',
  'permit_deemed',
  'permit_revoked',
  'permit_modification_request',
  'inspection_passed',
  'inspection_failed',
  'inspection_works_in_progress',
  'fpn_submitted',
  'sample_inspection_created',
  'sample_inspection_completed',
]);

export function sideOf(activity: Activity): 'promoter' | 'highway_authority' {
  switch (activity.kind) {
    case 'decide_change':
      return 'highway_authority';
    case 'permit':
    case 'open':
    case 'advance':
      return authorityEventTypes.has(activity.eventType) ? 'highway_authority' : 'promoter';
    default:
      return 'promoter';
  }
}

/** Organisation id → usernames acting for it: its planners or officers, and its contractors' users. */
export async function actingUsernames(db: Database): Promise<Map<number, string[]>> {
  const acting = new Map<number, string[]>();
  const add = (organisationId: number, username: string) =>
    acting.set(organisationId, [...(acting.get(organisationId) ?? []), username]);
  const members = await db
    .select({ username: users.username, role: users.role, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.role, ['Planner', 'HighwayAuthority', 'Contractor']));
  for (const member of members.filter((user) => user.role !== 'Contractor'))
    add(member.organisationId, member.username);
  const contracted = await db
    .select({ username: users.username, promoterOrgId: contracts.promoterOrgId })
    .from(contracts)
    .innerJoin(users, and(eq(users.organisationId, contracts.contractorOrgId), eq(users.role, 'Contractor')))
    .where(eq(contracts.status, 'active'));
  for (const contractor of contracted) add(contractor.promoterOrgId, contractor.username);
  return acting;
}

/** One of the usernames, now and then with the internal identification a client passes on. */
export function actorFor(random: Random, usernames: readonly string[] | undefined): Actor {
  if (!usernames || usernames.length === 0) return {};
  const actor: Actor = { username: random.pick(usernames) };
  if (random.next() < 0.2) {
    actor.internalUserIdentifier = `EMP-${random.integer(10000, 99999)}`;
    actor.internalUserName = random.pick(['Sam Patel', 'Jo Whitaker', 'Priya Shah', 'Tom Holroyd', 'Ellie Brook']);
  }
  return actor;
}
