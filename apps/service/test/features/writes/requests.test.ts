/**
 * The HTTP contract of the internal operator API: only the Operator role, requests validated
 * against the internal document with the shared error body naming each field, content types,
 * sizes and unknown routes. Every response is checked against the internal document.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '../../../src/directory/organisations.js';
import type { components } from '@street-events/types/operator';
import { describeEachDatabase } from '../../support/databases.js';
import { contractor, highwayAuthority, promoter, tokenFor, work } from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';
import { workBody } from '../../support/internal-api.js';

type ErrorResponse = components['schemas']['ErrorResponse'];

/** Every route with a request that passes validation (the objects named need not exist). */
const routes = [
  { name: 'submit a work', method: 'POST', path: '/works', body: {} },
  {
    name: 'transition a permit',
    method: 'POST',
    path: '/permits/W1-01/transitions',
    body: { event_type: 'permit_granted' },
  },
  {
    name: 'submit a change request',
    method: 'POST',
    path: '/permits/W1-01/change-requests',
    body: { kind: 'alteration' },
  },
  {
    name: 'decide a change request',
    method: 'POST',
    path: '/change-requests/W1-01-CR01/decision',
    body: { decision: 'granted' },
  },
  {
    name: 'open a record',
    method: 'POST',
    path: '/works/W1/objects',
    body: { object_type: 'comment', event_type: 'comment_submitted' },
  },
  {
    name: 'advance a record',
    method: 'POST',
    path: '/objects/W1-COM01/transitions',
    body: { event_type: 'comment_read' },
  },
  {
    name: 'end a quarter',
    method: 'POST',
    path: '/quarters/end',
    body: { highway_authority: 'H1', quarter: '2025-Q3' },
  },
  { name: 'add a contract', method: 'POST', path: '/contracts', body: { contractor: 'C1', promoter: 'P1' } },
  { name: 'remove a contract', method: 'DELETE', path: '/contracts/C1/P1', body: undefined },
] as const;

