/**
 * Every answer of the fake (`@street-events/client/testing`) validates against the response
 * schema the bundled document gives the operation and status, read over HTTP as any client reads it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { permitSummary, startFakeEventsService, updateRow, type FakeEventsService } from '../src/testing.js';
import { componentSchema, declaredStatuses, responseSchema } from './support/document-responses.js';
import { generateTestKey } from './support/webhook-signer.js';

let service: FakeEventsService;

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  Object.assign(service.state, {
    updates: [],
    staleCursors: new Map(),
    scanUpdates: undefined,
    permits: [],
    webhookKeys: [],
    subscriptions: [],
  });
});

interface Answered {
  status: number;
  text: string;
  body: unknown;
}

/** The fake's answer to a request to `path` (under its base URL, or its origin for a path from the root). */
async function answerTo(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answered> {
  const url = path.startsWith('/.well-known/') ? `${service.origin}${path}` : `${service.baseUrl}${path}`;
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Expects the answer to be one the document declares for `operationId`, with a body its schema accepts. */
function expectDocumented(operationId: string, { status, text, body }: Answered): void {
  const validate = responseSchema(operationId, status);
  if (validate === null) return void expect(text).toBe('');
  expect(validate(body) ? [] : validate.errors).toEqual([]);
}

const updates = (count: number) => Array.from({ length: count }, (_, i) => updateRow(i + 1));
const references = (count: number) => Array.from({ length: count }, (_, i) => `NW7001001${String(i).padStart(6, '0')}`);

describe('polling', () => {
  /** A feed of five updates, and how a poll reads it. */
  const feed = (settings: { scanUpdates?: number; staleCursor?: [number, number] } = {}) => {
    service.state.updates = updates(5);
    service.state.scanUpdates = settings.scanUpdates;
    if (settings.staleCursor) service.state.staleCursors.set(...settings.staleCursor);
  };

  it.each([
    ['a page followed by more', {}, '?page_size=2', 2],
    ['the last page', {}, '', null],
    ['a page ended early by the update ids one poll reads', { scanUpdates: 2 }, '?page_size=3', 2],
    ["a stale cursor's replacement", { staleCursor: [10, 3] as [number, number] }, '?update_id=10', 3],
    ['no updates after a recent cursor', {}, '?update_id=5', undefined],
  ])('%s is a page the document describes', async (_name, settings, query, nextUpdate) => {
    feed(settings);
    const answered = await answerTo('GET', `/works/updates${query}`);
    expectDocumented('getWorkUpdates', answered);
    expect((answered.body as { next_update?: number | null }).next_update).toBe(nextUpdate);
  });
});

describe('permit search', () => {
  it('a page of permits is one the document describes', async () => {
    service.state.permits = references(3).map(permitSummary);
    const answered = await answerTo('POST', '/permits/search', { work_reference_numbers: references(2) });
    expectDocumented('searchPermits', answered);
    expect((answered.body as { rows: unknown[] }).rows).toHaveLength(2);
  });

  it.each([
    ['page_size', { page_size: 1 }, 'minimum'],
    ['page_size', { page_size: 501 }, 'maximum'],
    ['page_size', { page_size: 100.5 }, 'multipleOf'],
    ['work_reference_numbers', { work_reference_numbers: references(1001) }, 'maxItems'],
    ['work_reference_numbers', { work_reference_numbers: ['W1', 'W1'] }, 'uniqueItems'],
  ])('a %s that breaks %o is refused as the document describes, naming the rule', async (field, body, rule) => {
    const answered = await answerTo('POST', '/permits/search', body);
    expect(answered.status).toBe(400);
    expectDocumented('searchPermits', answered);
    expect(answered.body).toMatchObject({ error: { details: [{ location: 'body', field, rule }] } });
  });
});

describe('subscriptions', () => {
  const subscription = { api_endpoint: 'https://hooks.example/street-works' };

  it('the answer to subscribe is the one the document describes', async () => {
    expectDocumented('subscribe', await answerTo('POST', '/api-notifications/subscribe', subscription));
  });

  it('the list of subscriptions is the one the document describes', async () => {
    await answerTo('POST', '/api-notifications/subscribe', subscription);
    const answered = await answerTo('GET', '/api-notifications/subscriptions');
    expectDocumented('getSubscriptions', answered);
    expect(answered.body).toMatchObject([
      { subscription_url: subscription.api_endpoint, subscription_description: '' },
    ]);
  });

  it('the answer to unsubscribe is the 204 without a body the document describes', async () => {
    await answerTo('POST', '/api-notifications/subscribe', subscription);
    const answered = await answerTo('POST', '/api-notifications/unsubscribe', {});
    expect(answered.status).toBe(204);
    expectDocumented('unsubscribe', answered);
  });

  it('unsubscribing another reference is refused with the 404 the document describes', async () => {
    await answerTo('POST', '/api-notifications/subscribe', subscription);
    const answered = await answerTo('POST', '/api-notifications/unsubscribe', {
      subscription_reference_number: 'SUB-OTHER',
    });
    expect(answered.status).toBe(404);
    expectDocumented('unsubscribe', answered);
  });

  it("the confirmation link's answer is the one the document describes", async () => {
    await answerTo('POST', '/api-notifications/subscribe', subscription);
    expectDocumented('followSubscribeUrl', await answerTo('GET', '/api-notifications/confirm?token=cnf_1'));
  });

  it('the webhook keys are the key set the document describes', async () => {
    service.state.webhookKeys = [generateTestKey().publicJwk];
    expectDocumented('fetchWebhookKeys', await answerTo('GET', '/.well-known/webhook-keys'));
  });
});

describe('failures', () => {
  it.each(declaredStatuses('getWorkUpdates').filter((status) => /^[45]\d\d$/.test(status)))(
    'a queued %s answers the error body the document describes',
    async (status) => {
      service.failNext({ status: Number(status) });
      expectDocumented('getWorkUpdates', await answerTo('GET', '/works/updates'));
    },
  );

  it('an unknown route answers the error body', async () => {
    const answered = await answerTo('GET', '/no-such-route');
    const validate = componentSchema('ErrorResponse');
    expect(answered.status).toBe(404);
    expect(validate(answered.body) ? [] : validate.errors).toEqual([]);
  });
});
