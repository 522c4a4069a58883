/**
 * Events about objects the service keeps no state of — a permit's discount, a reinstatement's
 * site, an organisation's users, geographical areas, fee matrix, activities — recorded as they
 * are told: on a work (with its row locked, like every operation on a work) or as an
 * organisation-level event. The caller names the object and its parent.
 */
import type { Database } from '../db/database.js';
import { eventContext, organisationScope, recordEvents, type EventSpec, type WriteOptions } from './record-events.js';
import { lockWork } from './work-scope.js';

export async function recordWorkEvent(
  db: Database,
  input: { workReferenceNumber: string; event: EventSpec },
  options: WriteOptions = {},
): Promise<void> {
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, input.workReferenceNumber);
    await recordEvents(tx, work, context, [input.event]);
  });
}

/** An organisation-level event regarding a promoter, a highway authority, or both. */
export async function recordOrganisationEvent(
  db: Database,
  input: { promoterOrgId: number | null; highwayAuthorityOrgId: number | null; event: EventSpec },
  options: WriteOptions = {},
): Promise<void> {
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    await recordEvents(tx, organisationScope(input), context, [input.event]);
  });
}
