/** Request bodies of the internal operator API. */
import type { Organisation } from '../../src/directory/organisations.js';

let workSequence = 0;

/** A valid work submission for the promoter and authority; `changes` replace or add fields. */
export function workBody(
  owner: Pick<Organisation, 'swaCode'>,
  authority: Pick<Organisation, 'swaCode'>,
  changes: Record<string, unknown> = {},
) {
  return {
    work_reference_number: `IW${owner.swaCode}X${++workSequence}`,
    promoter_swa_code: owner.swaCode,
    highway_authority_swa_code: authority.swaCode,
    street: 'Briggate',
    town: 'Leeds',
    area: 'City Centre',
    usrn: 7201234,
    road_category: 2,
    works_coordinates: { type: 'Point', coordinates: [430123.5, 433456.25] },
    location_description: 'Outside number 12',
    description_of_work: 'Replace a water main valve',
    work_category: 'standard',
    traffic_management_type: 'lane_closure',
    activity_type: 'utility_repair_and_maintenance_works',
    proposed_start_date: '2031-03-02T08:00:00Z',
    proposed_end_date: '2031-03-05T08:00:00Z',
    ...changes,
  };
}
