/** Submitting a work with its first permit. */
import { and, eq } from 'drizzle-orm';
import { requireOrganisation, defaultWorkstreamPrefix } from '../directory/organisations.js';
import type { Database } from '../db/database.js';
import { permits, works, workstreams, type WorksCoordinates } from '../db/schema.js';
import { submittedPermit, type PermitApplication } from '../domain/permits.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { permitEvent } from './permits.js';
import { eventContext, recordEvents, type WriteOptions } from './record-events.js';

export interface WorkSubmission {
  /** Up to 24 letters, digits, `-` and `_`. */
  workReferenceNumber: string;
  promoterSwaCode: string;
  highwayAuthoritySwaCode: string;
  /** Three digits; `000` by default. */
  workstreamPrefix?: string;
  street: string;
  town: string;
  area: string;
  /** 1000001..99999999 */
  usrn: number;
  roadCategory: number;
  worksCoordinates: WorksCoordinates;
  locationDescription: string;
  permit: PermitApplication;
  /** Immediate works only: the work started as the permit was submitted. */
  startedOnSubmission?: boolean;
}

/** A permit reference is the work reference and a two-digit number. */
export function permitReference(workReferenceNumber: string, sequence: number): string {
  return `${workReferenceNumber}-${String(sequence).padStart(2, '0')}`;
}

/** The row of a submitted work, once its organisations and workstream are known. */
export function newWorkRow(
  submission: WorkSubmission,
  owners: { promoterOrgId: number; highwayAuthorityOrgId: number; workstreamId: number },
): typeof works.$inferInsert {
  return {
    ...owners,
    workReferenceNumber: submission.workReferenceNumber,
    street: submission.street,
    town: submission.town,
    area: submission.area,
    usrn: submission.usrn,
    roadCategory: submission.roadCategory,
    worksCoordinates: submission.worksCoordinates,
    locationDescription: submission.locationDescription,
  };
}

/**
 * Creates the work and its first permit, recording permit_submitted. An immediate work started
 * on submission also records work_start_logged, after permit_submitted, at the same time.
 */
export async function submitWork(
  db: Database,
  submission: WorkSubmission,
  options: WriteOptions = {},
): Promise<{ workReferenceNumber: string; permitReferenceNumber: string }> {
  const { workReferenceNumber } = submission;
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(workReferenceNumber)) {
    throw new ValidationError('a work reference is 1 to 24 letters, digits, - or _', 'work_reference_number', {
      rule: 'pattern',
    });
  }
  if (!Number.isInteger(submission.usrn) || submission.usrn < 1000001 || submission.usrn > 99999999) {
    throw new ValidationError('usrn must be a whole number from 1000001 to 99999999', 'usrn', {
      rule: submission.usrn > 99999999 ? 'maximum' : Number.isInteger(submission.usrn) ? 'minimum' : 'multipleOf',
    });
  }
  const context = eventContext(options);
  const { permit, events } = submittedPermit(submission.permit, context.at, submission.startedOnSubmission);
  const permitReferenceNumber = permitReference(workReferenceNumber, 1);

  await db.transaction(async (tx) => {
    const promoter = await requireOrganisation(tx, submission.promoterSwaCode, 'promoter');
    const highwayAuthority = await requireOrganisation(tx, submission.highwayAuthoritySwaCode, 'highway_authority');
    const prefix = submission.workstreamPrefix ?? defaultWorkstreamPrefix;
    const [workstream] = await tx
      .select({ id: workstreams.id })
      .from(workstreams)
      .where(and(eq(workstreams.promoterOrgId, promoter.id), eq(workstreams.prefix, prefix)));
    if (!workstream) throw new NotFoundError(`${promoter.name} has no workstream ${prefix}`, 'workstream_prefix');
    const [work] = await tx
      .insert(works)
      .values(
        newWorkRow(submission, {
          promoterOrgId: promoter.id,
          highwayAuthorityOrgId: highwayAuthority.id,
          workstreamId: workstream.id,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: works.id });
    if (!work) throw new ConflictError(`work ${workReferenceNumber} exists already`, 'work_reference_number');
    await tx.insert(permits).values({ ...permit, workId: work.id, permitReferenceNumber });
    await recordEvents(
      tx,
      {
        workId: work.id,
        workReferenceNumber,
        promoterOrgId: promoter.id,
        highwayAuthorityOrgId: highwayAuthority.id,
        workstreamPrefix: prefix,
      },
      context,
      events.map((eventType) => permitEvent(eventType, permitReferenceNumber, workReferenceNumber)),
    );
  });
  return { workReferenceNumber, permitReferenceNumber };
}
