/**
 * The data a hostile campaign runs against: a promoter with a work, its highway authority, a
 * contracted and an idle contractor, an operator, and a token for each; and who sends what
 * (the audience of each document).
 */
import { addContract, removeContract } from '../src/events/contracts.js';
import { createOrganisation } from '../src/directory/organisations.js';
import { createUser } from '../src/directory/users.js';
import { issueToken } from '../src/directory/tokens.js';
import type { UserRole } from '../src/db/schema.js';
import type { Database } from '../src/db/database.js';
import { submitWork } from '../src/events/works.js';
import type { Operation } from '../src/http/openapi.js';
import type { Audience } from './requests.js';

export interface World {
  tokens: Record<'planner' | 'authority' | 'contractor' | 'idleContractor' | 'operator', string>;
}

async function tokenOf(db: Database, organisation: string, role: UserRole, username: string): Promise<string> {
  await createUser(db, { username, role, organisation });
  return (await issueToken(db, username)).token;
}

export async function createWorld(db: Database): Promise<World> {
  const promoter = await createOrganisation(db, { kind: 'promoter', name: 'Fuzz Water', swaCode: 'FZ01' });
  const authority = await createOrganisation(db, { kind: 'highway_authority', name: 'Fuzz Council', swaCode: 'FZ02' });
  const contractor = await createOrganisation(db, { kind: 'contractor', name: 'Fuzz Civils' });
  const idle = await createOrganisation(db, { kind: 'contractor', name: 'Idle Civils' });
  await addContract(db, { contractor: contractor.name, promoter: promoter.name });
  await addContract(db, { contractor: idle.name, promoter: promoter.name });
  await removeContract(db, { contractor: idle.name, promoter: promoter.name });
  await submitWork(db, {
    work_reference_number: 'FZ01WORK0001',
    promoter_swa_code: 'FZ01',
    highway_authority_swa_code: 'FZ02',
    street: 'High Street',
    town: 'Leeds',
    area: 'West Yorkshire',
    usrn: 1000001,
    road_category: 2,
    works_coordinates: { type: 'Point', coordinates: [430000, 433000] },
    location_description: 'Outside number 1',
    description_of_work: 'Replace a valve',
    work_category: 'minor',
    traffic_management_type: 'lane_closure',
    activity_type: 'utility_repair_and_maintenance_works',
    proposed_start_date: '2031-01-01T08:00:00Z',
    proposed_end_date: '2031-01-02T17:00:00Z',
  });
  return {
    tokens: {
      planner: await tokenOf(db, promoter.name, 'Planner', 'fuzz.planner'),
      authority: await tokenOf(db, authority.name, 'HighwayAuthority', 'fuzz.authority'),
      contractor: await tokenOf(db, contractor.name, 'Contractor', 'fuzz.contractor'),
      idleContractor: await tokenOf(db, idle.name, 'Contractor', 'fuzz.idle'),
      operator: await tokenOf(db, promoter.name, 'Operator', 'fuzz.operator'),
    },
  };
}

/**
 * The interface's operations are sent by the callers of every role, the operator API's by the
 * operator, and those of it open to every role (the delivery history) by the operator and the
 * callers of every role.
 */
export function audienceOf(world: World, basePath: string): Audience {
  const { operator, ...callers } = world.tokens;
  const tokensFor = (operation: Operation) => {
    if (!operation.allowedRoles.includes('Operator')) return Object.values(callers);
    return operation.allowedRoles.length > 1 ? [operator, ...Object.values(callers)] : [operator];
  };
  return { basePath, tokensFor };
}
