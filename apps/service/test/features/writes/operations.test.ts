/**
 * The internal operator API records the domain's events: each route answers the references it
 * created and the events it recorded, and those events are what pollers see through
 * `GET /v7/works/updates`. Every response is checked against the internal document.
 */
import type { WorkUpdateResponse, WorkUpdateSummary } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '../../../src/directory/organisations.js';
import { quarterOf } from '../../../src/domain/quarters.js';
import { workObjectLifecycles, type WorkObjectType } from '../../../src/domain/work-object-lifecycles.js';
import type { components, operations } from '@street-events/types/operator';
import { describeEachDatabase } from '../../support/databases.js';
import { contractor, eventsAbout, highwayAuthority, promoter, tokenFor } from '../../support/fixtures.js';
import { startService, type ResponseBody, type RunningService, type TestResponse } from '../../support/http.js';
import { workBody } from '../../support/internal-api.js';

type RecordedEvent = components['schemas']['InternalRecordedEvent'];
type ErrorResponse = components['schemas']['ErrorResponse'];
/** The body the operator API answers operation `Name` with when it succeeds. */
type Answer<Name extends keyof operations> = ResponseBody<
  operations[Name],
  Extract<keyof operations[Name]['responses'], 200 | 201>
>;

/** The event's identity as a poller sees it. */
const identity = (event: {
  event_type: string;
  object_type: string;
  object_reference_number?: string | null;
  parent_object_reference_number?: string | null;
}) => ({
  event_type: event.event_type,
  object_type: event.object_type,
  object_reference_number: event.object_reference_number ?? null,
  parent_object_reference_number: event.parent_object_reference_number ?? null,
});

