/**
 * Ending a highway authority's sample inspection quarter: each sample inspection still open
 * in that quarter expires (sample_inspection_expired, an event of its work), then each
 * promoter concerned is told the quarter ended (sample_inspection_quarter_ended, an
 * organisation-level event whose object is the quarter). A quarter ends once, unless its end
 * is reverted (sample_inspection_quarter_end_reverted): it is open again, and the sample
 * inspections that expired stay expired.
 */
import type { components } from '@street-events/types/operator';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { requireOrganisation } from '../directory/organisations.js';
import type { Database } from '../db/database.js';
import { endedSampleInspectionQuarters, workObjects, works } from '../db/schema.js';
import { quarterBounds } from '../domain/quarters.js';
import { ConflictError } from '../shared/errors.js';
import {
  eventContext,
  organisationScope,
  recordEvents,
  type EventContext,
  type WriteOptions,
} from './record-events.js';
import type { AuditEventType } from '../shared/enums.js';
import { lockQuarters } from './quarter-locks.js';
import { advanceLockedWorkObject } from './work-objects.js';
import { lockWork } from './work-scope.js';

/** A highway authority (its swa_code or name) and a quarter of it, as the operator document's `endQuarter` takes them. */
export type QuarterEnd = components['schemas']['InternalQuarterEnd'];

export async function endQuarter(
  db: Database,
  input: QuarterEnd,
  options: WriteOptions = {},
): Promise<{ expired: string[] }> {
  const { start, end } = quarterBounds(input.quarter);
  const context = eventContext(options);
  return db.transaction(async (tx) => {
    const authority = await requireOrganisation(tx, input.highway_authority, 'highway_authority');
    await lockQuarters(tx, authority.id, 'exclusive');
    const [ended] = await tx
      .insert(endedSampleInspectionQuarters)
      .values({ highwayAuthorityOrgId: authority.id, quarter: input.quarter, endedAt: context.at })
      .onConflictDoNothing()
      .returning({ quarter: endedSampleInspectionQuarters.quarter });
    if (!ended) throw new ConflictError(`${authority.name} has ended ${input.quarter} already`);

    const inQuarter = await sampleInspectionsIn(tx, authority.id, start, end);
    const expired: string[] = [];
    for (const inspection of inQuarter.filter((candidate) => candidate.status === 'open')) {
      const work = await lockWork(tx, inspection.workReferenceNumber);
      await advanceLockedWorkObject(tx, work, inspection.reference, 'sample_inspection_expired', context);
      expired.push(inspection.reference);
    }
    await tellPromoters(tx, inQuarter, authority.id, input.quarter, 'sample_inspection_quarter_ended', context);
    return { expired };
  });
}

/** Opens an ended quarter again: each promoter concerned is told (sample_inspection_quarter_end_reverted). */
export async function revertQuarterEnd(db: Database, input: QuarterEnd, options: WriteOptions = {}): Promise<void> {
  const { start, end } = quarterBounds(input.quarter);
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const authority = await requireOrganisation(tx, input.highway_authority, 'highway_authority');
    await lockQuarters(tx, authority.id, 'exclusive');
    const [reverted] = await tx
      .delete(endedSampleInspectionQuarters)
      .where(
        and(
          eq(endedSampleInspectionQuarters.highwayAuthorityOrgId, authority.id),
          eq(endedSampleInspectionQuarters.quarter, input.quarter),
        ),
      )
      .returning({ quarter: endedSampleInspectionQuarters.quarter });
    if (!reverted) throw new ConflictError(`${authority.name} has not ended ${input.quarter}`);
    const inQuarter = await sampleInspectionsIn(tx, authority.id, start, end);
    await tellPromoters(tx, inQuarter, authority.id, input.quarter, 'sample_inspection_quarter_end_reverted', context);
  });
}

/** The authority's sample inspections created in [start, end), in creation order. */
function sampleInspectionsIn(tx: Database, highwayAuthorityOrgId: number, start: Date, end: Date) {
  return tx
    .select({
      reference: workObjects.reference,
      status: workObjects.status,
      workReferenceNumber: works.workReferenceNumber,
      promoterOrgId: works.promoterOrgId,
    })
    .from(workObjects)
    .innerJoin(works, eq(works.id, workObjects.workId))
    .where(
      and(
        eq(workObjects.objectType, 'sample_inspection'),
        eq(works.highwayAuthorityOrgId, highwayAuthorityOrgId),
        gte(workObjects.createdAt, start),
        lt(workObjects.createdAt, end),
      ),
    )
    .orderBy(asc(workObjects.id));
}

/** An organisation-level event about the quarter for each promoter whose works the sample inspections are on. */
async function tellPromoters(
  tx: Database,
  inspections: readonly { promoterOrgId: number }[],
  highwayAuthorityOrgId: number,
  quarter: string,
  eventType: AuditEventType,
  context: EventContext,
): Promise<void> {
  for (const promoterOrgId of new Set(inspections.map((inspection) => inspection.promoterOrgId))) {
    await recordEvents(tx, organisationScope({ promoterOrgId, highwayAuthorityOrgId }), context, [
      {
        eventType,
        objectType: 'sample_inspection_target',
        objectReferenceNumber: quarter,
        parentObjectReferenceNumber: null,
      },
    ]);
  }
}
