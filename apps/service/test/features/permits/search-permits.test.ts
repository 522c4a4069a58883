import { expect, test } from 'vitest';
import type { Organisation } from '../../../src/directory/organisations.js';
import type { PermitSearchRequest } from '@street-events/types';
import { searchPermits } from '../../../src/features/permits/search-permits.js';
import { describeEachDatabase } from '../../support/databases.js';
import { clockAt, promoterWithPlanner, work } from '../../support/fixtures.js';

describeEachDatabase('permit search', (database) => {
  const ownPromoter = () => promoterWithPlanner(database.db);

  async function works(owner: Organisation, authority: Organisation, count: number): Promise<string[]> {
    return database.db.transaction(async (tx) => {
      const references: string[] = [];
      for (let n = 0; n < count; n++) references.push((await work(tx, owner, authority)).workReferenceNumber);
      return references;
    });
  }

  test('a summary carries every field of the permit and its work, with the text of each enumeration', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const { workReferenceNumber, permitReferenceNumber } = await work(db, owner, authority, {
      now: clockAt('2031-02-10T09:30:00Z'),
    });
    const { rows } = await searchPermits(db, planner, { work_reference_numbers: [workReferenceNumber] });
    expect(rows).toEqual([
      {
        work_reference_number: workReferenceNumber,
        permit_reference_number: permitReferenceNumber,
        promoter_swa_code: owner.swaCode,
        promoter_organisation: owner.name,
        highway_authority: authority.name,
        works_coordinates: { type: 'Point', coordinates: [430123.5, 433456.25] },
        location_description: 'Outside number 12',
        street: 'Briggate',
        town: 'Leeds',
        area: 'City Centre',
        description_of_work: 'Replace a water main valve',
        work_category: 'standard',
        work_category_string: 'Standard',
        traffic_management_type: 'lane_closure',
        traffic_management_type_string: 'Lane closure',
        proposed_start_date: '2031-03-02T08:00:00.000Z',
        proposed_end_date: '2031-03-05T08:00:00.000Z',
        status: 'submitted',
        status_string: 'Submitted',
        work_status: 'planned',
        work_status_string: 'Planned',
        deadline_date: '2031-02-15T09:30:00.000Z',
        date_created: '2031-02-10T09:30:00.000Z',
        status_changed_date: '2031-02-10T09:30:00.000Z',
        usrn: 7201234,
        road_category: 2,
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
        activity_type: 'utility_repair_and_maintenance_works',
        activity_type_string: 'Utility repair and maintenance works',
        assessment_status: null,
        assessment_status_string: null,
        proposed_start_time: null,
        proposed_end_time: null,
        actual_start_date: null,
        actual_end_date: null,
        permit_conditions: [],
        lane_rental_assessment_outcome: null,
        lane_rental_assessment_outcome_string: null,
        paa_to_pa_deadline_date: null,
      },
    ]);
  });

  test('following next_cursor until a short page returns each permit once, in pages of the size asked (100 by default)', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const created = await works(owner, authority, 230);
    const pages: string[][] = [];
    const cursors: number[] = [];
    let request: PermitSearchRequest = {};
    let page;
    do {
      page = await searchPermits(db, planner, request);
      pages.push(page.rows.map((row) => row.work_reference_number));
      cursors.push(page.next_cursor);
      request = { next_cursor: page.next_cursor };
    } while (page.rows.length === 100 && pages.length < 10);
    expect(pages.map((rows) => rows.length)).toEqual([100, 100, 30]);
    expect(pages.flat()).toEqual(created);
    expect(cursors[1]).toBeGreaterThan(cursors[0]!);
    expect(cursors[2]).toBeGreaterThan(cursors[1]!);
  });

  test('sending back the next_cursor of the last page answers no permit and the same next_cursor: the search never starts again', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    await works(owner, authority, 3);
    const last = await searchPermits(db, planner, {});
    expect(last.rows).toHaveLength(3);
    expect(await searchPermits(db, planner, { next_cursor: last.next_cursor })).toEqual({
      rows: [],
      next_cursor: last.next_cursor,
    });
  });

  test('an omitted or null list of works finds every permit the caller may see', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const created = await works(owner, authority, 3);
    const references = async (request: PermitSearchRequest) =>
      (await searchPermits(db, planner, request)).rows.map((row) => row.work_reference_number);
    expect(await references({})).toEqual(created);
    expect(await references({ work_reference_numbers: null })).toEqual(created);
  });

  test('unknown work references are left out without complaint, and an empty list finds nothing', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const [known] = await works(owner, authority, 1);
    const found = await searchPermits(db, planner, { work_reference_numbers: ['NOSUCHWORK', known!] });
    expect(found.rows.map((row) => row.work_reference_number)).toEqual([known]);
    expect(await searchPermits(db, planner, { work_reference_numbers: [] })).toEqual({ rows: [], next_cursor: 0 });
  });
});
