/**
 * Stored polling rows: every work event's polling row is stored as JSON text when its update_id
 * is allocated, the same text as the row built from the event's columns; events stored before
 * (or rows built from enumeration texts since changed) are answered the same and written again
 * by `refreshPollRows`.
 */
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { addContract } from '../../src/events/contracts.js';
import { queryRows } from '../../src/db/database.js';
import type { AuditEventType, AuditObjectType } from '../../src/shared/enums.js';
import { refreshPollRows, workUpdateSummary } from '../../src/events/poll-rows.js';
import { openWorkObject } from '../../src/events/work-objects.js';
import { pageBytes, pollPage } from '../../src/features/polling/poll-updates.js';
import { isoFromUtcText, utcText } from '../../src/db/array-rows.js';
import { describeEachDatabase } from '../support/databases.js';
import { contractor, promoterWithPlanner, work } from '../support/fixtures.js';

interface EventRow {
  update_id: string;
  poll_row: string | null;
  work_reference_number: string | null;
  update_date_time: string;
  event_type: AuditEventType;
  object_type: AuditObjectType;
  parent_object_reference_number: string | null;
  object_reference_number: string | null;
}

describeEachDatabase('stored polling rows', (database) => {
  const eventsOf = (promoterId: number) =>
    queryRows<EventRow>(
      database.db,
      sql`select update_id, poll_row, work_reference_number, ${utcText(sql`update_date_time`)} as update_date_time,
                 event_type, object_type, parent_object_reference_number, object_reference_number
          from audit_events where promoter_org_id = ${promoterId} and update_id is not null order by update_id`,
    );

  /** The row built from the event's columns, as JSON. */
  const builtFromColumns = (row: EventRow) =>
    JSON.stringify(
      workUpdateSummary(
        {
          workReferenceNumber: row.work_reference_number!,
          updateDateTime: isoFromUtcText(row.update_date_time),
          eventType: row.event_type,
          objectType: row.object_type,
          parentObjectReferenceNumber: row.parent_object_reference_number,
          objectReferenceNumber: row.object_reference_number,
        },
        Number(row.update_id),
      ),
    );

  async function history() {
    const world = await promoterWithPlanner(database.db);
    const { workReferenceNumber } = await work(database.db, world.owner, world.authority);
    await openWorkObject(database.db, { workReferenceNumber, objectType: 'comment', eventType: 'comment_submitted' });
    return world;
  }

  test('a work event stores the same text as the row built from its columns', async () => {
    const { owner } = await history();
    const rows = (await eventsOf(owner.id)).filter((row) => row.work_reference_number !== null);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.poll_row).toBe(builtFromColumns(row));
  });

  test('an organisation-level event stores no polling row', async () => {
    const { owner } = await promoterWithPlanner(database.db);
    await addContract(database.db, { contractor: (await contractor(database.db)).name, promoter: owner.name });
    const [contractEvent] = await eventsOf(owner.id);
    expect([contractEvent!.event_type, contractEvent!.poll_row]).toEqual(['organisation_contract_added', null]);
  });

  test('a page is the stored rows joined: the same bytes as JSON.stringify of the response', async () => {
    const { owner, planner } = await history();
    const page = await pollPage(database.db, planner, { page_size: 1 });
    const rows = (await eventsOf(owner.id)).filter((row) => row.work_reference_number !== null);
    expect(pageBytes(page).toString()).toBe(
      JSON.stringify({ rows: [JSON.parse(builtFromColumns(rows[0]!))], next_update: Number(rows[0]!.update_id) }),
    );
  });

  test('rows not stored yet are answered the same, and refreshPollRows writes them', async () => {
    const { owner, planner } = await history();
    const before = pageBytes(await pollPage(database.db, planner, {}));
    await database.db.execute(sql`update audit_events set poll_row = null where promoter_org_id = ${owner.id}`);
    expect(pageBytes(await pollPage(database.db, planner, {}))).toEqual(before);
    expect(await refreshPollRows(database.db)).toBeGreaterThanOrEqual(2);
    for (const row of (await eventsOf(owner.id)).filter((event) => event.work_reference_number !== null)) {
      expect(row.poll_row).toBe(builtFromColumns(row));
    }
  });

  test('rows built from other enumeration texts are written again', async () => {
    const { owner } = await history();
    await database.db.execute(
      sql`update audit_events set poll_row = 'stale' where promoter_org_id = ${owner.id} and poll_row is not null`,
    );
    await database.db
      .execute(sql`insert into read_models (name, fingerprint) values ('poll_rows', 'texts of another version')
                                  on conflict (name) do update set fingerprint = excluded.fingerprint`);
    await refreshPollRows(database.db);
    for (const row of (await eventsOf(owner.id)).filter((event) => event.work_reference_number !== null)) {
      expect(row.poll_row).toBe(builtFromColumns(row));
    }
  });
});