describeEachDatabase('internal operator API operations', (database) => {
  let service: RunningService;
  let operator: string;
  let authorityToken: string;
  let owner: Organisation;
  let authority: Organisation;

  beforeAll(async () => {
    const { db } = database;
    owner = await promoter(db);
    authority = await highwayAuthority(db);
    operator = await tokenFor(db, authority, 'Operator');
    authorityToken = await tokenFor(db, authority, 'HighwayAuthority');
    service = await startService({ db });
  });
  afterAll(() => service?.close());

  /** Sends operation `Name` as the operator; fails the test unless it answers `status`, its success. */
  async function operate<Name extends keyof operations>(method: string, path: string, body: unknown, status: number) {
    const response = await service.internalRequest<Answer<Name>>(method, path, { token: operator, body });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  }

  /** Every polling row from just before `events` on, as the highway authority of the works sees them. */
  async function polledFrom(events: RecordedEvent[], token = authorityToken) {
    const rows: WorkUpdateSummary[] = [];
    let cursor: number | null | undefined = Math.min(...events.map((event) => event.update_id)) - 1;
    while (cursor !== null && cursor !== undefined) {
      const response: TestResponse<WorkUpdateResponse> = await service.request('GET', '/works/updates', {
        token,
        query: { update_id: cursor },
      });
      expect(response.status).toBe(200);
      rows.push(...response.body.rows);
      cursor = response.body.next_update;
    }
    return rows;
  }

  /** The events are the ones polled, with the same ids, types, objects and parents. */
  async function expectPolled(events: RecordedEvent[]) {
    const ids = new Set(events.map((event) => event.update_id));
    const polled = (await polledFrom(events)).filter((row) => ids.has(row.update_id));
    expect(polled.map((row) => ({ update_id: row.update_id, ...identity(row) }))).toEqual(
      events.map((event) => ({ update_id: event.update_id, ...identity(event) })),
    );
  }

  const submit = (changes: Record<string, unknown> = {}) =>
    operate<'submitWork'>('POST', '/works', workBody(owner, authority, changes), 201);
  const transition = (permit: string, eventType: string, status = 200) =>
    operate<'transitionPermit'>('POST', `/permits/${permit}/transitions`, { event_type: eventType }, status);

  describe('works', () => {
    it('submitting a work records permit_submitted about its first permit, polled by its authority', async () => {
      const body = workBody(owner, authority);
      const created = await operate<'submitWork'>('POST', '/works', body, 201);
      const permit = `${body.work_reference_number}-01`;
      expect(created).toMatchObject({
        work_reference_number: body.work_reference_number,
        permit_reference_number: permit,
      });
      expect(created.events.map(identity)).toEqual([
        identity({
          event_type: 'permit_submitted',
          object_type: 'permit',
          object_reference_number: permit,
          parent_object_reference_number: body.work_reference_number,
        }),
      ]);
      await expectPolled(created.events);
    });

    it('stores the operator as acting user and the internal user fields on the events', async () => {
      const body = workBody(owner, authority, {
        internal_user_identifier: 'EMP-0042',
        internal_user_name: 'Alex Operator',
      });
      const response = await service.internalRequest<Answer<'submitWork'>>('POST', '/works', {
        token: operator,
        body,
      });
      const [stored] = await eventsAbout(database.db, response.body.permit_reference_number);
      expect(stored).toMatchObject({ internalUserIdentifier: 'EMP-0042', internalUserName: 'Alex Operator' });
      expect(stored?.actingUsername).toMatch(/^user-/);
    });

    it('an immediate work started at submission records permit_submitted then work_start_logged, at one time with rising ids', async () => {
      const created = await submit({ work_category: 'immediate_emergency', started_on_submission: true });
      expect(created.events.map((event) => event.event_type)).toEqual(['permit_submitted', 'work_start_logged']);
      const [submitted, started] = await polledFrom(created.events);
      expect(submitted?.event_type).toBe('permit_submitted');
      expect(started?.event_type).toBe('work_start_logged');
      expect(started!.update_id).toBeGreaterThan(submitted!.update_id);
      expect(started!.update_date_time).toBe(submitted!.update_date_time);
    });

    it('starting a non-immediate work at submission is 400 naming work_category', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/works', {
        token: operator,
        body: workBody(owner, authority, { started_on_submission: true }),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'work_category' }));
    });

    it('a proposed end before the start is 400 naming proposed_end_date', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/works', {
        token: operator,
        body: workBody(owner, authority, { proposed_end_date: '2031-03-01T08:00:00Z' }),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'proposed_end_date' }));
    });

    it('a work reference that exists already is 409', async () => {
      const body = workBody(owner, authority);
      await operate<'submitWork'>('POST', '/works', body, 201);
      const again = await service.internalRequest<ErrorResponse>('POST', '/works', { token: operator, body });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('conflict');
    });

    it('an unknown promoter is 404', async () => {
      const response = await service.internalRequest('POST', '/works', {
        token: operator,
        body: workBody(owner, authority, { promoter_swa_code: 'ZZZZ' }),
      });
      expect(response.status).toBe(404);
    });
  });

  describe('permit transitions', () => {
    it('granting a permit records permit_granted about the permit', async () => {
      const { permit_reference_number: permit, work_reference_number: work } = await submit();
      const granted = await transition(permit, 'permit_granted');
      expect(granted.permit_reference_number).toBe(permit);
      expect(granted.events.map(identity)).toEqual([
        identity({
          event_type: 'permit_granted',
          object_type: 'permit',
          object_reference_number: permit,
          parent_object_reference_number: work,
        }),
      ]);
      await expectPolled(granted.events);
    });

    it('cancelling a permit that holds ancillary information also records ancillary_info_removed', async () => {
      const { permit_reference_number: permit } = await submit();
      await transition(permit, 'permit_granted');
      await transition(permit, 'ancillary_info_added');
      const cancelled = await transition(permit, 'permit_cancelled');
      expect(cancelled.events.map((event) => event.event_type)).toEqual(['permit_cancelled', 'ancillary_info_removed']);
      expect(cancelled.events[1]!.update_id).toBeGreaterThan(cancelled.events[0]!.update_id);
      await expectPolled(cancelled.events);
    });

    it('a transition the permit state does not allow is 409', async () => {
      const { permit_reference_number: permit } = await submit();
      const response = await service.internalRequest('POST', `/permits/${permit}/transitions`, {
        token: operator,
        body: { event_type: 'work_stop_logged' },
      });
      expect(response.status).toBe(409);
    });

    it('an unknown permit is 404', async () => {
      const response = await service.internalRequest('POST', '/permits/NOWORK-01/transitions', {
        token: operator,
        body: { event_type: 'permit_granted' },
      });
      expect(response.status).toBe(404);
    });
  });

  describe('alterations and change requests', () => {
    it.each([
      ['change_request', 'CR', false],
      ['alteration', 'ALT', true],
    ] as const)(
      'a %s is submitted and granted about the request, its permit the parent',
      async (kind, tag, grantFirst) => {
        const { permit_reference_number: permit } = await submit();
        if (grantFirst) await transition(permit, 'permit_granted');
        const submitted = await operate<'submitChangeRequest'>(
          'POST',
          `/permits/${permit}/change-requests`,
          { kind, proposed_end_date: '2031-03-09T08:00:00Z', description_of_work: 'Replace two valves' },
          201,
        );
        const reference = `${permit}-${tag}01`;
        expect(submitted.reference).toBe(reference);
        const decided = await operate<'decideChangeRequest'>(
          'POST',
          `/change-requests/${reference}/decision`,
          { decision: 'granted' },
          200,
        );
        const expected = (status: string) =>
          identity({
            event_type: `${kind}_${status}`,
            object_type: 'change_request',
            object_reference_number: reference,
            parent_object_reference_number: permit,
          });
        expect([...submitted.events, ...decided.events].map(identity)).toEqual([
          expected('submitted'),
          expected('granted'),
        ]);
        await expectPolled([...submitted.events, ...decided.events]);
      },
    );

    it('deciding a request twice is 409', async () => {
      const { permit_reference_number: permit } = await submit();
      const { reference } = await operate<'submitChangeRequest'>(
        'POST',
        `/permits/${permit}/change-requests`,
        { kind: 'change_request' },
        201,
      );
      await operate<'decideChangeRequest'>(
        'POST',
        `/change-requests/${reference}/decision`,
        { decision: 'refused' },
        200,
      );
      const again = await service.internalRequest('POST', `/change-requests/${reference}/decision`, {
        token: operator,
        body: { decision: 'granted' },
      });
      expect(again.status).toBe(409);
    });

    it('an unknown request is 404', async () => {
      const response = await service.internalRequest('POST', '/change-requests/NOWORK-01-CR01/decision', {
        token: operator,
        body: { decision: 'cancelled' },
      });
      expect(response.status).toBe(404);
    });
  });

  describe('records of a work', () => {
    /** Each record type with an event that creates it and one that moves it on from there. */
    const lifecycleCases = (Object.keys(workObjectLifecycles) as WorkObjectType[]).map((objectType) => {
      const lifecycle = workObjectLifecycles[objectType];
      const [opening, status] = Object.entries(lifecycle.opening)[0]!;
      const transitions: Record<string, { from: readonly string[] }> = lifecycle.transitions;
      const [next] = Object.entries(transitions).find(([, transition]) => transition.from.includes(status))!;
      return { objectType, opening, next, tag: lifecycle.tag };
    });

    it.each(lifecycleCases)(
      '$objectType: $opening creates it and $next moves it on, the work the parent',
      async ({ objectType, opening, next, tag }) => {
        const { permit_reference_number: permit, work_reference_number: work } = await submit();
        await transition(permit, 'permit_granted');
        const opened = await operate<'openWorkObject'>(
          'POST',
          `/works/${work}/objects`,
          { object_type: objectType, event_type: opening },
          201,
        );
        const reference = `${work}-${tag}01`;
        expect(opened.reference).toBe(reference);
        const advanced = await operate<'advanceWorkObject'>(
          'POST',
          `/objects/${reference}/transitions`,
          { event_type: next },
          200,
        );
        expect(advanced.reference).toBe(reference);
        const expected = (eventType: string) =>
          identity({
            event_type: eventType,
            object_type: objectType,
            object_reference_number: reference,
            parent_object_reference_number: work,
          });
        expect([...opened.events, ...advanced.events].map(identity)).toEqual([expected(opening), expected(next)]);
        await expectPolled([...opened.events, ...advanced.events]);
      },
    );

    it('an event that does not create a record of the type is 400 naming event_type', async () => {
      const { work_reference_number: work } = await submit();
      const response = await service.internalRequest<ErrorResponse>('POST', `/works/${work}/objects`, {
        token: operator,
        body: { object_type: 'fpn', event_type: 'inspection_passed' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'event_type' }));
    });

    it('a transition the record status does not allow is 409', async () => {
      const { work_reference_number: work } = await submit();
      const { reference } = await operate<'openWorkObject'>(
        'POST',
        `/works/${work}/objects`,
        { object_type: 'inspection', event_type: 'inspection_passed' },
        201,
      );
      const response = await service.internalRequest('POST', `/objects/${reference}/transitions`, {
        token: operator,
        body: { event_type: 'inspection_outcome_accepted' },
      });
      expect(response.status).toBe(409);
    });

    it('a record of an unknown work is 404', async () => {
      const response = await service.internalRequest('POST', '/works/NOWORK/objects', {
        token: operator,
        body: { object_type: 'comment', event_type: 'comment_submitted' },
      });
      expect(response.status).toBe(404);
    });
  });

  describe('sample inspection quarters', () => {
    it('ending a quarter expires its open sample inspections with sample_inspection_expired, polled', async () => {
      const { db } = database;
      const quarterAuthority = await highwayAuthority(db);
      const body = workBody(owner, quarterAuthority);
      await operate<'submitWork'>('POST', '/works', body, 201);
      const work = body.work_reference_number;
      const open = await operate<'openWorkObject'>(
        'POST',
        `/works/${work}/objects`,
        { object_type: 'sample_inspection', event_type: 'sample_inspection_created' },
        201,
      );
      const done = await operate<'openWorkObject'>(
        'POST',
        `/works/${work}/objects`,
        { object_type: 'sample_inspection', event_type: 'sample_inspection_created' },
        201,
      );
      await operate<'advanceWorkObject'>(
        'POST',
        `/objects/${done.reference}/transitions`,
        { event_type: 'sample_inspection_completed' },
        200,
      );

      const quarter = quarterOf(new Date());
      const ended = await operate<'endQuarter'>(
        'POST',
        '/quarters/end',
        { highway_authority: quarterAuthority.swaCode, quarter },
        200,
      );
      expect(ended).toMatchObject({ quarter, expired: [open.reference] });
      expect(ended.events.map(identity)).toEqual([
        identity({
          event_type: 'sample_inspection_expired',
          object_type: 'sample_inspection',
          object_reference_number: open.reference,
          parent_object_reference_number: work,
        }),
        identity({
          event_type: 'sample_inspection_quarter_ended',
          object_type: 'sample_inspection_target',
          object_reference_number: quarter,
          parent_object_reference_number: null,
        }),
      ]);
      // The quarter's end is an organisation-level event: notified, not polled.
      const polled = await polledFrom(ended.events, await tokenFor(db, quarterAuthority, 'HighwayAuthority'));
      expect(polled.map(identity)).toEqual([ended.events.map(identity)[0]]);
    });

    it('ending a quarter twice is 409', async () => {
      const quarterAuthority = await highwayAuthority(database.db);
      await operate<'endQuarter'>(
        'POST',
        '/quarters/end',
        { highway_authority: quarterAuthority.name, quarter: '2030-Q1' },
        200,
      );
      const again = await service.internalRequest('POST', '/quarters/end', {
        token: operator,
        body: { highway_authority: quarterAuthority.name, quarter: '2030-Q1' },
      });
      expect(again.status).toBe(409);
    });
  });

  describe('contracts', () => {
    it('adding and removing a contract record organisation events about the promoter', async () => {
      const { db } = database;
      const hired = await contractor(db);
      const added = await operate<'addContract'>(
        'POST',
        '/contracts',
        { contractor: hired.name, promoter: owner.swaCode },
        201,
      );
      expect(added).toMatchObject({ contractor: hired.name, promoter: owner.swaCode });
      const removed = await operate<'removeContract'>(
        'DELETE',
        `/contracts/${encodeURIComponent(hired.name)}/${owner.swaCode}?internal_user_name=Sam`,
        undefined,
        200,
      );
      const expected = (eventType: string) =>
        identity({
          event_type: eventType,
          object_type: 'organisation',
          object_reference_number: owner.swaCode,
          parent_object_reference_number: null,
        });
      expect([...added.events, ...removed.events].map(identity)).toEqual([
        expected('organisation_contract_added'),
        expected('organisation_contract_removed'),
      ]);
      const stored = (await eventsAbout(db, owner.swaCode!)).at(-1);
      expect(stored).toMatchObject({ eventType: 'organisation_contract_removed', internalUserName: 'Sam' });
    });

    it('a contract that is active already is 409', async () => {
      const hired = await contractor(database.db);
      await operate<'addContract'>('POST', '/contracts', { contractor: hired.name, promoter: owner.name }, 201);
      const again = await service.internalRequest('POST', '/contracts', {
        token: operator,
        body: { contractor: hired.name, promoter: owner.name },
      });
      expect(again.status).toBe(409);
    });

    it('removing a contract that is not active is 404', async () => {
      const idle = await contractor(database.db);
      const response = await service.internalRequest(
        'DELETE',
        `/contracts/${encodeURIComponent(idle.name)}/${owner.swaCode}`,
        {
          token: operator,
        },
      );
      expect(response.status).toBe(404);
    });

    it('naming a promoter as the contractor is 400', async () => {
      const response = await service.internalRequest('POST', '/contracts', {
        token: operator,
        body: { contractor: owner.name, promoter: owner.name },
      });
      expect(response.status).toBe(400);
    });
  });
});
