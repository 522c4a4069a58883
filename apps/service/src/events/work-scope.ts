/**
 * Loading the work an operation acts on, with its row locked for the rest of the
 * transaction: operations on one work are serialised, so state checks and reference
 * numbering (`<work>-INS01`, ...) cannot race.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { permits, works, workstreams } from '../db/schema.js';
import type { PermitRow } from '../domain/permits.js';
import { NotFoundError } from '../shared/errors.js';
import type { EventScope } from './record-events.js';

export interface WorkScope extends EventScope {
  workId: number;
  workReferenceNumber: string;
  promoterOrgId: number;
  highwayAuthorityOrgId: number;
  workstreamPrefix: string;
}

const workScopeColumns = {
  workId: works.id,
  workReferenceNumber: works.workReferenceNumber,
  promoterOrgId: works.promoterOrgId,
  highwayAuthorityOrgId: works.highwayAuthorityOrgId,
  workstreamPrefix: workstreams.prefix,
};

export async function lockWork(tx: Database, workReferenceNumber: string): Promise<WorkScope> {
  const [work] = await tx
    .select(workScopeColumns)
    .from(works)
    .innerJoin(workstreams, eq(workstreams.id, works.workstreamId))
    .where(eq(works.workReferenceNumber, workReferenceNumber))
    .for('update', { of: works });
  if (!work) throw new NotFoundError(`no work ${workReferenceNumber}`, 'work_reference_number');
  return work;
}

export async function lockPermit(
  tx: Database,
  permitReferenceNumber: string,
): Promise<{ permit: PermitRow; work: WorkScope }> {
  const [row] = await tx
    .select({ permit: permits, work: workScopeColumns })
    .from(permits)
    .innerJoin(works, eq(works.id, permits.workId))
    .innerJoin(workstreams, eq(workstreams.id, works.workstreamId))
    .where(eq(permits.permitReferenceNumber, permitReferenceNumber))
    .for('update', { of: works });
  if (!row) throw new NotFoundError(`no permit ${permitReferenceNumber}`, 'permit_reference_number');
  return row;
}
