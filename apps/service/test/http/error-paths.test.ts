/**
 * Every answer that is not 2xx, from every layer, is the document's error body with
 * `error.status` equal to the HTTP status: the service's own errors, Fastify's, the not-found
 * handler, malformed URLs, and what Node's HTTP parser refuses before a request exists. Raw
 * sockets send what `fetch` would never send.
 */
import { connect, type AddressInfo } from 'node:net';
import { propertyConstraints, type ErrorResponse, type PermitSearchReportingResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { maxListedProblems } from '../../src/http/error-body.js';
import { codeByStatus } from '../../src/shared/errors.js';
import { buildApp, maxRequestTargetLength } from '../../src/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { contractor, highwayAuthority, promoter, tokenFor, work } from '../support/fixtures.js';
import { documentSchema, startService, type RunningService } from '../support/http.js';

const errorResponse = documentSchema<ErrorResponse>('ErrorResponse');

interface RawAnswer {
  status: number;
  headers: string;
  body: unknown;
}

/** Sends bytes as they are on a fresh connection and reads the whole answer, until the server closes or answers. */
function rawRequest(origin: string, bytes: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let received = '';
    const finish = () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const text = rest.join('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        headers: head.toLowerCase(),
        body: text === '' ? undefined : JSON.parse(text),
      });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk.toString();
      const [head, ...rest] = received.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head ?? '')?.[1];
      if (length !== undefined && Buffer.byteLength(rest.join('\r\n\r\n')) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', reject);
  });
}

/** Fails the test unless `answer` is `status` with the document's error body, whose type it then has. */
function expectErrorBody(
  answer: { status: number; body: unknown },
  status: number,
): asserts answer is { status: number; body: ErrorResponse } {
  expect(answer.status).toBe(status);
  expect(errorResponse(answer.body), JSON.stringify(errorResponse.errors)).toBe(true);
  const body = answer.body as ErrorResponse;
  expect(body.error.status).toBe(status);
  expect(body.error.code).toBe(codeByStatus[status]);
}

