/** The stored values of each enumeration are exactly the document's, less the placeholder. */
import { describe, expect, it } from 'vitest';
import * as enums from '../src/domain/enums.js';
import { loadDocument } from '../src/openapi-document.js';

const schemas = loadDocument().components.schemas as Record<string, { enum: string[]; 'x-enumDescriptions': Record<string, string> }>;

const tables: [string, Readonly<Record<string, string>>, string][] = [
  ['WorkCategoryResponse', enums.workCategoryText, 'upcoming_enum'],
  ['TrafficManagementTypeResponse', enums.trafficManagementTypeText, 'upcoming_enum'],
  ['AssessmentStatusResponse', enums.assessmentStatusText, 'upcoming_enum'],
  ['PermitStatusResponse', enums.permitStatusText, 'upcoming_enum'],
  ['WorkStatusResponse', enums.workStatusText, 'upcoming_enum'],
  ['PermitConditionTypeResponse', enums.permitConditionTypeText, 'upcoming_enum'],
  ['LaneRentalAssessmentOutcomeResponse', enums.laneRentalAssessmentOutcomeText, 'upcoming_enum'],
  ['ActivityTypeResponse', enums.activityTypeText, 'upcoming_enum'],
  ['AuditObjectTypeResponse', enums.auditObjectTypeText, 'upcoming_enum'],
  ['AuditEventType', enums.auditEventTypeText, 'upcoming_event'],
];

describe('enumerations', () => {
  it.each(tables)('%s stores every value of the document but its placeholder', (schema, table, placeholder) => {
    expect(Object.keys(table).sort()).toEqual(schemas[schema]!.enum.filter((value) => value !== placeholder).sort());
  });

  it.each(tables)('%s answers the text the document gives in x-enumDescriptions', (schema, table) => {
    for (const [value, text] of Object.entries(table)) expect(text).toBe(schemas[schema]!['x-enumDescriptions'][value]);
  });
});
