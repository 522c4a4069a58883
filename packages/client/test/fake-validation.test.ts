/**
 * The fake (`@street-events/client/testing`) checks every request against the schemas the bundled
 * document gives its operation, query parameters and body alike, and refuses one that breaks them
 * as the service does: `400`, the document's `ErrorResponse` with `validation_failed`, and one
 * detail per broken constraint naming the field, where it is and the JSON Schema keyword it broke.
 * The bounds the inputs are drawn from are the document's, never numbers of the tests' own.
 */
import { parameterConstraints, propertyConstraints } from '@street-events/types';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEventsService, type FakeEventsService } from '../src/testing.js';
import { document, responseSchema } from './support/document-responses.js';

let service: FakeEventsService;

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  service.state.subscriptions = [];
});

interface Answered {
  status: number;
  body: unknown;
}

/** The fake's answer to a request to `path` below its base URL (or from its origin for `/.well-known/…`); `body` is sent as it is. */
async function answerTo(method: 'GET' | 'POST', path: string, body?: string): Promise<Answered> {
  const url = path.startsWith('/.well-known/') ? `${service.origin}${path}` : `${service.baseUrl}${path}`;
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const post = (path: string, body: unknown) => answerTo('POST', path, JSON.stringify(body));

interface Detail {
  location: string;
  field: string;
  rule: string;
  message: string;
}

/** The details of a refusal, after checking it is the `400` the document describes for `operationId`. */
function detailsOfRefusal(operationId: string, { status, body }: Answered): Omit<Detail, 'message'>[] {
  expect(status).toBe(400);
  const validate = responseSchema(operationId, 400)!;
  expect(validate(body) ? [] : validate.errors).toEqual([]);
  const { error } = body as { error: { code: string; details: Detail[] } };
  expect(error.code).toBe('validation_failed');
  for (const detail of error.details) expect(detail.message).not.toBe('');
  return error.details.map(({ location, field, rule }) => ({ location, field, rule }));
}

const reference = (n: number) => `NW7001001${String(n).padStart(7, '0')}`;
const references = (count: number) => Array.from({ length: count }, (_, i) => reference(i));

const { schemas } = document.components as unknown as {
  schemas: Record<string, { properties: Record<string, unknown> }>;
};
/** The property names a component schema of the document declares. */
const propertiesOf = (schema: string) => Object.keys(schemas[schema]!.properties);

describe('permit search body', () => {
  const pageSize = propertyConstraints.PermitSearchRequest.page_size;
  const { maxItems, items } = propertyConstraints.PermitSearchRequest.work_reference_numbers;

  it("answers any whole page_size within the document's bounds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: pageSize.minimum, max: pageSize.maximum }), async (page_size) => {
        expect((await post('/permits/search', { page_size })).status).toBe(200);
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a page_size outside the document's bounds, naming page_size and the bound it broke", async () => {
    const outside = fc.oneof(
      fc.integer({ max: pageSize.minimum - 1 }).map((value) => [value, 'minimum'] as const),
      fc.integer({ min: pageSize.maximum + 1 }).map((value) => [value, 'maximum'] as const),
    );
    await fc.assert(
      fc.asyncProperty(outside, async ([page_size, rule]) => {
        const details = detailsOfRefusal('searchPermits', await post('/permits/search', { page_size }));
        expect(details).toEqual([{ location: 'body', field: 'page_size', rule }]);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a page_size that is not a whole number, naming multipleOf', async () => {
    const fractional = fc
      .double({ min: pageSize.minimum, max: pageSize.maximum, noNaN: true })
      .filter((value) => !Number.isInteger(value));
    await fc.assert(
      fc.asyncProperty(fractional, async (page_size) => {
        const details = detailsOfRefusal('searchPermits', await post('/permits/search', { page_size }));
        expect(details).toEqual([{ location: 'body', field: 'page_size', rule: 'multipleOf' }]);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a page_size of another type than the document gives it, naming type', async () => {
    const details = detailsOfRefusal('searchPermits', await post('/permits/search', { page_size: '100' }));
    expect(details).toEqual([{ location: 'body', field: 'page_size', rule: 'type' }]);
  });

  it("refuses more work_reference_numbers than the document's maxItems, naming maxItems", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: maxItems + 1, max: maxItems + 20 }), async (count) => {
        const body = { work_reference_numbers: references(count) };
        const details = detailsOfRefusal('searchPermits', await post('/permits/search', body));
        expect(details).toEqual([{ location: 'body', field: 'work_reference_numbers', rule: 'maxItems' }]);
      }),
      { numRuns: 5 },
    );
  });

  it('refuses a reference given twice, naming uniqueItems', async () => {
    const listWithRepeat = fc
      .uniqueArray(fc.string({ maxLength: items.maxLength }), { minLength: 1, maxLength: 20 })
      .chain((list) => fc.nat(list.length - 1).map((i) => [...list, list[i]!]));
    await fc.assert(
      fc.asyncProperty(listWithRepeat, async (work_reference_numbers) => {
        const details = detailsOfRefusal('searchPermits', await post('/permits/search', { work_reference_numbers }));
        expect(details).toEqual([{ location: 'body', field: 'work_reference_numbers', rule: 'uniqueItems' }]);
      }),
    );
  });

  it("refuses a reference longer than the document's maxLength, naming its index and maxLength", async () => {
    const tooLong = fc.string({ minLength: items.maxLength + 1, maxLength: items.maxLength + 10 });
    await fc.assert(
      fc.asyncProperty(fc.nat(5), tooLong, async (index, long) => {
        const work_reference_numbers = [...references(index), long];
        const details = detailsOfRefusal('searchPermits', await post('/permits/search', { work_reference_numbers }));
        expect(details).toEqual([{ location: 'body', field: `work_reference_numbers[${index}]`, rule: 'maxLength' }]);
      }),
    );
  });

  it('lists as many broken constraints as the document lets an error body list, and counts the rest', async () => {
    const { error } = schemas.ErrorResponse!.properties as { error: { properties: { details: { maxItems: number } } } };
    const listed = error.properties.details.maxItems;
    const tooLong = 'W'.repeat(items.maxLength + 1);
    const body = { work_reference_numbers: Array.from({ length: listed + 3 }, (_, i) => `${tooLong}${i}`) };
    const answered = await post('/permits/search', body);
    expect(detailsOfRefusal('searchPermits', answered)).toHaveLength(listed);
    expect(answered.body).toMatchObject({ error: { details_omitted: 3 } });
  });
});

describe('every body', () => {
  const validBodies = [
    ['searchPermits', '/permits/search', 'PermitSearchRequest', {}],
    [
      'subscribe',
      '/api-notifications/subscribe',
      'SubscriptionCreateRequest',
      { api_endpoint: 'https://hooks.example/' },
    ],
    ['unsubscribe', '/api-notifications/unsubscribe', 'SubscriptionRemoveRequest', {}],
  ] as const;

  it.each(validBodies)(
    'of %s refuses a property the document does not declare, naming it and additionalProperties',
    async (operationId, path, schema, valid) => {
      // Names as the document's are: a field's path is dotted, with indexes in brackets.
      const unknown = fc
        .stringMatching(/^[a-z_][a-z0-9_]{0,19}$/)
        .filter((name) => !propertiesOf(schema).includes(name));
      await fc.assert(
        fc.asyncProperty(unknown, async (name) => {
          const details = detailsOfRefusal(operationId, await post(path, { ...valid, [name]: 1 }));
          expect(details).toEqual([{ location: 'body', field: name, rule: 'additionalProperties' }]);
        }),
        { numRuns: 25 },
      );
    },
  );

  it.each(validBodies)('of %s is required: none breaks required at the body itself', async (operationId, path) => {
    const details = detailsOfRefusal(operationId, await answerTo('POST', path));
    expect(details).toEqual([{ location: 'body', field: '', rule: 'required' }]);
  });

  it.each(validBodies)('of %s that is not JSON breaks json at the body itself', async (operationId, path) => {
    const details = detailsOfRefusal(operationId, await answerTo('POST', path, '{"page_size":'));
    expect(details).toEqual([{ location: 'body', field: '', rule: 'json' }]);
  });
});

describe('subscription bodies', () => {
  it('refuses a subscription without the api_endpoint the document requires, naming required', async () => {
    const details = detailsOfRefusal('subscribe', await post('/api-notifications/subscribe', {}));
    expect(details).toEqual([{ location: 'body', field: 'api_endpoint', rule: 'required' }]);
  });

  it('refuses an api_endpoint that is not a URI, naming format', async () => {
    const notUri = fc.stringMatching(/^[a-z ]{1,30}$/);
    await fc.assert(
      fc.asyncProperty(notUri, async (api_endpoint) => {
        const details = detailsOfRefusal('subscribe', await post('/api-notifications/subscribe', { api_endpoint }));
        expect(details).toEqual([{ location: 'body', field: 'api_endpoint', rule: 'format' }]);
      }),
      { numRuns: 25 },
    );
  });

  it('keeps no subscription from a refused request', async () => {
    await post('/api-notifications/subscribe', { api_endpoint: 'not a uri' });
    expect(service.state.subscriptions).toEqual([]);
  });

  it("refuses a subscription_reference_number longer than the document's maxLength, naming maxLength", async () => {
    const { maxLength } = propertyConstraints.SubscriptionRemoveRequest.subscription_reference_number;
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: maxLength + 1, maxLength: maxLength + 10 }), async (reference) => {
        const body = { subscription_reference_number: reference };
        const details = detailsOfRefusal('unsubscribe', await post('/api-notifications/unsubscribe', body));
        expect(details).toEqual([{ location: 'body', field: 'subscription_reference_number', rule: 'maxLength' }]);
      }),
      { numRuns: 25 },
    );
  });
});

