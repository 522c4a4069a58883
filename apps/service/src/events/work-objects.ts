/**
 * The records attached to a work (inspections, sample inspections, FPNs, comments,
 * reinstatements, section 81/74/58): one generic write path driven by the lifecycles in
 * src/domain/work-object-lifecycles.ts. Events name the record as object and its work as parent.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { workObjects, works } from '../db/schema.js';
import type { AuditEventType } from '../shared/enums.js';
import {
  isWorkObjectType,
  openingStatus,
  transitionedStatus,
  workObjectReference,
  type OpeningEventType,
  type WorkObjectTransitionEventType,
  type WorkObjectType,
} from '../domain/work-object-lifecycles.js';
import { NotFoundError } from '../shared/errors.js';
import { requireQuarterOpen } from './quarter-locks.js';
import { eventContext, recordEvents, type EventContext, type EventSpec, type WriteOptions } from './record-events.js';
import { lockWork, type WorkScope } from './work-scope.js';

/** An event about a record of a work: the record is the object, its work the parent. */
export function workObjectEvent(
  eventType: AuditEventType,
  objectType: WorkObjectType,
  reference: string,
  workReferenceNumber: string,
): EventSpec {
  return { eventType, objectType, objectReferenceNumber: reference, parentObjectReferenceNumber: workReferenceNumber };
}

/** Creates a record of the work with one of its type's opening events; returns its reference. */
export async function openWorkObject<T extends WorkObjectType>(
  db: Database,
  input: { workReferenceNumber: string; objectType: T; eventType: OpeningEventType<T> },
  options: WriteOptions = {},
): Promise<{ reference: string }> {
  const status = openingStatus(input.objectType, input.eventType);
  const context = eventContext(options);
  return db.transaction(async (tx) => {
    if (input.objectType === 'sample_inspection') await requireQuarterOpen(tx, input.workReferenceNumber, context.at);
    const work = await lockWork(tx, input.workReferenceNumber);
    const [existing] = await tx
      .select({ n: count() })
      .from(workObjects)
      .where(and(eq(workObjects.workId, work.workId), eq(workObjects.objectType, input.objectType)));
    const reference = workObjectReference(work.workReferenceNumber, input.objectType, (existing?.n ?? 0) + 1);
    await tx.insert(workObjects).values({
      reference,
      workId: work.workId,
      objectType: input.objectType,
      status,
      createdAt: context.at,
      updatedAt: context.at,
    });
    await recordEvents(tx, work, context, [
      workObjectEvent(input.eventType, input.objectType, reference, work.workReferenceNumber),
    ]);
    return { reference };
  });
}

/** Moves a record on with one of its type's transition events. */
export async function advanceWorkObject(
  db: Database,
  input: { reference: string; eventType: WorkObjectTransitionEventType },
  options: WriteOptions = {},
): Promise<void> {
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ workReferenceNumber: works.workReferenceNumber })
      .from(workObjects)
      .innerJoin(works, eq(works.id, workObjects.workId))
      .where(eq(workObjects.reference, input.reference));
    if (!owner) throw new NotFoundError(`no record ${input.reference}`, 'reference');
    const work = await lockWork(tx, owner.workReferenceNumber);
    await advanceLockedWorkObject(tx, work, input.reference, input.eventType, context);
  });
}

/** The transition itself; the caller holds the lock of the record's work. */
export async function advanceLockedWorkObject(
  tx: Database,
  work: WorkScope,
  reference: string,
  eventType: WorkObjectTransitionEventType,
  context: EventContext,
): Promise<void> {
  const [record] = await tx.select().from(workObjects).where(eq(workObjects.reference, reference));
  if (!record) throw new NotFoundError(`no record ${reference}`, 'reference');
  const { objectType } = record;
  if (!isWorkObjectType(objectType)) throw new NotFoundError(`no record ${reference}`, 'reference');
  const status = transitionedStatus(objectType, record.status, eventType);
  await tx.update(workObjects).set({ status, updatedAt: context.at }).where(eq(workObjects.id, record.id));
  await recordEvents(tx, work, context, [workObjectEvent(eventType, objectType, reference, work.workReferenceNumber)]);
}
