/**
 * The enumerations of the event interface as the service stores them: the values the
 * generated `enumerations` of `@street-events/types` lists for each, without the placeholder
 * (`upcoming_enum`, `upcoming_event`) that only a response of an older version carries. The
 * text answered in each `*_string` twin is the document's `x-enumDescriptions`. The operator
 * document's enumerations (`operatorValuesOf`) are closed: stored as they are.
 */
import { enumerations } from '@street-events/types';
import { enumerations as operatorEnumerations } from '@street-events/types/operator';

type Enumerations = typeof enumerations;
type Name = keyof Enumerations;

/** A value the service stores for the enumeration `N` of the document. */
export type Known<N extends Name> = Enumerations[N]['values'][number];

/** The stored values of an enumeration, as the non-empty tuple that database enum definitions need. */
export function valuesOf<N extends Name>(name: N): [Known<N>, ...Known<N>[]] {
  return enumerations[name].values as unknown as [Known<N>, ...Known<N>[]];
}

/** The document's text of a value. */
export function textOf<N extends Name>(name: N, value: Known<N>): string {
  return (enumerations[name].texts as Record<string, string>)[value]!;
}

export type WorkCategory = Known<'WorkCategoryResponse'>;
export type TrafficManagementType = Known<'TrafficManagementTypeResponse'>;
export type AssessmentStatus = Known<'AssessmentStatusResponse'>;
export type PermitStatus = Known<'PermitStatusResponse'>;
export type WorkStatus = Known<'WorkStatusResponse'>;
export type PermitConditionType = Known<'PermitConditionTypeResponse'>;
export type LaneRentalAssessmentOutcome = Known<'LaneRentalAssessmentOutcomeResponse'>;
export type ActivityType = Known<'ActivityTypeResponse'>;
export type AuditObjectType = Known<'AuditObjectTypeResponse'>;
export type AuditEventType = Known<'AuditEventType'>;

type OperatorEnumerations = typeof operatorEnumerations;

/** The values of an enumeration of the operator document, as a non-empty tuple. */
export function operatorValuesOf<N extends keyof OperatorEnumerations>(
  name: N,
): [OperatorEnumerations[N]['values'][number], ...OperatorEnumerations[N]['values'][number][]] {
  return operatorEnumerations[name].values as unknown as [
    OperatorEnumerations[N]['values'][number],
    ...OperatorEnumerations[N]['values'][number][],
  ];
}
