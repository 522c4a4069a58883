/**
 * The HTTP contract of every operation: authentication, roles, validation from the document,
 * content types, sizes and unknown routes. Every response is checked against the document.
 */
import { parameterConstraints, propertyConstraints, type ErrorResponse } from '@street-events/types';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { describeEachDatabase } from '../support/databases.js';
import { contractor, highwayAuthority, promoter, tokenFor, work } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';

/** Each operation with a request that is valid for a Planner. */
const operations = [
  { name: 'poll', method: 'GET', path: '/works/updates' },
  { name: 'permit search', method: 'POST', path: '/permits/search', body: {} },
] as const;

describeEachDatabase('HTTP requests', (database) => {
  let service: RunningService;
  let planner: string;
  let operator: string;
  let contractorWithoutContract: string;
  let owner: Organisation;

  beforeAll(async () => {
    const { db } = database;
    owner = await promoter(db);
    const authority = await highwayAuthority(db);
    await work(db, owner, authority);
    planner = await tokenFor(db, owner, 'Planner');
    operator = await tokenFor(db, owner, 'Operator');
    const idle = await contractor(db);
    await addContract(db, { contractor: idle.name, promoter: owner.name });
    await removeContract(db, { contractor: idle.name, promoter: owner.name });
    contractorWithoutContract = await tokenFor(db, idle, 'Contractor');
    service = await startService({ db });
  });
  afterAll(() => service?.close());

  describe('authentication', () => {
    it.each(operations)('$name without a token header is 401', async ({ method, path, ...rest }) => {
      const response = await service.request<ErrorResponse>(method, path, {
        body: 'body' in rest ? rest.body : undefined,
      });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthenticated');
    });

    it.each(operations)('$name with an unknown token is 401', async ({ method, path, ...rest }) => {
      const response = await service.request(method, path, {
        token: 'se_unknown',
        body: 'body' in rest ? rest.body : undefined,
      });
      expect(response.status).toBe(401);
    });

    it.each(operations)('$name answers a Planner with 200', async ({ method, path, ...rest }) => {
      const response = await service.request(method, path, {
        token: planner,
        body: 'body' in rest ? rest.body : undefined,
      });
      expect(response.status).toBe(200);
    });

    it.each(operations)(
      '$name refuses a role the document does not allow with 403',
      async ({ method, path, ...rest }) => {
        const response = await service.request<ErrorResponse>(method, path, {
          token: operator,
          body: 'body' in rest ? rest.body : undefined,
        });
        expect(response.status).toBe(403);
        expect(response.body.error.code).toBe('forbidden');
      },
    );

    it.each(operations)(
      '$name refuses a contractor without an active contract with 403',
      async ({ method, path, ...rest }) => {
        const response = await service.request(method, path, {
          token: contractorWithoutContract,
          query: method === 'GET' ? { swa_code: owner.swaCode! } : {},
          body: 'body' in rest ? rest.body : undefined,
        });
        expect(response.status).toBe(403);
      },
    );
  });

  describe('validation from the document', () => {
    const poll = parameterConstraints.getWorkUpdates;
    const pollCases: [string, Record<string, string | string[]>, string, string][] = [
      ['page_size above its maximum', { page_size: String(poll.page_size.maximum + 1) }, 'page_size', 'maximum'],
      ['page_size below its minimum', { page_size: String(poll.page_size.minimum - 1) }, 'page_size', 'minimum'],
      ['page_size not a whole number', { page_size: '10.5' }, 'page_size', 'multipleOf'],
      ['page_size not a number', { page_size: 'ten' }, 'page_size', 'type'],
      ['update_id negative', { update_id: '-1' }, 'update_id', 'minimum'],
      ['update_id not a number', { update_id: 'abc' }, 'update_id', 'type'],
      ['start_date not a date-time', { start_date: 'yesterday' }, 'start_date', 'format'],
      ['end_date not a date-time', { end_date: '2026-13-01' }, 'end_date', 'format'],
      [
        'swa_code longer than its maxLength',
        { swa_code: '7'.repeat(poll.swa_code.maxLength + 1) },
        'swa_code',
        'maxLength',
      ],
      [
        'exclude_events_from longer than its maxLength',
        { exclude_events_from: 'u'.repeat(poll.exclude_events_from.maxLength + 1) },
        'exclude_events_from',
        'maxLength',
      ],
      ['workstream_prefix not three digits', { workstream_prefix: ['000', '12'] }, 'workstream_prefix[1]', 'pattern'],
      ['an unknown query parameter', { colour: 'red' }, 'colour', 'additionalProperties'],
    ];
    it.each(pollCases)('polling with %s is 400 naming the field', async (_name, query, field, rule) => {
      const response = await service.request<ErrorResponse>('GET', '/works/updates', { token: planner, query });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ location: 'query', field, rule }));
    });

    const references = (count: number) => Array.from({ length: count }, (_, i) => `REF${i}`);
    const search = propertyConstraints.PermitSearchRequest;
    const searchCases: [string, unknown, string, string][] = [
      ['page_size below its minimum', { page_size: search.page_size.minimum - 1 }, 'page_size', 'minimum'],
      ['page_size above its maximum', { page_size: search.page_size.maximum + 1 }, 'page_size', 'maximum'],
      ['page_size not an integer', { page_size: search.page_size.minimum + 0.5 }, 'page_size', 'multipleOf'],
      ['page_size a string', { page_size: String(search.page_size.minimum) }, 'page_size', 'type'],
      [
        'more references than maxItems',
        { work_reference_numbers: references(search.work_reference_numbers.maxItems + 1) },
        'work_reference_numbers',
        'maxItems',
      ],
      ['a duplicate reference', { work_reference_numbers: ['A1', 'A1'] }, 'work_reference_numbers', 'uniqueItems'],
      ['a null reference', { work_reference_numbers: ['A1', null] }, 'work_reference_numbers[1]', 'type'],
      [
        'a reference longer than its maxLength',
        { work_reference_numbers: ['R'.repeat(search.work_reference_numbers.items.maxLength + 1)] },
        'work_reference_numbers[0]',
        'maxLength',
      ],
      ['next_cursor negative', { next_cursor: -5 }, 'next_cursor', 'minimum'],
      ['an unknown property', { work_reference_numbers: [], colour: 'red' }, 'colour', 'additionalProperties'],
      ['a body that is not an object', [1, 2], '', 'type'],
    ];
    it.each(searchCases)('permit search with %s is 400 naming the field', async (_name, body, field, rule) => {
      const response = await service.request<ErrorResponse>('POST', '/permits/search', { token: planner, body });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ location: 'body', field, rule }));
    });

    it('permit search at the limits (maxItems references, the largest page_size) is accepted', async () => {
      const response = await service.request('POST', '/permits/search', {
        token: planner,
        body: {
          work_reference_numbers: references(search.work_reference_numbers.maxItems),
          page_size: search.page_size.maximum,
        },
      });
      expect(response.status).toBe(200);
    });

    it('the message names every broken constraint', async () => {
      const response = await service.request<ErrorResponse>('GET', '/works/updates', {
        token: planner,
        query: { page_size: '900', swa_code: '123456' },
      });
      expect(response.body.message).toMatch(/page_size/);
      expect(response.body.message).toMatch(/swa_code/);
    });

    it('polling with end_date before start_date is 400 naming end_date', async () => {
      const response = await service.request<ErrorResponse>('GET', '/works/updates', {
        token: planner,
        query: { start_date: '2026-11-20T00:00:00Z', end_date: '2026-11-19T00:00:00Z' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toContainEqual(
        expect.objectContaining({ location: 'query', field: 'end_date' }),
      );
    });

    it('permit search without a body is 400', async () => {
      const response = await service.request('POST', '/permits/search', { token: planner });
      expect(response.status).toBe(400);
    });

    it('a malformed JSON body is 400', async () => {
      const response = await service.request<ErrorResponse>('POST', '/permits/search', {
        token: planner,
        rawBody: '{"page_size": 1',
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
    });

    it('a body that is not JSON is 415', async () => {
      const response = await service.request<ErrorResponse>('POST', '/permits/search', {
        token: planner,
        rawBody: 'page_size=100',
        contentType: 'text/plain',
      });
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    });

    it('a body larger than 1 MiB is 413', async () => {
      const response = await service.request<ErrorResponse>('POST', '/permits/search', {
        token: planner,
        rawBody: JSON.stringify({ work_reference_numbers: ['x'.repeat(1024 * 1024)] }),
      });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
    });

    it('no permit search body, however malformed, gets a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (body) => {
          const response = await service.request('POST', '/permits/search', { token: planner, body });
          expect([200, 400]).toContain(response.status);
        }),
        { numRuns: 60 },
      );
    });

    it('no query string, however malformed, gets a 5xx', async () => {
      const names = fc.constantFrom(
        'page_size',
        'update_id',
        'start_date',
        'end_date',
        'swa_code',
        'workstream_prefix',
        'exclude_events_from',
        'x',
      );
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(names, fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }))),
          async (query) => {
            const response = await service.request('GET', '/works/updates', { token: planner, query });
            expect([200, 400, 403]).toContain(response.status);
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  describe('routes and headers', () => {
    it('an unknown route is 404 with the error body', async () => {
      const response = await service.request<ErrorResponse>('GET', '/works/nothing-here', { token: planner });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    });

    it('echoes a given x-request-id in the header and the error body', async () => {
      const response = await service.request<ErrorResponse>('GET', '/works/updates', {
        headers: { 'x-request-id': 'trace-42' },
      });
      expect(response.headers.get('x-request-id')).toBe('trace-42');
      expect(response.body.error.request_id).toBe('trace-42');
    });

    it('generates a request id when none is given', async () => {
      const response = await service.request('GET', '/works/updates', { token: planner });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
