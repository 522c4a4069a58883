import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { auditEvents } from '../../src/db/schema.js';
import type { PermitEventType } from '../../src/domain/permits.js';
import { ConflictError, NotFoundError, ValidationError } from '../../src/shared/errors.js';
import { decideChangeRequest, submitChangeRequest } from '../../src/events/change-requests.js';
import { transitionPermit } from '../../src/events/permits.js';
import { endQuarter, revertQuarterEnd } from '../../src/events/sample-inspection-quarters.js';
import { createWorksRecord, type WorksRecord } from '../../src/events/works.js';
import { openWorkstream } from '../../src/events/workstreams.js';
import { advanceWorkObject, openWorkObject } from '../../src/events/work-objects.js';
import type { PermitSummaryResponse } from '@street-events/types';
import { searchPermits } from '../../src/features/permits/search-permits.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  clockAt,
  contractor,
  eventsAbout,
  highwayAuthority,
  pollAll,
  promoter,
  promoterWithPlanner,
  work,
} from '../support/fixtures.js';

describeEachDatabase('event source', (database) => {
  async function submitted(options: Parameters<typeof work>[3] = {}) {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    const references = await work(db, owner, authority, options);
    const summary = async (): Promise<PermitSummaryResponse> =>
      (await searchPermits(db, planner, { work_reference_numbers: [references.workReferenceNumber] })).rows[0]!;
    const events = async () => (await pollAll(db, planner)).map((row) => row.event_type);
    return { db, owner, authority, planner, ...references, summary, events };
  }

  test('submitting a work records permit_submitted about the permit, with the work as parent', async () => {
    const { db, planner, workReferenceNumber, permitReferenceNumber } = await submitted();
    const rows = await pollAll(db, planner);
    expect(rows).toMatchObject([
      {
        work_reference_number: workReferenceNumber,
        event_type: 'permit_submitted',
        object_type: 'permit',
        object_reference_number: permitReferenceNumber,
        parent_object_reference_number: workReferenceNumber,
      },
    ]);
    expect(permitReferenceNumber).toBe(`${workReferenceNumber}-01`);
  });

  test('an immediate work started on submission records permit_submitted, then work_start_logged, at one time with rising ids', async () => {
    const at = '2031-04-01T06:15:00.000Z';
    const { db, planner, summary } = await submitted({
      workCategory: 'immediate_emergency',
      startedOnSubmission: true,
      now: clockAt(at),
    });
    const rows = await pollAll(db, planner);
    expect(rows.map((row) => [row.event_type, row.update_date_time])).toEqual([
      ['permit_submitted', at],
      ['work_start_logged', at],
    ]);
    expect(rows[1]!.update_id).toBeGreaterThan(rows[0]!.update_id);
    expect(await summary()).toMatchObject({ status: 'submitted', work_status: 'in_progress', actual_start_date: at });
  });

  test('only immediate works may start on submission', async () => {
    await expect(submitted({ workCategory: 'standard', startedOnSubmission: true })).rejects.toMatchObject({
      constructor: ValidationError,
      field: 'work_category',
    });
  });

  test('the acting user and their internal identification are stored on the events', async () => {
    const actor = { username: 'nw.planner', internalUserIdentifier: 'EMP-10042', internalUserName: 'Jo Whitaker' };
    const { db, permitReferenceNumber } = await submitted({ actor });
    const [stored] = await eventsAbout(db, permitReferenceNumber);
    expect(stored).toMatchObject({
      actingUsername: actor.username,
      internalUserIdentifier: actor.internalUserIdentifier,
      internalUserName: actor.internalUserName,
    });
  });

  test.each<[string, PermitEventType[], Partial<PermitSummaryResponse>]>([
    [
      'granting',
      ['permit_granted'],
      { status: 'granted', assessment_status: 'granted', assessment_status_string: 'Granted' },
    ],
    ['refusing', ['permit_refused'], { status: 'refused', assessment_status: 'refused', is_active_permit: false }],
    ['deeming', ['permit_deemed'], { status: 'granted', assessment_status: 'granted_auto', is_deemed: true }],
    [
      'a modification request, then granting',
      ['permit_modification_request', 'permit_granted'],
      { status: 'granted', assessment_status: 'granted' },
    ],
    ['revoking a granted permit', ['permit_granted', 'permit_revoked'], { status: 'revoked', is_active_permit: false }],
    ['cancelling', ['permit_cancelled'], { status: 'cancelled', work_status: 'cancelled', is_active_permit: false }],
    [
      'starting and stopping the work',
      ['permit_granted', 'work_start_logged', 'work_stop_logged'],
      { work_status: 'completed' },
    ],
    [
      'reverting a start',
      ['permit_granted', 'work_start_logged', 'work_start_reverted'],
      { work_status: 'planned', actual_start_date: null },
    ],
    [
      'reverting a stop',
      ['permit_granted', 'work_start_logged', 'work_stop_logged', 'work_stop_reverted'],
      { work_status: 'in_progress', actual_end_date: null },
    ],
  ])('%s records its events and updates the permit summary', async (_name, eventTypes, expected) => {
    const { db, permitReferenceNumber, summary, events } = await submitted();
    for (const eventType of eventTypes) await transitionPermit(db, { permitReferenceNumber, eventType });
    expect(await events()).toEqual(['permit_submitted', ...eventTypes]);
    expect(await summary()).toMatchObject(expected);
  });

  test('starting and stopping a work sets its actual dates from the event times', async () => {
    const { db, permitReferenceNumber, summary } = await submitted();
    await transitionPermit(db, { permitReferenceNumber, eventType: 'permit_granted' });
    await transitionPermit(
      db,
      { permitReferenceNumber, eventType: 'work_start_logged' },
      { now: clockAt('2031-03-02T08:05:00Z') },
    );
    await transitionPermit(
      db,
      { permitReferenceNumber, eventType: 'work_stop_logged' },
      { now: clockAt('2031-03-04T16:45:00Z') },
    );
    expect(await summary()).toMatchObject({
      actual_start_date: '2031-03-02T08:05:00.000Z',
      actual_end_date: '2031-03-04T16:45:00.000Z',
    });
  });

  test.each<[string, PermitEventType[]]>([
    ['starting a standard work before its permit is granted', ['work_start_logged']],
    ['granting a permit twice', ['permit_granted', 'permit_granted']],
    ['cancelling a permit once its work has started', ['permit_granted', 'work_start_logged', 'permit_cancelled']],
    ['removing ancillary information from a permit that holds none', ['ancillary_info_removed']],
  ])('%s is a conflict, and records nothing', async (_name, eventTypes) => {
    const { db, permitReferenceNumber, events } = await submitted();
    const allowed = eventTypes.slice(0, -1);
    for (const eventType of allowed) await transitionPermit(db, { permitReferenceNumber, eventType });
    await expect(transitionPermit(db, { permitReferenceNumber, eventType: eventTypes.at(-1)! })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await events()).toEqual(['permit_submitted', ...allowed]);
  });

  test('cancelling a permit that holds ancillary information also records ancillary_info_removed', async () => {
    const { db, permitReferenceNumber, planner } = await submitted();
    await transitionPermit(db, { permitReferenceNumber, eventType: 'ancillary_info_added' });
    await transitionPermit(db, { permitReferenceNumber, eventType: 'ancillary_info_added' });
    await transitionPermit(db, { permitReferenceNumber, eventType: 'permit_cancelled' });
    const rows = await pollAll(db, planner);
    expect(rows.map((row) => [row.event_type, row.object_reference_number])).toEqual([
      ['permit_submitted', permitReferenceNumber],
      ['ancillary_info_added', permitReferenceNumber],
      ['ancillary_info_added', permitReferenceNumber],
      ['permit_cancelled', permitReferenceNumber],
      ['ancillary_info_removed', permitReferenceNumber],
    ]);
    expect(rows[4]!.update_date_time).toBe(rows[3]!.update_date_time);
    await expect(
      transitionPermit(db, { permitReferenceNumber, eventType: 'ancillary_info_removed' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  test('cancelling a permit without ancillary information records permit_cancelled alone', async () => {
    const { db, permitReferenceNumber, events } = await submitted();
    await transitionPermit(db, { permitReferenceNumber, eventType: 'permit_cancelled' });
    expect(await events()).toEqual(['permit_submitted', 'permit_cancelled']);
  });

  test('a granted alteration changes the permit; its events name the alteration, with the permit as parent', async () => {
    const { db, planner, permitReferenceNumber, summary } = await submitted();
    await transitionPermit(db, { permitReferenceNumber, eventType: 'permit_granted' });
    const proposedEndDate = new Date('2031-03-09T17:00:00Z');
    const { reference } = await submitChangeRequest(db, permitReferenceNumber, {
      kind: 'alteration',
      proposed_end_date: proposedEndDate.toISOString(),
      traffic_management_type: 'two_way_signals',
    });
    expect(reference).toBe(`${permitReferenceNumber}-ALT01`);
    expect(await summary()).toMatchObject({ proposed_end_date: '2031-03-05T08:00:00.000Z' });
    await decideChangeRequest(db, { reference, decision: 'granted' });
    expect(await summary()).toMatchObject({
      proposed_end_date: proposedEndDate.toISOString(),
      traffic_management_type: 'two_way_signals',
    });
    const rows = (await pollAll(db, planner)).slice(-2);
    expect(rows).toMatchObject([
      { event_type: 'alteration_submitted', object_type: 'change_request', object_reference_number: reference },
      { event_type: 'alteration_granted', parent_object_reference_number: permitReferenceNumber },
    ]);
  });

  test.each([
    ['alteration', 'refused', 'alteration_refused'],
    ['alteration', 'cancelled', 'alteration_cancelled'],
    ['change_request', 'refused', 'change_request_refused'],
    ['change_request', 'granted', 'change_request_granted'],
  ] as const)('a %s %s records %s and cannot be decided again', async (kind, decision, eventType) => {
    const { db, permitReferenceNumber, events } = await submitted();
    const { reference } = await submitChangeRequest(db, permitReferenceNumber, {
      kind,
      description_of_work: 'Revised',
    });
    await decideChangeRequest(db, { reference, decision });
    expect((await events()).at(-1)).toBe(eventType);
    await expect(decideChangeRequest(db, { reference, decision: 'granted' })).rejects.toBeInstanceOf(ConflictError);
  });

  test.each([
    ['an inspection', 'inspection', ['inspection_failed', 'inspection_outcome_accepted'], 'INS01'],
    ['an FPN', 'fpn', ['fpn_submitted', 'fpn_disputed', 'fpn_accepted', 'fpn_paid'], 'FPN01'],
    ['a comment', 'comment', ['comment_submitted', 'comment_read'], 'COM01'],
    ['a reinstatement', 'reinstatement', ['reinstatement_submitted'], 'RE01'],
    [
      'a section 81 record',
      'section_81',
      ['section_81_submitted', 'section_81_acknowledged', 'section_81_accepted'],
      'S8101',
    ],
    [
      'a section 74 warning',
      'section_74',
      ['section_74_warning_issued', 'section_74_charges_ended', 'section_74_resolved'],
      'S7401',
    ],
    [
      'a section 58 restriction',
      'section_58',
      ['section_58_created', 'section_58_progressed', 'section_58_closed'],
      'S5801',
    ],
  ] as const)(
    '%s records its events about itself, with the work as parent',
    async (_name, objectType, eventTypes, tag) => {
      const { db, planner, workReferenceNumber } = await submitted();
      const [opening, ...rest] = eventTypes;
      const { reference } = await openWorkObject(db, { workReferenceNumber, objectType, eventType: opening });
      for (const eventType of rest) await advanceWorkObject(db, { reference, eventType });
      expect(reference).toBe(`${workReferenceNumber}-${tag}`);
      const rows = (await pollAll(db, planner)).slice(1);
      expect(
        rows.map((row) => [
          row.event_type,
          row.object_type,
          row.object_reference_number,
          row.parent_object_reference_number,
        ]),
      ).toEqual(eventTypes.map((eventType) => [eventType, objectType, reference, workReferenceNumber]));
    },
  );

  test('a record moved on from a status its event does not apply to is a conflict; an event of another kind is invalid', async () => {
    const { db, workReferenceNumber } = await submitted();
    const { reference } = await openWorkObject(db, {
      workReferenceNumber,
      objectType: 'fpn',
      eventType: 'fpn_submitted',
    });
    await advanceWorkObject(db, { reference, eventType: 'fpn_withdrawn' });
    await expect(advanceWorkObject(db, { reference, eventType: 'fpn_paid' })).rejects.toBeInstanceOf(ConflictError);
    await expect(advanceWorkObject(db, { reference, eventType: 'comment_read' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(advanceWorkObject(db, { reference: 'NOSUCH-FPN01', eventType: 'fpn_paid' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  test('ending a quarter expires its open sample inspections, then tells each promoter the quarter ended', async () => {
    const { db } = database;
    const authority = await highwayAuthority(db);
    const [first, second] = [await promoter(db), await promoter(db)];
    const inQuarter = clockAt('2031-05-20T10:00:00Z');
    const sample = async (owner: Organisation, now = inQuarter) => {
      const { workReferenceNumber } = await work(db, owner, authority);
      const opening = {
        workReferenceNumber,
        objectType: 'sample_inspection',
        eventType: 'sample_inspection_created',
      } as const;
      return (await openWorkObject(db, opening, { now })).reference;
    };
    const open = await sample(first);
    const completed = await sample(second);
    await advanceWorkObject(db, { reference: completed, eventType: 'sample_inspection_completed' }, { now: inQuarter });
    const nextQuarter = await sample(first, clockAt('2031-07-02T10:00:00Z'));

    const ended = await endQuarter(
      db,
      { highway_authority: authority.name, quarter: '2031-Q2' },
      { now: clockAt('2031-07-01T00:05:00Z') },
    );
    expect(ended).toEqual({ expired: [open] });
    const openEvents = await eventsAbout(db, open);
    expect(openEvents.map((event) => event.eventType)).toEqual([
      'sample_inspection_created',
      'sample_inspection_expired',
    ]);
    expect((await eventsAbout(db, nextQuarter)).map((event) => event.eventType)).toEqual(['sample_inspection_created']);
    const quarterEnded = await eventsAbout(db, '2031-Q2');
    expect(quarterEnded.map((event) => [event.eventType, event.objectType, event.promoterOrgId, event.workId])).toEqual(
      [
        ['sample_inspection_quarter_ended', 'sample_inspection_target', first.id, null],
        ['sample_inspection_quarter_ended', 'sample_inspection_target', second.id, null],
      ],
    );
    expect(quarterEnded.every((event) => event.updateId! > openEvents[1]!.updateId!)).toBe(true);
  });

  test('a quarter ends once, and no sample inspection can be created in it afterwards', async () => {
    const { db } = database;
    const authority = await highwayAuthority(db);
    const owner = await promoter(db);
    const { workReferenceNumber } = await work(db, owner, authority);
    const now = clockAt('2031-08-15T10:00:00Z');
    await endQuarter(db, { highway_authority: authority.swaCode!, quarter: '2031-Q3' }, { now });
    await expect(endQuarter(db, { highway_authority: authority.swaCode!, quarter: '2031-Q3' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    const opening = {
      workReferenceNumber,
      objectType: 'sample_inspection',
      eventType: 'sample_inspection_created',
    } as const;
    await expect(openWorkObject(db, opening, { now })).rejects.toBeInstanceOf(ConflictError);
  });

  test('adding and removing a contract records organisation-level events of the promoter', async () => {
    const { db } = database;
    const owner = await promoter(db);
    const contracted = await contractor(db);
    await addContract(db, { contractor: contracted.name, promoter: owner.swaCode! });
    await expect(addContract(db, { contractor: contracted.name, promoter: owner.swaCode! })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await removeContract(db, { contractor: contracted.name, promoter: owner.name });
    await expect(removeContract(db, { contractor: contracted.name, promoter: owner.name })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const events = await db.select().from(auditEvents).where(eq(auditEvents.promoterOrgId, owner.id));
    expect(
      events.map((event) => [event.eventType, event.objectType, event.objectReferenceNumber, event.workId]),
    ).toEqual([
      ['organisation_contract_added', 'organisation', owner.swaCode, null],
      ['organisation_contract_removed', 'organisation', owner.swaCode, null],
    ]);
  });

  test('reverting a quarter’s end opens it again and tells each promoter; a quarter not ended cannot be reverted', async () => {
    const { db } = database;
    const authority = await highwayAuthority(db);
    const owner = await promoter(db);
    const { workReferenceNumber } = await work(db, owner, authority);
    const opening = {
      workReferenceNumber,
      objectType: 'sample_inspection',
      eventType: 'sample_inspection_created',
    } as const;
    await openWorkObject(db, opening, { now: clockAt('2031-11-03T10:00:00Z') });
    const quarter = { highway_authority: authority.swaCode!, quarter: '2031-Q4' };
    await expect(revertQuarterEnd(db, quarter)).rejects.toBeInstanceOf(ConflictError);
    await endQuarter(db, quarter);
    await revertQuarterEnd(db, quarter);
    expect((await eventsAbout(db, '2031-Q4')).map((event) => [event.eventType, event.promoterOrgId])).toEqual([
      ['sample_inspection_quarter_ended', owner.id],
      ['sample_inspection_quarter_end_reverted', owner.id],
    ]);
    await openWorkObject(db, opening, { now: clockAt('2031-11-04T10:00:00Z') });
    expect(await endQuarter(db, quarter)).toEqual({ expired: [`${workReferenceNumber}-SI02`] });
  });

  test('a grant may be recorded as deemed, with a duration challenge or applied automatically; not as another kind’s grant', async () => {
    const { db, permitReferenceNumber } = await submitted();
    const request = async () =>
      (await submitChangeRequest(db, permitReferenceNumber, { kind: 'change_request' })).reference;
    const deemed = await request();
    await decideChangeRequest(db, { reference: deemed, decision: 'granted', grantedAs: 'change_request_deemed' });
    expect((await eventsAbout(db, deemed)).map((event) => event.eventType)).toEqual([
      'change_request_submitted',
      'change_request_deemed',
    ]);
    const other = await request();
    for (const [decision, grantedAs] of [
      ['granted', 'alteration_deemed'],
      ['refused', 'change_request_deemed'],
    ] as const) {
      await expect(decideChangeRequest(db, { reference: other, decision, grantedAs })).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
  });

  test('a works record is a work without a permit, its event about the work', async () => {
    const { db, planner, owner, authority } = await promoterWithPlanner(database.db);
    const record: WorksRecord = {
      work_reference_number: `R${owner.swaCode}X1`,
      promoter_swa_code: owner.swaCode!,
      highway_authority_swa_code: authority.swaCode!,
      street: 'Briggate',
      town: 'Leeds',
      area: 'City Centre',
      usrn: 7201234,
      road_category: 2,
      works_coordinates: { type: 'Point', coordinates: [430123.5, 433456.25] },
      location_description: 'Outside number 12',
    };
    await expect(createWorksRecord(db, { eventType: 'permit_submitted', record })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await createWorksRecord(db, { eventType: 'historic_works_record_created', record });
    expect(await pollAll(db, planner)).toMatchObject([
      {
        work_reference_number: record.work_reference_number,
        event_type: 'historic_works_record_created',
        object_type: 'work',
        object_reference_number: record.work_reference_number,
        parent_object_reference_number: null,
      },
    ]);
    expect((await searchPermits(db, planner, {})).rows).toEqual([]);
  });

  test('a promoter opens its next workstream, recording workstream_created', async () => {
    const { db } = database;
    const owner = await promoter(db);
    expect(await openWorkstream(db, { promoter: owner.name, description: 'Mains' })).toEqual({ prefix: '001' });
    expect(await openWorkstream(db, { promoter: owner.name, description: 'Services' })).toEqual({ prefix: '002' });
    const events = await db.select().from(auditEvents).where(eq(auditEvents.promoterOrgId, owner.id));
    expect(events.map((event) => [event.eventType, event.objectType, event.objectReferenceNumber])).toEqual([
      ['workstream_created', 'workstream', `${owner.swaCode}-001`],
      ['workstream_created', 'workstream', `${owner.swaCode}-002`],
    ]);
  });
});
