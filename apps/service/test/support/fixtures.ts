/** Small builders of organisations, callers and works; every name and code is unique per file. */
import { eq } from 'drizzle-orm';
import { addContract } from '../../src/events/contracts.js';
import { createOrganisation, type Organisation } from '../../src/directory/organisations.js';
import { createUser } from '../../src/directory/users.js';
import { createWorkstream } from '../../src/directory/workstreams.js';
import type { Caller } from '../../src/directory/caller.js';
import { setPassword } from '../../src/directory/login.js';
import { authenticate, issueToken } from '../../src/directory/tokens.js';
import type { Clock } from '../../src/shared/clock.js';
import type { Database } from '../../src/db/database.js';
import { auditEvents, type UserRole } from '../../src/db/schema.js';
import type { WorkCategory } from '../../src/shared/enums.js';
import { submitWork, type WorkSubmission } from '../../src/events/works.js';
import type { WriteOptions } from '../../src/events/record-events.js';
import type { WorkUpdateSummary } from '@street-events/types';
import { pollUpdates, type PollUpdatesParams } from '../../src/features/polling/poll-updates.js';

let sequence = 0;
const next = () => String(++sequence);

export const promoter = (db: Database) =>
  createOrganisation(db, { kind: 'promoter', name: `Promoter ${next()}`, swaCode: `P${sequence}` });
export const highwayAuthority = (db: Database) =>
  createOrganisation(db, { kind: 'highway_authority', name: `Authority ${next()}`, swaCode: `H${sequence}` });
export const contractor = (db: Database) =>
  createOrganisation(db, { kind: 'contractor', name: `Contractor ${next()}` });

/** A promoter of its own and a highway authority, with the promoter's planner: sees only what the test creates. */
export async function promoterWithPlanner(db: Database) {
  const owner = await promoter(db);
  const authority = await highwayAuthority(db);
  return { db, owner, authority, planner: await callerOf(db, owner, 'Planner') };
}

/** A new user of the organisation with the role; returns the user's new token. */
export async function tokenFor(db: Database, organisation: Organisation, role: UserRole): Promise<string> {
  const user = await createUser(db, { username: `user-${next()}`, role, organisation: organisation.name });
  return (await issueToken(db, user.username)).token;
}

/** The password `userWithLogin` gives its users. */
export const loginPassword = 'correct horse battery staple';

/** A new user of the organisation with the role, an email address and `loginPassword`: one who may log in. */
export async function userWithLogin(
  db: Database,
  organisation: Organisation,
  role: UserRole = 'Planner',
): Promise<{ username: string; email: string }> {
  const username = `login-${next()}`;
  await createUser(db, { username, role, organisation: organisation.name });
  const email = `${username}@example.test`;
  await setPassword(db, username, email, loginPassword);
  return { username, email };
}

/** A user of the organisation, as the caller its new token authenticates to. */
export async function callerOf(db: Database, organisation: Organisation, role: UserRole): Promise<Caller> {
  const token = await tokenFor(db, organisation, role);
  const caller = await authenticate(db, token);
  if (!caller) throw new Error('a fresh token did not authenticate');
  return caller;
}

/** A contractor organisation, contracted to the promoters, and its caller. */
export async function contractorCaller(db: Database, promoters: Organisation[]): Promise<Caller> {
  const organisation = await contractor(db);
  for (const contracted of promoters)
    await addContract(db, { contractor: organisation.name, promoter: contracted.name });
  return callerOf(db, organisation, 'Contractor');
}

export async function workstream(db: Database, owner: Organisation, prefix: string): Promise<void> {
  await createWorkstream(db, { promoter: owner.name, prefix, description: `Workstream ${prefix}` });
}

export interface WorkOptions extends WriteOptions {
  workstreamPrefix?: string;
  workCategory?: WorkCategory;
  startedOnSubmission?: boolean;
}

/** Submits a work with its first permit; returns the references. */
export async function work(
  db: Database,
  owner: Organisation,
  authority: Organisation,
  options: WorkOptions = {},
): Promise<{ workReferenceNumber: string; permitReferenceNumber: string }> {
  const start = new Date('2031-03-02T08:00:00Z');
  const submission: WorkSubmission = {
    work_reference_number: `W${owner.swaCode}X${next()}`,
    promoter_swa_code: owner.swaCode ?? '',
    highway_authority_swa_code: authority.swaCode ?? '',
    workstream_prefix: options.workstreamPrefix,
    street: 'Briggate',
    town: 'Leeds',
    area: 'City Centre',
    usrn: 7201234,
    road_category: 2,
    works_coordinates: { type: 'Point', coordinates: [430123.5, 433456.25] },
    location_description: 'Outside number 12',
    description_of_work: 'Replace a water main valve',
    work_category: options.workCategory ?? 'standard',
    traffic_management_type: 'lane_closure',
    activity_type: 'utility_repair_and_maintenance_works',
    proposed_start_date: start.toISOString(),
    proposed_end_date: new Date(start.getTime() + 3 * 24 * 3600 * 1000).toISOString(),
    started_on_submission: options.startedOnSubmission,
  };
  return submitWork(db, submission, options);
}

/** A clock that stands still at `at`. */
export const clockAt =
  (at: Date | string): Clock =>
  () =>
    new Date(at);

/** Follows the polling cursor from `update_id` 0 to the end; returns every row seen. */
export async function pollAll(
  db: Database,
  caller: Caller,
  params: PollUpdatesParams = {},
): Promise<WorkUpdateSummary[]> {
  const rows: WorkUpdateSummary[] = [];
  let cursor = params.update_id ?? 0;
  for (;;) {
    const page = await pollUpdates(db, caller, { ...params, update_id: cursor });
    rows.push(...page.rows);
    if (page.next_update === null || page.next_update === undefined) return rows;
    cursor = page.next_update;
  }
}

/** All events recorded about an object, in update_id order, as stored. */
export async function eventsAbout(db: Database, objectReferenceNumber: string) {
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.objectReferenceNumber, objectReferenceNumber));
  return rows.sort((a, b) => (a.updateId ?? 0) - (b.updateId ?? 0));
}
