/** Rows of the interface, as the service sends them, for tests of the store and the page. */
import type { PermitSummaryResponse, WorkUpdateSummary } from "@street-events/client";

export function update(update_id: number, work_reference_number: string, fields: Partial<WorkUpdateSummary> = {}): WorkUpdateSummary {
  return {
    work_reference_number,
    update_id,
    update_date_time: new Date(Date.UTC(2026, 10, 20, 9, 0, update_id)).toISOString(),
    event_type: "permit_submitted",
    event_type_string: "Permit submitted",
    object_type: "permit",
    object_type_string: "Permit",
    object_reference_number: `${work_reference_number}-01`,
    parent_object_reference_number: work_reference_number,
    ...fields,
  };
}

export function permit(work_reference_number: string, fields: Partial<PermitSummaryResponse> = {}): PermitSummaryResponse {
  return {
    work_reference_number,
    permit_reference_number: `${work_reference_number}-01`,
    promoter_swa_code: "7001",
    promoter_organisation: "Northern Water",
    highway_authority: "Leeds City Council",
    works_coordinates: { type: "Point", coordinates: [429_800, 433_500] },
    location_description: "Outside 14",
    street: "Kirkstall Road",
    town: "Leeds",
    area: "Kirkstall",
    description_of_work: "Replace a leaking valve",
    work_category: "standard",
    work_category_string: "Standard",
    traffic_management_type: "lane_closure",
    traffic_management_type_string: "Lane closure",
    proposed_start_date: "2026-12-01T00:00:00.000Z",
    proposed_end_date: "2026-12-05T00:00:00.000Z",
    status: "submitted",
    status_string: "Submitted",
    work_status: "planned",
    work_status_string: "Planned",
    deadline_date: "2026-11-25T00:00:00.000Z",
    date_created: "2026-11-20T09:00:00.000Z",
    status_changed_date: "2026-11-20T09:00:00.000Z",
    usrn: 7_100_123,
    road_category: 3,
    is_active_permit: true,
    is_traffic_sensitive: false,
    has_no_final_reinstatement: false,
    is_deemed: false,
    excavation_carried_out: false,
    is_early_start: false,
    is_high_impact_traffic_management: false,
    is_lane_rental: false,
    lane_rental_charges_not_agreed: false,
    lane_rental_charges_potentially_apply: false,
    activity_type: "utility_repair_and_maintenance_works",
    activity_type_string: "Utility repair and maintenance works",
    ...fields,
  };
}
