/**
 * The migrations create a database enumeration for each of the document's enumerations the
 * service stores, holding exactly the document's values (its placeholder aside), in its order:
 * a value added to the document without a migration fails here. The same for the operator
 * document's enumerations the service stores.
 */
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { operatorValuesOf, valuesOf } from '../../src/shared/enums.js';
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

const storedForOperators = [
  ['organisation_kind', 'OrganisationKind'],
  ['user_role', 'UserRole'],
  ['change_request_kind', 'ChangeRequestKind'],
  ['subscription_status', 'SubscriptionState'],
  ['delivery_kind', 'DeliveryKind'],
  ['attempt_outcome', 'AttemptOutcome'],
] as const;

const labelsOf = async (db: Parameters<Parameters<typeof describeEachDatabase>[1]>[0]['db'], type: string) => {
  const { rows } = (await db.execute(
    sql`select enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid where t.typname = ${type} order by e.enumsortorder`,
  )) as { rows: { enumlabel: string }[] };
  return rows.map((row) => row.enumlabel);
};

describeEachDatabase('database enumerations', (database) => {
  test.each(stored)('%s holds the values of %s, in the document’s order', async (type, name) => {
    expect(await labelsOf(database.db, type)).toEqual(valuesOf(name));
  });

  test.each(storedForOperators)(
    '%s holds the values of the operator document’s %s, in its order',
    async (type, name) => {
      expect(await labelsOf(database.db, type)).toEqual(operatorValuesOf(name));
    },
  );
});
