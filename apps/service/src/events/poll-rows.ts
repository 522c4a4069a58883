/**
 * Stored polling rows: each work event's `WorkUpdateSummary` as JSON text, written once, so a
 * page of polling is stored text joined together, with no per-row work on the request path.
 *
 * The row holds the event's `update_id`, which is allocated at commit (migration 0001), after
 * the event is inserted: the event source stores the text before and after the id
 * (`poll_row_head`, `poll_row_tail`) and the commit-time trigger joins them around the id
 * (migration 0006). `refreshPollRows` writes the rows of events stored before that, or built
 * from enumeration texts that have changed since (a fingerprint of the texts is kept in
 * `read_models`); `serve` and `migrate` run it.
 */
import { createHash } from 'node:crypto';
import { enumerations, type WorkUpdateSummary } from '@street-events/types';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.js';
import { readModels } from '../db/schema.js';
import { textOf, type AuditEventType, type AuditObjectType } from '../shared/enums.js';

export interface PollRowFields {
  workReferenceNumber: string;
  updateDateTime: string;
  eventType: AuditEventType;
  objectType: AuditObjectType;
  parentObjectReferenceNumber: string | null;
  objectReferenceNumber: string | null;
}

/** The polling row of an event, as the document's `WorkUpdateSummary`. */
export function workUpdateSummary(fields: PollRowFields, updateId: number): WorkUpdateSummary {
  return {
    work_reference_number: fields.workReferenceNumber,
    update_date_time: fields.updateDateTime,
    update_id: updateId,
    event_type: fields.eventType,
    event_type_string: textOf('AuditEventType', fields.eventType),
    object_type: fields.objectType,
    object_type_string: textOf('AuditObjectTypeResponse', fields.objectType),
    parent_object_reference_number: fields.parentObjectReferenceNumber,
    object_reference_number: fields.objectReferenceNumber,
  };
}

/** The JSON text of a polling row before and after its `update_id` (which is not known yet). */
export function pollRowParts(fields: PollRowFields): { head: string; tail: string } {
  const marker = -1;
  const text = JSON.stringify(workUpdateSummary(fields, marker));
  const at = text.indexOf(`"update_id":${marker}`) + '"update_id":'.length;
  return { head: text.slice(0, at), tail: text.slice(at + String(marker).length) };
}

const readModel = 'poll_rows';

/** What stored rows were built from: their format and the texts of the enumerations they hold. */
export const pollRowsFingerprint = createHash('sha256')
  .update(JSON.stringify([1, enumerations.AuditEventType.texts, enumerations.AuditObjectTypeResponse.texts]))
  .digest('hex');

interface LegacyRow {
  id: number;
  update_id: string;
  work_reference_number: string;
  update_date_time: string;
  event_type: AuditEventType;
  object_type: AuditObjectType;
  parent_object_reference_number: string | null;
  object_reference_number: string | null;
}

/** Writes up to `batch` missing rows; returns how many. */
async function writeMissingRows(db: Database, batch: number): Promise<number> {
  const rows = await queryRows<LegacyRow>(
    db,
    sql`select id, update_id, work_reference_number, to_char(update_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as update_date_time,
               event_type, object_type, parent_object_reference_number, object_reference_number
        from audit_events where work_id is not null and update_id is not null and poll_row is null
        order by id limit ${batch}`,
  );
  if (rows.length === 0) return 0;
  const texts = rows.map((row) =>
    JSON.stringify(
      workUpdateSummary(
        {
          workReferenceNumber: row.work_reference_number,
          updateDateTime: row.update_date_time,
          eventType: row.event_type,
          objectType: row.object_type,
          parentObjectReferenceNumber: row.parent_object_reference_number,
          objectReferenceNumber: row.object_reference_number,
        },
        Number(row.update_id),
      ),
    ),
  );
  await db.execute(
    sql`update audit_events a set poll_row = v.row
        from (select unnest(${sql.param(rows.map((row) => row.id))}::bigint[]) as id, unnest(${sql.param(texts)}::text[]) as row) v
        where a.id = v.id`,
  );
  return rows.length;
}

/**
 * Makes every committed work event's stored row current: when the fingerprint changed, every
 * row is written again; rows missing (events stored before rows were) are written in batches.
 */
export async function refreshPollRows(db: Database, batch = 5000): Promise<number> {
  const [stored] = await db.select().from(readModels).where(eq(readModels.name, readModel));
  if (stored?.fingerprint !== pollRowsFingerprint) {
    await db.execute(sql`update audit_events set poll_row = null where poll_row is not null`);
  }
  let written = 0;
  for (let count = await writeMissingRows(db, batch); count > 0; count = await writeMissingRows(db, batch))
    written += count;
  await db
    .insert(readModels)
    .values({ name: readModel, fingerprint: pollRowsFingerprint })
    .onConflictDoUpdate({ target: readModels.name, set: { fingerprint: pollRowsFingerprint } });
  return written;
}
