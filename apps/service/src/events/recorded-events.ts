/** Events an operation recorded, read back once committed: the answer of the operator API and the trigger command. */
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { auditEvents } from '../db/schema.js';
import type { AuditEventType, AuditObjectType } from '../shared/enums.js';

export interface RecordedEvent {
  update_id: number | null;
  update_date_time: string;
  event_type: AuditEventType;
  object_type: AuditObjectType;
  object_reference_number: string | null;
  parent_object_reference_number: string | null;
}

/** The events of these internal ids, as committed, in update_id order. */
export async function recordedEvents(db: Database, eventIds: readonly number[]): Promise<RecordedEvent[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({
      updateId: auditEvents.updateId,
      updateDateTime: auditEvents.updateDateTime,
      eventType: auditEvents.eventType,
      objectType: auditEvents.objectType,
      objectReferenceNumber: auditEvents.objectReferenceNumber,
      parentObjectReferenceNumber: auditEvents.parentObjectReferenceNumber,
    })
    .from(auditEvents)
    .where(inArray(auditEvents.id, [...eventIds]))
    .orderBy(asc(auditEvents.updateId));
  return rows.map((row) => ({
    update_id: row.updateId,
    update_date_time: row.updateDateTime.toISOString(),
    event_type: row.eventType,
    object_type: row.objectType,
    object_reference_number: row.objectReferenceNumber,
    parent_object_reference_number: row.parentObjectReferenceNumber,
  }));
}
