/** Submitting a work with its first permit, and a refused permit again. */
import { enumerations } from '@street-events/types';
import { propertyConstraints, type components } from '@street-events/types/operator';
import { and, desc, eq } from 'drizzle-orm';
import { requireOrganisation, defaultWorkstreamPrefix } from '../directory/organisations.js';
import type { Database } from '../db/database.js';
import { permits, works, workstreams } from '../db/schema.js';
import { submittedPermit, type PermitApplication } from '../domain/permits.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import type { AuditEventType } from '../shared/enums.js';
import { permitEvent } from './permits.js';
import { eventContext, recordEvents, type WriteOptions } from './record-events.js';
import { lockWork, type WorkScope } from './work-scope.js';

/** A new work with its first permit application, as the operator document's `submitWork` takes it. */
export type WorkSubmission = components['schemas']['InternalWorkSubmission'];

/** A work's own fields in a submission: where it is and whose it is (a works record holds only these). */
export type WorksRecord = Pick<
  WorkSubmission,
  | 'work_reference_number'
  | 'promoter_swa_code'
  | 'highway_authority_swa_code'
  | 'workstream_prefix'
  | 'street'
  | 'town'
  | 'area'
  | 'usrn'
  | 'road_category'
  | 'works_coordinates'
  | 'location_description'
>;

/** A permit reference is the work reference and a two-digit number. */
export function permitReference(workReferenceNumber: string, sequence: number): string {
  return `${workReferenceNumber}-${String(sequence).padStart(2, '0')}`;
}

/** The row of a submitted work, once its organisations and workstream are known. */
export function newWorkRow(
  submission: WorksRecord,
  owners: { promoterOrgId: number; highwayAuthorityOrgId: number; workstreamId: number },
): typeof works.$inferInsert {
  return {
    ...owners,
    workReferenceNumber: submission.work_reference_number,
    street: submission.street,
    town: submission.town,
    area: submission.area,
    usrn: submission.usrn,
    roadCategory: submission.road_category,
    worksCoordinates: submission.works_coordinates,
    locationDescription: submission.location_description,
  };
}

/** The bounds of a new work's reference and USRN, as the operator document gives them. */
const { work_reference_number: workReference, usrn } = propertyConstraints.InternalWorkSubmission;
const workReferencePattern = new RegExp(workReference.pattern);

/** The work's own fields as the domain allows them (for callers the document's validation did not reach); throws ValidationError naming the field. */
function checkWorkFields(submission: WorksRecord): void {
  if (!workReferencePattern.test(submission.work_reference_number)) {
    throw new ValidationError('a work reference is 1 to 24 letters, digits, - or _', 'work_reference_number', {
      rule: 'pattern',
    });
  }
  const { minimum, maximum } = usrn;
  if (!Number.isInteger(submission.usrn) || submission.usrn < minimum || submission.usrn > maximum) {
    throw new ValidationError(`usrn must be a whole number from ${minimum} to ${maximum}`, 'usrn', {
      rule: submission.usrn > maximum ? 'maximum' : Number.isInteger(submission.usrn) ? 'minimum' : 'multipleOf',
    });
  }
}

/** Inserts the work in the caller's transaction; returns it as the scope of its events. */
async function insertWork(tx: Database, submission: WorksRecord): Promise<WorkScope> {
  const promoter = await requireOrganisation(tx, submission.promoter_swa_code, 'promoter');
  const highwayAuthority = await requireOrganisation(tx, submission.highway_authority_swa_code, 'highway_authority');
  const prefix = submission.workstream_prefix ?? defaultWorkstreamPrefix;
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
  if (!work)
    throw new ConflictError(`work ${submission.work_reference_number} exists already`, 'work_reference_number');
  return {
    workId: work.id,
    workReferenceNumber: submission.work_reference_number,
    promoterOrgId: promoter.id,
    highwayAuthorityOrgId: highwayAuthority.id,
    workstreamPrefix: prefix,
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
  checkWorkFields(submission);
  const workReferenceNumber = submission.work_reference_number;
  const context = eventContext(options);
  const { permit, events } = submittedPermit(submission, context.at, submission.started_on_submission);
  const permitReferenceNumber = permitReference(workReferenceNumber, 1);
  await db.transaction(async (tx) => {
    const work = await insertWork(tx, submission);
    await tx.insert(permits).values({ ...permit, workId: work.workId, permitReferenceNumber });
    await recordEvents(
      tx,
      work,
      context,
      events.map((eventType) => permitEvent(eventType, permitReferenceNumber, workReferenceNumber)),
    );
  });
  return { workReferenceNumber, permitReferenceNumber };
}

/**
 * Submits a work's permit again after its refusal: a new permit from the application, numbered
 * after the work's others (`<work>-02`, …), recording permit_submitted. Throws ConflictError
 * unless the work's latest permit was refused (a works record has none).
 */
export async function resubmitPermit(
  db: Database,
  input: { workReferenceNumber: string; application: PermitApplication },
  options: WriteOptions = {},
): Promise<{ permitReferenceNumber: string }> {
  const context = eventContext(options);
  return db.transaction(async (tx) => {
    const work = await lockWork(tx, input.workReferenceNumber);
    const held = await tx
      .select({ status: permits.status })
      .from(permits)
      .where(eq(permits.workId, work.workId))
      .orderBy(desc(permits.id));
    const latest = held[0]?.status;
    if (latest !== 'refused') {
      const why = latest === undefined ? `${work.workReferenceNumber} has no permit` : `the permit is ${latest}`;
      throw new ConflictError(`permit_submitted is not possible: ${why}, not refused`);
    }
    const permitReferenceNumber = permitReference(work.workReferenceNumber, held.length + 1);
    const { permit, events } = submittedPermit(input.application, context.at);
    await tx.insert(permits).values({ ...permit, workId: work.workId, permitReferenceNumber });
    const specs = events.map((eventType) => permitEvent(eventType, permitReferenceNumber, work.workReferenceNumber));
    await recordEvents(tx, work, context, specs);
    return { permitReferenceNumber };
  });
}

/**
 * The events that create a works record: a work recorded without a permit application
 * (planned, in progress, historic, non-notifiable, section 81 or unattributable works).
 */
export const worksRecordEventTypes = enumerations.AuditEventType.values.filter((eventType) =>
  eventType.endsWith('_works_record_created'),
);

/** Creates a works record: the work alone, recording one of `worksRecordEventTypes` about it. */
export async function createWorksRecord(
  db: Database,
  input: { eventType: AuditEventType; record: WorksRecord },
  options: WriteOptions = {},
): Promise<{ workReferenceNumber: string }> {
  if (!worksRecordEventTypes.includes(input.eventType)) {
    throw new ValidationError(`${input.eventType} does not create a works record`, 'event_type', { rule: 'enum' });
  }
  checkWorkFields(input.record);
  const workReferenceNumber = input.record.work_reference_number;
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const work = await insertWork(tx, input.record);
    await recordEvents(tx, work, context, [
      {
        eventType: input.eventType,
        objectType: 'work',
        objectReferenceNumber: workReferenceNumber,
        parentObjectReferenceNumber: null,
      },
    ]);
  });
  return { workReferenceNumber };
}