describeEachDatabase('internal operator API requests', (database) => {
  let service: RunningService;
  let operator: string;
  const roleTokens: Record<string, string> = {};
  let owner: Organisation;
  let authority: Organisation;
  let permit: string;

  beforeAll(async () => {
    const { db } = database;
    owner = await promoter(db);
    authority = await highwayAuthority(db);
    permit = (await work(db, owner, authority)).permitReferenceNumber;
    operator = await tokenFor(db, owner, 'Operator');
    roleTokens.Planner = await tokenFor(db, owner, 'Planner');
    roleTokens.HighwayAuthority = await tokenFor(db, authority, 'HighwayAuthority');
    const hired = await contractor(db);
    roleTokens.Contractor = await tokenFor(db, hired, 'Contractor');
    service = await startService({ db });
  });
  afterAll(() => service?.close());

  describe('authentication', () => {
    it.each(routes)('$name without a token header is 401', async ({ method, path, body }) => {
      const response = await service.internalRequest<ErrorResponse>(method, path, { body });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthenticated');
    });

    it.each(routes)('$name with an unknown token is 401', async ({ method, path, body }) => {
      const response = await service.internalRequest(method, path, { token: 'se_unknown', body });
      expect(response.status).toBe(401);
    });

    const roleCases = routes.flatMap((route) =>
      ['Planner', 'Contractor', 'HighwayAuthority'].map((role) => ({ ...route, role })),
    );
    it.each(roleCases)('$name refuses the $role role with 403', async ({ method, path, body, role }) => {
      const response = await service.internalRequest<ErrorResponse>(method, path, { token: roleTokens[role], body });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    });

    it('admits the Operator role', async () => {
      const response = await service.internalRequest('POST', `/permits/${permit}/transitions`, {
        token: operator,
        body: { event_type: 'permit_granted' },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('validation from the internal document', () => {
    const tooLong = (length: number) => 'x'.repeat(length + 1);
    const without = (field: string) => (body: Record<string, unknown>) => {
      const rest = { ...body };
      delete rest[field];
      return rest;
    };
    const withField = (field: string, value: unknown) => (body: Record<string, unknown>) => ({
      ...body,
      [field]: value,
    });
    /** [case, change to a valid work submission, field named, rule] */
    const workCases: [string, (body: Record<string, unknown>) => Record<string, unknown>, string, string][] = [
      ['work_reference_number missing', without('work_reference_number'), 'work_reference_number', 'required'],
      [
        'work_reference_number with a space',
        withField('work_reference_number', 'W 1'),
        'work_reference_number',
        'pattern',
      ],
      [
        'work_reference_number longer than 24',
        withField('work_reference_number', tooLong(24)),
        'work_reference_number',
        'pattern',
      ],
      ['promoter_swa_code missing', without('promoter_swa_code'), 'promoter_swa_code', 'required'],
      [
        'highway_authority_swa_code longer than 4',
        withField('highway_authority_swa_code', '47201'),
        'highway_authority_swa_code',
        'pattern',
      ],
      ['workstream_prefix not three digits', withField('workstream_prefix', '01'), 'workstream_prefix', 'pattern'],
      ['street longer than 100', withField('street', tooLong(100)), 'street', 'maxLength'],
      ['town empty', withField('town', ''), 'town', 'minLength'],
      ['area a number', withField('area', 7), 'area', 'type'],
      ['usrn a string', withField('usrn', '7201234'), 'usrn', 'type'],
      ['usrn below 1000001', withField('usrn', 1000000), 'usrn', 'minimum'],
      ['usrn not whole', withField('usrn', 7201234.5), 'usrn', 'type'],
      ['road_category above 4', withField('road_category', 5), 'road_category', 'maximum'],
      [
        'works_coordinates not a geometry',
        withField('works_coordinates', { type: 'Circle', coordinates: [1, 2] }),
        'works_coordinates',
        'oneOf',
      ],
      [
        'location_description longer than 500',
        withField('location_description', tooLong(500)),
        'location_description',
        'maxLength',
      ],
      ['description_of_work missing', without('description_of_work'), 'description_of_work', 'required'],
      ['work_category unknown', withField('work_category', 'huge'), 'work_category', 'enum'],
      [
        'traffic_management_type unknown',
        withField('traffic_management_type', 'none'),
        'traffic_management_type',
        'enum',
      ],
      ['activity_type unknown', withField('activity_type', 'digging'), 'activity_type', 'enum'],
      [
        'proposed_start_date not a date-time',
        withField('proposed_start_date', 'tomorrow'),
        'proposed_start_date',
        'format',
      ],
      ['proposed_end_date missing', without('proposed_end_date'), 'proposed_end_date', 'required'],
      ['is_lane_rental a string', withField('is_lane_rental', 'yes'), 'is_lane_rental', 'type'],
      [
        'a permit condition unknown',
        withField('permit_conditions', [{ condition: 'NCT99' }]),
        'permit_conditions[0].condition',
        'enum',
      ],
      ['started_on_submission a string', withField('started_on_submission', 'true'), 'started_on_submission', 'type'],
      [
        'internal_user_identifier longer than 100',
        withField('internal_user_identifier', tooLong(100)),
        'internal_user_identifier',
        'maxLength',
      ],
      [
        'internal_user_name longer than 100',
        withField('internal_user_name', tooLong(100)),
        'internal_user_name',
        'maxLength',
      ],
      ['an unknown property', withField('colour', 'red'), 'colour', 'additionalProperties'],
    ];
    it.each(workCases)('submitting a work with %s is 400 naming the field', async (_name, change, field, rule) => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/works', {
        token: operator,
        body: change(workBody(owner, authority)),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ location: 'body', field, rule }));
    });

    /** [case, method, path, body, location, field named, rule] */
    const otherCases: [string, string, string, unknown, string, string, string][] = [
      [
        'a permit transition without event_type',
        'POST',
        '/permits/W1-01/transitions',
        {},
        'body',
        'event_type',
        'required',
      ],
      [
        'an unknown permit event',
        'POST',
        '/permits/W1-01/transitions',
        { event_type: 'permit_exploded' },
        'body',
        'event_type',
        'enum',
      ],
      [
        'a record event as permit event',
        'POST',
        '/permits/W1-01/transitions',
        { event_type: 'fpn_paid' },
        'body',
        'event_type',
        'enum',
      ],
      [
        'a permit reference longer than 27',
        'POST',
        `/permits/${'P'.repeat(28)}/transitions`,
        { event_type: 'permit_granted' },
        'path',
        'permit_reference_number',
        'maxLength',
      ],
      [
        'an unknown change request kind',
        'POST',
        '/permits/W1-01/change-requests',
        { kind: 'wish' },
        'body',
        'kind',
        'enum',
      ],
      [
        'a change request end that is not a date-time',
        'POST',
        '/permits/W1-01/change-requests',
        { kind: 'alteration', proposed_end_date: '2031-02-30' },
        'body',
        'proposed_end_date',
        'format',
      ],
      [
        'a change request description longer than 500',
        'POST',
        '/permits/W1-01/change-requests',
        { kind: 'alteration', description_of_work: tooLong(500) },
        'body',
        'description_of_work',
        'maxLength',
      ],
      [
        'a decision of submitted',
        'POST',
        '/change-requests/W1-01-CR01/decision',
        { decision: 'submitted' },
        'body',
        'decision',
        'enum',
      ],
      [
        'a decision with an unknown property',
        'POST',
        '/change-requests/W1-01-CR01/decision',
        { decision: 'granted', reason: 'x' },
        'body',
        'reason',
        'additionalProperties',
      ],
      [
        'an unknown record type',
        'POST',
        '/works/W1/objects',
        { object_type: 'permit', event_type: 'comment_submitted' },
        'body',
        'object_type',
        'enum',
      ],
      [
        'a record without event_type',
        'POST',
        '/works/W1/objects',
        { object_type: 'comment' },
        'body',
        'event_type',
        'required',
      ],
      [
        'a transition event that creates records',
        'POST',
        '/objects/W1-COM01/transitions',
        { event_type: 'comment_submitted' },
        'body',
        'event_type',
        'enum',
      ],
      [
        'a record event that is a number',
        'POST',
        '/objects/W1-COM01/transitions',
        { event_type: 3 },
        'body',
        'event_type',
        'enum',
      ],
      [
        'a quarter Q5',
        'POST',
        '/quarters/end',
        { highway_authority: 'H1', quarter: '2025-Q5' },
        'body',
        'quarter',
        'pattern',
      ],
      [
        'a quarter end without highway_authority',
        'POST',
        '/quarters/end',
        { quarter: '2025-Q3' },
        'body',
        'highway_authority',
        'required',
      ],
      ['a contract without promoter', 'POST', '/contracts', { contractor: 'C1' }, 'body', 'promoter', 'required'],
      [
        'a contractor name longer than 100',
        'POST',
        '/contracts',
        { contractor: tooLong(100), promoter: 'P1' },
        'body',
        'contractor',
        'maxLength',
      ],
      [
        'a contract removal with an unknown query parameter',
        'DELETE',
        '/contracts/C1/P1?reason=x',
        undefined,
        'query',
        'reason',
        'additionalProperties',
      ],
      [
        'a contract removal with internal_user_name longer than 100',
        'DELETE',
        `/contracts/C1/P1?internal_user_name=${tooLong(100)}`,
        undefined,
        'query',
        'internal_user_name',
        'maxLength',
      ],
    ];
    it.each(otherCases)('%s is 400 naming the field', async (_name, method, path, body, location, field, rule) => {
      const response = await service.internalRequest<ErrorResponse>(method, path, { token: operator, body });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ location, field, rule }));
    });

    it('a body that is not an object is 400', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/quarters/end', {
        token: operator,
        body: ['2025-Q3'],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: '', rule: 'type' }));
    });

    it('a write without a body is 400', async () => {
      const response = await service.internalRequest('POST', '/contracts', { token: operator });
      expect(response.status).toBe(400);
    });

    it('a malformed JSON body is 400', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/contracts', {
        token: operator,
        rawBody: '{"contractor": ',
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
    });

    it('a body that is not JSON is 415', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/contracts', {
        token: operator,
        rawBody: 'contractor=C1&promoter=P1',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    });

    it('a body larger than 1 MiB is 413', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/works', {
        token: operator,
        rawBody: JSON.stringify({ street: 'x'.repeat(1024 * 1024) }),
      });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
    });

    it('no work submission, however malformed, gets a 5xx', async () => {
      const fields = fc.constantFrom(...Object.keys(workBody(owner, authority)), 'colour');
      const values = fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.constant(null));
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fields, values), async (changes) => {
          const response = await service.internalRequest('POST', '/works', {
            token: operator,
            body: workBody(owner, authority, changes),
          });
          expect([201, 400, 404, 409]).toContain(response.status);
        }),
        { numRuns: 60 },
      );
    });

    it('no body of any route, however malformed, gets a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes.filter((route) => route.method === 'POST')),
          fc.jsonValue(),
          async (route, body) => {
            const response = await service.internalRequest(route.method, route.path, { token: operator, body });
            expect([400, 404, 409]).toContain(response.status);
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  describe('routes', () => {
    it('an unknown internal route is 404 with the error body', async () => {
      const response = await service.internalRequest<ErrorResponse>('POST', '/nothing-here', {
        token: operator,
        body: {},
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    });

    it('a route with another method is 405, listing its methods in Allow', async () => {
      const response = await service.internalRequest('GET', '/works', { token: operator });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });

    it('the internal routes are not served under the interface base path', async () => {
      const response = await service.request('POST', '/internal/contracts', {
        token: operator,
        body: { contractor: 'C1', promoter: 'P1' },
      });
      expect(response.status).toBe(404);
    });
  });
});
