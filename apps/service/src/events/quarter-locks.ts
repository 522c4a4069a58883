/**
 * Serialising sample inspection creation against the end of a quarter, per highway authority.
 * Lock order: the quarter lock before any work's row lock, in creation and in endQuarter alike.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { endedSampleInspectionQuarters, works } from '../db/schema.js';
import { quarterOf } from '../domain/quarters.js';
import { ConflictError } from '../shared/errors.js';

/** Advisory lock class of a highway authority's quarters (the second key is the authority's id). */
const quarterLockClass = 74011202;

/**
 * Sample inspections are created under this lock in shared mode and quarters end under it in
 * exclusive mode, so no sample inspection can appear in a quarter while it is being ended.
 */
export async function lockQuarters(
  tx: Database,
  highwayAuthorityOrgId: number,
  mode: 'shared' | 'exclusive',
): Promise<void> {
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${quarterLockClass}, ${highwayAuthorityOrgId})`
      : sql`select pg_advisory_xact_lock(${quarterLockClass}, ${highwayAuthorityOrgId})`,
  );
}

/**
 * Refuses to create a sample inspection in a quarter the work's highway authority has ended.
 * Call before locking the work.
 */
export async function requireQuarterOpen(tx: Database, workReferenceNumber: string, at: Date): Promise<void> {
  const [work] = await tx
    .select({ highwayAuthorityOrgId: works.highwayAuthorityOrgId })
    .from(works)
    .where(eq(works.workReferenceNumber, workReferenceNumber));
  if (!work) return;
  const { highwayAuthorityOrgId } = work;
  await lockQuarters(tx, highwayAuthorityOrgId, 'shared');
  const quarter = quarterOf(at);
  const [ended] = await tx
    .select({ quarter: endedSampleInspectionQuarters.quarter })
    .from(endedSampleInspectionQuarters)
    .where(
      and(
        eq(endedSampleInspectionQuarters.highwayAuthorityOrgId, highwayAuthorityOrgId),
        eq(endedSampleInspectionQuarters.quarter, quarter),
      ),
    );
  if (ended) throw new ConflictError(`the sample inspection quarter ${quarter} has ended`);
}