describeEachDatabase('error paths', (database) => {
  let service: RunningService;
  let origin: string;
  let planner: string;
  let contractorWithoutContract: string;
  let owner: Organisation;

  beforeAll(async () => {
    const { db } = database;
    owner = await promoter(db);
    await work(db, owner, await highwayAuthority(db));
    planner = await tokenFor(db, owner, 'Planner');
    const idle = await contractor(db);
    await addContract(db, { contractor: idle.name, promoter: owner.name });
    await removeContract(db, { contractor: idle.name, promoter: owner.name });
    contractorWithoutContract = await tokenFor(db, idle, 'Contractor');
    service = await startService({ db });
    origin = new URL(service.baseUrl).origin;
  });
  afterAll(() => service?.close());

  describe('routes and methods', () => {
    it('an unknown route is 404', async () => {
      expectErrorBody(await service.request('GET', '/works/nowhere', { token: planner }), 404);
    });

    it.each(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
      '%s on the polling path is 405 listing GET and HEAD in Allow',
      async (method) => {
        const answer = await service.request(method, '/works/updates', { token: planner });
        expectErrorBody(answer, 405);
        expect(answer.headers.get('allow')).toBe('GET, HEAD');
      },
    );

    it('GET on the permit search path is 405 with Allow: POST', async () => {
      const answer = await service.request('GET', '/permits/search', { token: planner });
      expectErrorBody(answer, 405);
      expect(answer.headers.get('allow')).toBe('POST');
    });

    it('a method Fastify does not route is 405 on a known path', async () => {
      expectErrorBody(await rawRequest(origin, 'PROPFIND /v7/works/updates HTTP/1.1\r\nhost: x\r\n\r\n'), 405);
    });

    it('an internal route with a path parameter answers 405 for another method', async () => {
      const answer = await service.internalRequest('GET', '/objects/REF-01/transitions');
      expectErrorBody(answer, 405);
      expect(answer.headers.get('allow')).toBe('POST');
    });
  });

  describe('the request line and headers', () => {
    it(`a request target over ${maxRequestTargetLength} characters is 414`, async () => {
      const query = { exclude_events_from: 'u'.repeat(maxRequestTargetLength) };
      expectErrorBody(await service.request('GET', '/works/updates', { token: planner, query }), 414);
    });

    it('headers over 16 KiB are 431', async () => {
      const answer = await rawRequest(
        origin,
        `GET /v7/works/updates HTTP/1.1\r\nhost: x\r\nx-padding: ${'p'.repeat(20_000)}\r\n\r\n`,
      );
      expectErrorBody(answer, 431);
      expect(answer.headers).toContain(`x-request-id: ${answer.body.error.request_id}`);
    });

    it('a request that is not HTTP is 400', async () => {
      const answer = await rawRequest(origin, 'HELLO THERE\r\n\r\n');
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([expect.objectContaining({ location: 'header', rule: 'http' })]);
    });

    it('malformed percent-encoding in the path is 400 naming the encoding rule', async () => {
      const answer = await rawRequest(
        origin,
        `GET /v7/works/%E0%A4%A HTTP/1.1\r\nhost: x\r\ntoken: ${planner}\r\n\r\n`,
      );
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([expect.objectContaining({ location: 'path', rule: 'encoding' })]);
    });

    it('an HTTP/1.1 request without a Host header is 400 naming the header', async () => {
      const answer = await rawRequest(origin, `GET /v7/works/updates HTTP/1.1\r\ntoken: ${planner}\r\n\r\n`);
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([
        expect.objectContaining({ location: 'header', field: 'host', rule: 'required' }),
      ]);
    });

    it('an HTTP/1.0 request without a Host header is answered', async () => {
      const answer = await rawRequest(origin, `GET /v7/works/updates HTTP/1.0\r\ntoken: ${planner}\r\n\r\n`);
      expect(answer.status).toBe(200);
    });

    it('an Expect header other than 100-continue is 417', async () => {
      const answer = await rawRequest(
        origin,
        `POST /v7/permits/search HTTP/1.1\r\nhost: x\r\ntoken: ${planner}\r\nexpect: teapot\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
      );
      expectErrorBody(answer, 417);
      expect(answer.headers).toContain(`x-request-id: ${answer.body.error.request_id}`);
    });
  });

  describe('bodies', () => {
    it('a body that is not JSON is 400 naming the json rule', async () => {
      const answer = await service.request('POST', '/permits/search', { token: planner, rawBody: '{"page_size": ' });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([
        expect.objectContaining({ location: 'body', field: '', rule: 'json' }),
      ]);
    });

    it('a body with a __proto__ key is 400', async () => {
      const answer = await service.request('POST', '/permits/search', {
        token: planner,
        rawBody: '{"__proto__": {"polluted": 1}}',
      });
      expectErrorBody(answer, 400);
    });

    it('an empty JSON body is 400', async () => {
      expectErrorBody(await service.request('POST', '/permits/search', { token: planner, rawBody: '' }), 400);
    });

    it('a body that is not JSON by its content type is 415', async () => {
      const answer = await service.request('POST', '/permits/search', {
        token: planner,
        rawBody: 'page_size=100',
        contentType: 'text/plain',
      });
      expectErrorBody(answer, 415);
    });

    it('a body over the limit is 413', async () => {
      const huge = JSON.stringify({
        work_reference_numbers: Array.from({ length: 60_000 }, (_, i) => `REFERENCE-${i}`),
      });
      expectErrorBody(await service.request('POST', '/permits/search', { token: planner, rawBody: huge }), 413);
    });

    it(`${maxListedProblems * 10} unknown properties are one 400 listing the first ${maxListedProblems} and counting the rest`, async () => {
      const count = maxListedProblems * 10;
      const body = Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));
      const answer = await service.request('POST', '/permits/search', { token: planner, body });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toHaveLength(maxListedProblems);
      expect(answer.body.error.details_omitted).toBe(count - maxListedProblems);
    });

    it('a small body breaking several constraints is one 400 naming each', async () => {
      const body = { work_reference_numbers: [1, 'A'.repeat(100)], page_size: 'x', colour: 'red' };
      const answer = await service.request('POST', '/permits/search', { token: planner, body });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details!.map(({ field, rule }) => `${field} ${rule}`).sort()).toEqual([
        'colour additionalProperties',
        'page_size type',
        'work_reference_numbers[0] type',
        'work_reference_numbers[1] maxLength',
      ]);
    });

    it('a body holding more values than any valid one is 400 naming only the first broken constraint', async () => {
      const { maxItems } = propertyConstraints.PermitSearchRequest.work_reference_numbers;
      const body = { work_reference_numbers: Array<number>(maxItems * 5).fill(0) };
      const answer = await service.request('POST', '/permits/search', { token: planner, body });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toHaveLength(1);
      expect(answer.body.error.details_omitted).toBeUndefined();
    });

    it('a request without its required body is 400 naming the body', async () => {
      const answer = await service.request('POST', '/permits/search', { token: planner });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([
        expect.objectContaining({ location: 'body', field: '', rule: 'required' }),
      ]);
    });
  });

  describe('values the database cannot hold', () => {
    it('U+0000 in a query value is 400 naming the field and the characters rule', async () => {
      const answer = await service.request('GET', '/works/updates', {
        token: planner,
        query: { exclude_events_from: 'a\u0000b' },
      });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
        { location: 'query', field: 'exclude_events_from', rule: 'characters', message: expect.any(String) },
      ]);
    });

    it('U+0000 in a body string is 400 naming the field', async () => {
      const answer = await service.request('POST', '/permits/search', {
        token: planner,
        body: { work_reference_numbers: ['A', 'B\u0000'] },
      });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([
        expect.objectContaining({ location: 'body', field: 'work_reference_numbers[1]', rule: 'characters' }),
      ]);
    });

    it('U+0000 in an unknown key is 400 naming it', async () => {
      const answer = await service.request('POST', '/permits/search', { token: planner, body: { 'x\u0000': 1 } });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details![0]).toMatchObject({ location: 'body', rule: 'characters' });
    });

    it.each([
      ['year 0000', '0000-06-01T00:00:00Z'],
      ['a year before 0001 once in UTC', '0001-01-01T00:30:00+01:00'],
      ['second 60', '2026-12-31T23:59:60Z'],
      ['month 13', '2026-13-01T00:00:00Z'],
      ['a five-digit year', '10000-01-01T00:00:00Z'],
    ])('a date-time with %s is 400 naming the format rule', async (_name, value) => {
      const answer = await service.request('GET', '/works/updates', { token: planner, query: { start_date: value } });
      expectErrorBody(answer, 400);
      expect(answer.body.error.details).toEqual([
        expect.objectContaining({ location: 'query', field: 'start_date', rule: 'format' }),
      ]);
    });

    it('the earliest and latest storable date-times are accepted', async () => {
      const query = { start_date: '0001-01-01T00:00:00Z', end_date: '9999-12-31T23:59:59.999Z' };
      expect((await service.request('GET', '/works/updates', { token: planner, query })).status).toBe(200);
    });

    it('a permit search cursor beyond every 32-bit id finds nothing', async () => {
      const answer = await service.request<PermitSearchReportingResponse>('POST', '/permits/search', {
        token: planner,
        body: { next_cursor: 2 ** 31 },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.rows).toEqual([]);
    });

    it.each([
      ['polling', 'GET', '/works/updates', { query: { update_id: String(2 ** 53) } }, 'update_id', 'maximum'],
      ['permit search', 'POST', '/permits/search', { body: { next_cursor: 2 ** 53 } }, 'next_cursor', 'maximum'],
      ['polling', 'GET', '/works/updates', { query: { update_id: '1.5' } }, 'update_id', 'multipleOf'],
      ['permit search', 'POST', '/permits/search', { body: { next_cursor: 1.5 } }, 'next_cursor', 'multipleOf'],
    ] as const)(
      '%s: a cursor that is not a whole number up to 2^53 - 1 is 400',
      async (_name, method, path, options, field, rule) => {
        const answer = await service.request(method, path, { token: planner, ...options });
        expectErrorBody(answer, 400);
        expect(answer.body.error.details).toEqual([expect.objectContaining({ field, rule })]);
      },
    );
  });

  describe('refusal comes before the body is read', () => {
    it.each([
      ['a body that is not JSON', { rawBody: '{{{' }],
      ['a body of another media type', { rawBody: 'x', contentType: 'text/plain' }],
      ['a body breaking the schema', { body: { page_size: 1 } }],
    ])('a contractor without an active contract sending %s is 403', async (_name, options) => {
      const answer = await service.request('POST', '/permits/search', { token: contractorWithoutContract, ...options });
      expectErrorBody(answer, 403);
    });

    it('a request without a token sending a bad body is 401', async () => {
      expectErrorBody(await service.request('POST', '/permits/search', { rawBody: '{{{' }), 401);
    });
  });
});

describeEachDatabase('client timeouts', (database) => {
  let service: RunningService;
  let origin: string;
  let planner: string;

  beforeAll(async () => {
    planner = await tokenFor(database.db, await promoter(database.db), 'Planner');
    service = await startService({
      db: database.db,
      clientTimeouts: { headersMs: 500, requestMs: 500, keepAliveMs: 500, checkEveryMs: 100 },
    });
    origin = new URL(service.baseUrl).origin;
  });
  afterAll(() => service?.close());

  it('a client that stops in the middle of its headers is cut with 408', async () => {
    expectErrorBody(await rawRequest(origin, 'GET /v7/works/updates HTTP/1.1\r\nhost: x\r\n'), 408);
  });

  it('a client that stops in the middle of its body is cut with 408', async () => {
    const answer = await rawRequest(
      origin,
      `POST /v7/permits/search HTTP/1.1\r\nhost: x\r\ntoken: ${planner}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"page`,
    );
    expectErrorBody(answer, 408);
  });
});

describeEachDatabase('shutting down', (database) => {
  it('a request that arrives while the service closes is 503 with the error body', async () => {
    const planner = await tokenFor(database.db, await promoter(database.db), 'Planner');
    const app = await buildApp({ db: database.db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // A connection in the middle of its headers is busy, so closing waits for it.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET /v7/works/updates HTTP/1.1\r\nhost: x\r\ntoken: ${planner}\r\n`);
    const received = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('\r\n');
    const [head, body] = (await received).split('\r\n\r\n');
    await closed;
    expectErrorBody({ status: Number(head!.split(' ')[1]), body: JSON.parse(body!) }, 503);
  });
});
