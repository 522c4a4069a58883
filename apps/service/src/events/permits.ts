/** Permit events: assessment decisions, cancellation, work start and stop, ancillary information. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { permits } from '../db/schema.js';
import type { AuditEventType } from '../shared/enums.js';
import { applyPermitEvent, type PermitEventType } from '../domain/permits.js';
import { eventContext, recordEvents, type EventSpec, type WriteOptions } from './record-events.js';
import { lockPermit } from './work-scope.js';

/** An event about a permit: the permit is the object, its work the parent. */
export function permitEvent(
  eventType: AuditEventType,
  permitReferenceNumber: string,
  workReferenceNumber: string,
): EventSpec {
  return {
    eventType,
    objectType: 'permit',
    objectReferenceNumber: permitReferenceNumber,
    parentObjectReferenceNumber: workReferenceNumber,
  };
}

/**
 * Records a permit event and applies it to the permit summary, in one transaction. Throws
 * ConflictError when the permit's state does not allow the event (see src/domain/permits.ts).
 */
export async function transitionPermit(
  db: Database,
  input: { permitReferenceNumber: string; eventType: PermitEventType },
  options: WriteOptions = {},
): Promise<void> {
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const { permit, work } = await lockPermit(tx, input.permitReferenceNumber);
    const { changes, events } = applyPermitEvent(permit, input.eventType, context.at);
    await tx.update(permits).set(changes).where(eq(permits.id, permit.id));
    await recordEvents(
      tx,
      work,
      context,
      events.map((eventType) => permitEvent(eventType, permit.permitReferenceNumber, work.workReferenceNumber)),
    );
  });
}