describe('polling query', () => {
  const pageSize = parameterConstraints.getWorkUpdates.page_size;
  const prefixes = parameterConstraints.getWorkUpdates.workstream_prefix;
  const poll = (query: URLSearchParams) => answerTo('GET', `/works/updates?${query.toString()}`);

  it("answers any whole page_size within the document's bounds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: pageSize.minimum, max: pageSize.maximum }), async (size) => {
        expect((await poll(new URLSearchParams({ page_size: String(size) }))).status).toBe(200);
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a page_size outside the document's bounds, naming page_size in the query and the bound it broke", async () => {
    const outside = fc.oneof(
      fc.integer({ max: pageSize.minimum - 1 }).map((value) => [value, 'minimum'] as const),
      fc.integer({ min: pageSize.maximum + 1 }).map((value) => [value, 'maximum'] as const),
    );
    await fc.assert(
      fc.asyncProperty(outside, async ([size, rule]) => {
        const details = detailsOfRefusal(
          'getWorkUpdates',
          await poll(new URLSearchParams({ page_size: String(size) })),
        );
        expect(details).toEqual([{ location: 'query', field: 'page_size', rule }]);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses an update_id that is not a number, naming type', async () => {
    const notNumber = fc.stringMatching(/^[a-z]{1,10}$/);
    await fc.assert(
      fc.asyncProperty(notNumber, async (cursor) => {
        const details = detailsOfRefusal('getWorkUpdates', await poll(new URLSearchParams({ update_id: cursor })));
        expect(details).toEqual([{ location: 'query', field: 'update_id', rule: 'type' }]);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a start_date that is not a date-time, naming format', async () => {
    const details = detailsOfRefusal('getWorkUpdates', await poll(new URLSearchParams({ start_date: 'yesterday' })));
    expect(details).toEqual([{ location: 'query', field: 'start_date', rule: 'format' }]);
  });

  it("refuses a workstream_prefix that breaks the document's pattern, naming its index and pattern", async () => {
    const notPrefix = fc.string({ maxLength: 6 }).filter((value) => !new RegExp(prefixes.items.pattern).test(value));
    await fc.assert(
      fc.asyncProperty(notPrefix, async (prefix) => {
        const query = new URLSearchParams([
          ['workstream_prefix', '001'],
          ['workstream_prefix', prefix],
        ]);
        const details = detailsOfRefusal('getWorkUpdates', await poll(query));
        expect(details).toEqual([{ location: 'query', field: 'workstream_prefix[1]', rule: 'pattern' }]);
      }),
      { numRuns: 25 },
    );
  });

  it("refuses more workstream_prefix values than the document's maxItems, naming maxItems", async () => {
    const query = new URLSearchParams(
      Array.from({ length: prefixes.maxItems + 1 }, () => ['workstream_prefix', '001']),
    );
    const details = detailsOfRefusal('getWorkUpdates', await poll(query));
    expect(details).toEqual([{ location: 'query', field: 'workstream_prefix', rule: 'maxItems' }]);
  });
});

describe('every route', () => {
  const routes = [
    ['getWorkUpdates', 'GET', '/works/updates', undefined],
    ['searchPermits', 'POST', '/permits/search', {}],
    ['subscribe', 'POST', '/api-notifications/subscribe', { api_endpoint: 'https://hooks.example/' }],
    ['unsubscribe', 'POST', '/api-notifications/unsubscribe', {}],
    ['getSubscriptions', 'GET', '/api-notifications/subscriptions', undefined],
    ['followSubscribeUrl', 'GET', '/api-notifications/confirm', undefined],
    ['fetchWebhookKeys', 'GET', '/.well-known/webhook-keys', undefined],
  ] as const;

  it.each(routes)(
    '%s refuses a query parameter the document does not declare, naming it and additionalProperties',
    async (operationId, method, path, body) => {
      const answered = await answerTo(method, `${path}?unknown_parameter=1`, body && JSON.stringify(body));
      const details = detailsOfRefusal(operationId, answered);
      expect(details).toEqual([{ location: 'query', field: 'unknown_parameter', rule: 'additionalProperties' }]);
    },
  );

  it('checks the body before the query, and names only the broken constraints of the body, as the service does', async () => {
    const answered = await answerTo('POST', '/permits/search?unknown_parameter=1', JSON.stringify({ page_size: 1 }));
    expect(detailsOfRefusal('searchPermits', answered)).toEqual([
      { location: 'body', field: 'page_size', rule: 'minimum' },
    ]);
  });

  it('checks requests under the deprecated base path as under the current one', async () => {
    const answered = await fetch(`${service.origin}/v7/works/updates?page_size=0`);
    const details = detailsOfRefusal('getWorkUpdates', { status: answered.status, body: await answered.json() });
    expect(details).toEqual([{ location: 'query', field: 'page_size', rule: 'minimum' }]);
  });

  it('serves the webhook keys below the base path too, where the document serves them', async () => {
    service.state.webhookKeys = [];
    const answered = await answerTo('GET', '/api-notifications/webhook-keys');
    expect(answered).toEqual({ status: 200, body: { keys: [] } });
  });
});
