/** Rows of the interface, as the service sends them, for tests of the store and the page. */
import type { PermitSummaryResponse, WorkUpdateSummary } from '@street-events/client';
import { permitSummary } from '@street-events/client/testing';

export function update(
  update_id: number,
  work_reference_number: string,
  fields: Partial<WorkUpdateSummary> = {},
): WorkUpdateSummary {
  return {
    work_reference_number,
    update_id,
    update_date_time: new Date(Date.UTC(2026, 10, 20, 9, 0, update_id)).toISOString(),
    event_type: 'permit_submitted',
    event_type_string: 'Permit submitted',
    object_type: 'permit',
    object_type_string: 'Permit',
    object_reference_number: `${work_reference_number}-01`,
    parent_object_reference_number: work_reference_number,
    ...fields,
  };
}

/** The client's test permit summary of `work_reference_number`, with `fields` changed. */
export function permit(
  work_reference_number: string,
  fields: Partial<PermitSummaryResponse> = {},
): PermitSummaryResponse {
  return { ...permitSummary(work_reference_number), ...fields };
}
