/**
 * The migrations create a database enumeration for each of the document's enumerations the
 * service stores, holding exactly the document's values (its placeholder aside), in its order:
 * a value added to the document without a migration fails here.
 */
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { valuesOf } from '../../src/shared/enums.js';
import { describeEachDatabase } from '../support/databases.js';

const stored = [
  ['work_category', 'WorkCategoryResponse'],
  ['traffic_management_type', 'TrafficManagementTypeResponse'],
  ['assessment_status', 'AssessmentStatusResponse'],
  ['permit_status', 'PermitStatusResponse'],
  ['work_status', 'WorkStatusResponse'],
  ['lane_rental_assessment_outcome', 'LaneRentalAssessmentOutcomeResponse'],
  ['activity_type', 'ActivityTypeResponse'],
  ['audit_object_type', 'AuditObjectTypeResponse'],
  ['audit_event_type', 'AuditEventType'],
] as const;

describeEachDatabase('database enumerations', (database) => {
  test.each(stored)('%s holds the values of %s, in the document’s order', async (type, name) => {
    const { rows } = (await database.db.execute(
      sql`select enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid where t.typname = ${type} order by e.enumsortorder`,
    )) as { rows: { enumlabel: string }[] };
    expect(rows.map((row) => row.enumlabel)).toEqual(valuesOf(name));
  });
});
