/**
 * The field values a trigger is given (`values`, the operator document's `InternalTriggerValues`):
 * where they apply (wherever the trigger submits a permit), and a plausible application with them.
 */
import type { components } from '@street-events/types/operator';
import type { PermitApplication } from '../../domain/permits.js';
import type { AuditEventType } from '../../shared/enums.js';
import { RequestValidationError, type Problem } from '../../shared/errors.js';
import { organisationLevel, type Plan } from './kinds.js';

export type TriggerValues = components['schemas']['InternalTriggerValues'];

/** Why the trigger submits no permit for the values to go on, or undefined when it submits one. */
function submitsNoPermit(plan: Plan, eventType: AuditEventType, named: boolean): string | undefined {
  if (organisationLevel(plan) || eventType === 'sample_inspection_quarter_ended' || plan.kind === 'quarter_end')
    return `${eventType} submits no permit of its own`;
  if (plan.kind === 'works_record') return `${eventType} records a work without a permit`;
  if (named && plan.kind !== 'submission') return `${eventType} on a named work submits no permit`;
  return undefined;
}

/**
 * Throws RequestValidationError naming each value given (`values.work_category`, …) when the
 * trigger submits no permit (rule `additionalProperties`: the value has no place here), or when the
 * dates given are out of order.
 */
export function checkValues(plan: Plan, eventType: AuditEventType, named: boolean, values: TriggerValues = {}): void {
  const fields = Object.keys(values);
  if (fields.length === 0) return;
  const refusal = submitsNoPermit(plan, eventType, named);
  const problem = (field: string, rule: Problem['rule'], message: string): Problem => ({
    location: 'body',
    field: `values.${field}`,
    rule,
    message,
  });
  if (refusal !== undefined) {
    throw new RequestValidationError(
      fields.map((field) => problem(field, 'additionalProperties', `applies to no permit: ${refusal}`)),
    );
  }
  const { proposed_start_date: start, proposed_end_date: end } = values;
  if (start !== undefined && end !== undefined && Date.parse(end) < Date.parse(start)) {
    throw new RequestValidationError([
      problem('proposed_end_date', 'formatMinimum', 'must not be earlier than values.proposed_start_date'),
    ]);
  }
}

/**
 * The application with the values given in place of its own; a start or an end given alone moves
 * the other with it, keeping the application's duration.
 */
export function withValues<Application extends PermitApplication>(
  application: Application,
  values: TriggerValues = {},
): Application {
  const applied = { ...application, ...values };
  const duration = Date.parse(application.proposed_end_date) - Date.parse(application.proposed_start_date);
  const shifted = (from: string, by: number) => new Date(Date.parse(from) + by).toISOString();
  const { proposed_start_date: start, proposed_end_date: end } = values;
  if (start !== undefined && end === undefined) applied.proposed_end_date = shifted(start, duration);
  if (end !== undefined && start === undefined) applied.proposed_start_date = shifted(end, -duration);
  return applied;
}
