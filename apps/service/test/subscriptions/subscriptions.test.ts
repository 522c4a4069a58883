/**
 * The subscription operations over HTTP: one subscription per organisation, what a contractor
 * covers and lists, unsubscribing, the confirmation link, the limits of the document, the
 * audit events, and the endpoint checks made at subscribe time.
 */
import {
  propertyConstraints,
  type ErrorResponse,
  type GetSubscriptionsResponse,
  type SubscriptionCreateResponse,
} from '@street-events/types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, removeContract } from '../../src/admin/contracts.js';
import { auditEvents, subscriptionCoverage, subscriptions } from '../../src/db/schema.js';
import { createEndpointPolicy } from '../../src/deliveries/attempts/endpoint-policy.js';
import { notResolving, resolvingTo } from '../deliveries/fake-dns.js';
import { describeEachDatabase } from '../support/databases.js';
import { contractor, highwayAuthority, promoter } from '../support/fixtures.js';
import { documentSchema, type RunningService } from '../support/http.js';
import { confirm, confirmationTokenOf, startNotificationService, tokenFor } from './harness.js';

const endpoint = 'http://127.0.0.1:9/hook';

describeEachDatabase('subscriptions', (database) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startNotificationService(database.db);
  });
  afterAll(() => service?.close());

  /** A subscribe request; `Body` is `ErrorResponse` where the test expects it refused. */
  const subscribeAs = <Body = SubscriptionCreateResponse>(token: string, body: object = { api_endpoint: endpoint }) =>
    service.request<Body>('POST', '/api-notifications/subscribe', { token, body });
  /** An unsubscribe request: it answers 204 without a body, or an error body. */
  const unsubscribeAs = (token: string, body: object = {}) =>
    service.request<ErrorResponse>('POST', '/api-notifications/unsubscribe', { token, body });
  const listAs = (token: string) =>
    service.request<GetSubscriptionsResponse[]>('GET', '/api-notifications/subscriptions', { token });

  async function plannerOfNewPromoter() {
    const owner = await promoter(database.db);
    return { owner, token: await tokenFor(database.db, owner, 'Planner') };
  }

  async function subscribeAndConfirm(token: string): Promise<string> {
    const created = await subscribeAs(token);
    expect(created.status).toBe(200);
    const reference = created.body.subscription_reference_number;
    expect((await confirm(service, await confirmationTokenOf(database.db, reference))).status).toBe(200);
    return reference;
  }

  describe('subscribe', () => {
    it('creates an unconfirmed subscription with a SUB- reference', async () => {
      const { token } = await plannerOfNewPromoter();
      const response = await subscribeAs(token, { api_endpoint: endpoint, subscription_description: 'Control room' });
      expect(response.status).toBe(200);
      expect(response.body.subscription_reference_number).toMatch(/^SUB-[0-9A-Z]{26}$/);
      const [stored] = await database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.reference, response.body.subscription_reference_number));
      expect(stored).toMatchObject({ status: 'unconfirmed', apiEndpoint: endpoint, description: 'Control room' });
    });

    it('refuses a second subscription of an organisation whose subscription is confirmed with 409, even from another user', async () => {
      const { owner, token } = await plannerOfNewPromoter();
      await subscribeAndConfirm(token);
      const again = await subscribeAs<ErrorResponse>(await tokenFor(database.db, owner, 'Planner'));
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('conflict');
    });

    it('subscribing again while unconfirmed replaces the subscription: a new reference, endpoint and confirmation', async () => {
      const { owner, token } = await plannerOfNewPromoter();
      const first = (await subscribeAs(token)).body.subscription_reference_number;
      const other = 'http://127.0.0.1:9/other-hook';
      const again = await subscribeAs(await tokenFor(database.db, owner, 'Planner'), { api_endpoint: other });
      expect(again.status).toBe(200);
      const second = again.body.subscription_reference_number;
      expect((await listAs(token)).body).toEqual([
        { subscription_reference_number: second, subscription_description: '', subscription_url: other },
      ]);
      expect((await confirm(service, await confirmationTokenOf(database.db, second))).status).toBe(200);
      expect(second).not.toBe(first);
    });

    it('the replaced subscription’s confirmation link stops working (404)', async () => {
      const { token } = await plannerOfNewPromoter();
      const first = (await subscribeAs(token)).body.subscription_reference_number;
      const firstToken = await confirmationTokenOf(database.db, first);
      expect((await subscribeAs(token)).status).toBe(200);
      expect((await confirm(service, firstToken)).status).toBe(404);
    });

    it('replacing records event_subscription_removed for the old reference and event_subscription_created for the new', async () => {
      const { owner, token } = await plannerOfNewPromoter();
      const first = (await subscribeAs(token)).body.subscription_reference_number;
      const second = (await subscribeAs(token)).body.subscription_reference_number;
      const events = await database.db
        .select({ type: auditEvents.eventType, object: auditEvents.objectReferenceNumber })
        .from(auditEvents)
        .where(eq(auditEvents.promoterOrgId, owner.id))
        .orderBy(auditEvents.id);
      expect(events).toEqual([
        { type: 'event_subscription_created', object: first },
        { type: 'event_subscription_removed', object: first },
        { type: 'event_subscription_created', object: second },
      ]);
    });

    it('records event_subscription_created with the acting user and the internal user', async () => {
      const { owner, token } = await plannerOfNewPromoter();
      const response = await subscribeAs(token, {
        api_endpoint: endpoint,
        internal_user_identifier: 'EMP-1',
        internal_user_name: 'Sam Patel',
      });
      const events = await database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.objectReferenceNumber, response.body.subscription_reference_number));
      expect(events).toEqual([
        expect.objectContaining({
          eventType: 'event_subscription_created',
          objectType: 'event_subscription',
          workId: null,
          promoterOrgId: owner.id,
          // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
          actingUsername: expect.stringMatching(/^notify-user-/),
          internalUserIdentifier: 'EMP-1',
          internalUserName: 'Sam Patel',
        }),
      ]);
    });

    it('a contractor subscription covers every promoter it holds an active contract with', async () => {
      const first = await promoter(database.db);
      const second = await promoter(database.db);
      const firm = await contractor(database.db);
      for (const contracted of [first, second])
        await addContract(database.db, { contractor: firm.name, promoter: contracted.name });
      const token = await tokenFor(database.db, firm, 'Contractor');
      const reference = (await subscribeAs(token)).body.subscription_reference_number;
      expect(await coverageOf(reference)).toEqual([first.id, second.id].sort());

      const later = await promoter(database.db);
      await addContract(database.db, { contractor: firm.name, promoter: later.name });
      expect(await coverageOf(reference)).toEqual([first.id, second.id, later.id].sort());

      await removeContract(database.db, { contractor: firm.name, promoter: first.name });
      expect(await coverageOf(reference)).toEqual([second.id, later.id].sort());
    });

    it('a contract added while the contractor subscribes is covered, whichever commits first', async () => {
      for (let round = 0; round < 8; round++) {
        const first = await promoter(database.db);
        const second = await promoter(database.db);
        const firm = await contractor(database.db);
        await addContract(database.db, { contractor: firm.name, promoter: first.name });
        const token = await tokenFor(database.db, firm, 'Contractor');
        const [subscribed] = await Promise.all([
          subscribeAs(token),
          addContract(database.db, { contractor: firm.name, promoter: second.name }),
        ]);
        expect(await coverageOf(subscribed.body.subscription_reference_number)).toEqual([first.id, second.id].sort());
      }
    });

    it('a contractor subscription is removed with its last contract', async () => {
      const only = await promoter(database.db);
      const firm = await contractor(database.db);
      await addContract(database.db, { contractor: firm.name, promoter: only.name });
      const reference = (await subscribeAs(await tokenFor(database.db, firm, 'Contractor'))).body
        .subscription_reference_number;
      await removeContract(database.db, { contractor: firm.name, promoter: only.name });
      expect(await database.db.select().from(subscriptions).where(eq(subscriptions.reference, reference))).toEqual([]);
    });
  });

  async function coverageOf(reference: string): Promise<number[]> {
    const rows = await database.db
      .select({ id: subscriptionCoverage.organisationId })
      .from(subscriptionCoverage)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCoverage.subscriptionId))
      .where(eq(subscriptions.reference, reference));
    return rows.map((row) => row.id).sort();
  }

  describe('confirmation link', () => {
    it('confirms once; a second use is 404', async () => {
      const { token } = await plannerOfNewPromoter();
      const reference = (await subscribeAs(token)).body.subscription_reference_number;
      const confirmation = await confirmationTokenOf(database.db, reference);
      const first = await confirm(service, confirmation);
      expect(first.status).toBe(200);
      const answer: unknown = await first.json();
      expect(answer).toEqual({ subscription_reference_number: reference, status: 'confirmed' });
      expect(documentSchema('SubscriptionConfirmedResponse')(answer)).toBe(true);
      const second = await confirm(service, confirmation);
      expect(second.status).toBe(404);
      expect(((await second.json()) as ErrorResponse).error.code).toBe('not_found');
    });

    it('a HEAD request does not confirm: it is 405, allowing GET only', async () => {
      const { token } = await plannerOfNewPromoter();
      const reference = (await subscribeAs(token)).body.subscription_reference_number;
      const confirmation = await confirmationTokenOf(database.db, reference);
      const head = await fetch(`${service.baseUrl}/api-notifications/confirm?token=${confirmation}`, {
        method: 'HEAD',
      });
      expect(head.status).toBe(405);
      expect(head.headers.get('allow')).toBe('GET');
      expect((await confirm(service, confirmation)).status).toBe(200);
    });

    it.each(['cnf_unknown', ''])('an unknown or missing token (%j) is 404 and needs no credential', async (unknown) => {
      const response = await confirm(service, unknown);
      expect(response.status).toBe(404);
    });
  });

  describe('unsubscribe', () => {
    it('removes the confirmed subscription (204) and records event_subscription_removed', async () => {
      const { token } = await plannerOfNewPromoter();
      const reference = await subscribeAndConfirm(token);
      const response = await unsubscribeAs(token, {
        subscription_reference_number: reference,
        internal_user_identifier: 'EMP-2',
        internal_user_name: 'Alex Jones',
      });
      expect(response.status).toBe(204);
      expect((await listAs(token)).body).toEqual([]);
      const [removed] = await database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.objectReferenceNumber, reference),
            eq(auditEvents.eventType, 'event_subscription_removed'),
          ),
        );
      expect(removed).toMatchObject({
        objectType: 'event_subscription',
        internalUserIdentifier: 'EMP-2',
        internalUserName: 'Alex Jones',
      });
      expect((await subscribeAs(token)).status).toBe(200);
    });

    it('without a reference removes the organisation’s subscription', async () => {
      const { token } = await plannerOfNewPromoter();
      await subscribeAndConfirm(token);
      expect((await unsubscribeAs(token)).status).toBe(204);
      expect((await listAs(token)).body).toEqual([]);
    });

    it('an unconfirmed subscription is 409 and stays', async () => {
      const { token } = await plannerOfNewPromoter();
      const reference = (await subscribeAs(token)).body.subscription_reference_number;
      const response = await unsubscribeAs(token, { subscription_reference_number: reference });
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/not confirmed/);
      expect((await listAs(token)).body).toHaveLength(1);
    });

    it('another organisation’s reference is 404, exactly as one that does not exist', async () => {
      const other = await plannerOfNewPromoter();
      const theirs = await subscribeAndConfirm(other.token);
      const { token } = await plannerOfNewPromoter();
      await subscribeAndConfirm(token);
      const missing = 'SUB-0000000000000000000000000Z';
      const foreign = await unsubscribeAs(token, { subscription_reference_number: theirs });
      const unknown = await unsubscribeAs(token, { subscription_reference_number: missing });
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreign.body.message.replace(theirs, 'REF')).toBe(unknown.body.message.replace(missing, 'REF'));
      expect((await listAs(other.token)).body).toHaveLength(1);
    });

    it('a contractor naming a promoter’s subscription it is shown is 403, and the subscription stays', async () => {
      const contracted = await plannerOfNewPromoter();
      const firm = await contractor(database.db);
      await addContract(database.db, { contractor: firm.name, promoter: contracted.owner.name });
      const token = await tokenFor(database.db, firm, 'Contractor');
      const promoters = await subscribeAndConfirm(contracted.token);
      const listed = (await listAs(token)).body;
      expect(listed.map((row) => row.subscription_reference_number)).toContain(promoters);
      const response = await unsubscribeAs(token, { subscription_reference_number: promoters });
      expect([response.status, response.body.error.code]).toEqual([403, 'forbidden']);
      expect((await listAs(contracted.token)).body).toHaveLength(1);
    });

    it('with no subscription at all is 404', async () => {
      const { token } = await plannerOfNewPromoter();
      expect((await unsubscribeAs(token)).status).toBe(404);
    });

    it('a contractor’s unsubscribe removes it for every organisation', async () => {
      const first = await promoter(database.db);
      const second = await promoter(database.db);
      const firm = await contractor(database.db);
      for (const contracted of [first, second])
        await addContract(database.db, { contractor: firm.name, promoter: contracted.name });
      const token = await tokenFor(database.db, firm, 'Contractor');
      const reference = await subscribeAndConfirm(token);
      expect((await unsubscribeAs(token)).status).toBe(204);
      expect(await coverageOf(reference)).toEqual([]);
      const removedEvents = await database.db
        .select({ promoterOrgId: auditEvents.promoterOrgId })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.objectReferenceNumber, reference),
            eq(auditEvents.eventType, 'event_subscription_removed'),
          ),
        );
      expect(removedEvents.map((event) => event.promoterOrgId).sort()).toEqual([first.id, second.id].sort());
    });
  });

  describe('listing', () => {
    it('shows the organisation’s subscription, confirmed or not', async () => {
      const { token } = await plannerOfNewPromoter();
      const reference = (await subscribeAs(token, { api_endpoint: endpoint, subscription_description: 'Depot' })).body
        .subscription_reference_number;
      expect((await listAs(token)).body).toEqual([
        { subscription_reference_number: reference, subscription_description: 'Depot', subscription_url: endpoint },
      ]);
    });

    it('shows a contractor its own subscription first, then those of its contracted promoters only', async () => {
      const contracted = await plannerOfNewPromoter();
      const stranger = await plannerOfNewPromoter();
      const firm = await contractor(database.db);
      await addContract(database.db, { contractor: firm.name, promoter: contracted.owner.name });
      const token = await tokenFor(database.db, firm, 'Contractor');
      const promoters = (await subscribeAs(contracted.token)).body.subscription_reference_number;
      await subscribeAs(stranger.token);
      const own = (await subscribeAs(token)).body.subscription_reference_number;
      const listed = (await listAs(token)).body;
      expect(listed.map((row) => row.subscription_reference_number)).toEqual([own, promoters]);
    });

    it('refuses any query parameter with 400', async () => {
      const { token } = await plannerOfNewPromoter();
      const response = await service.request('GET', '/api-notifications/subscriptions', {
        token,
        query: { swa_code: 'P1' },
      });
      expect(response.status).toBe(400);
    });

    it('does not show a highway authority the promoters’ subscriptions', async () => {
      const { token: plannerToken } = await plannerOfNewPromoter();
      await subscribeAs(plannerToken);
      const authority = await highwayAuthority(database.db);
      expect((await listAs(await tokenFor(database.db, authority, 'HighwayAuthority'))).body).toEqual([]);
    });
  });

  describe('contractor without an active contract (7.7)', () => {
    let token: string;
    beforeAll(async () => {
      const owner = await promoter(database.db);
      const idle = await contractor(database.db);
      await addContract(database.db, { contractor: idle.name, promoter: owner.name });
      await removeContract(database.db, { contractor: idle.name, promoter: owner.name });
      token = await tokenFor(database.db, idle, 'Contractor');
    });

    it.each([
      ['POST', '/api-notifications/subscribe', { api_endpoint: endpoint }],
      ['POST', '/api-notifications/unsubscribe', {}],
      ['GET', '/api-notifications/subscriptions', undefined],
    ] as const)('%s %s is 403', async (method, path, body) => {
      const response = await service.request(method, path, { token, body });
      expect(response.status).toBe(403);
    });
  });

  describe('changes per organisation', () => {
    let limited: RunningService;
    beforeAll(async () => {
      limited = await startNotificationService(database.db, { subscriptionChanges: { max: 2, windowMs: 60_000 } });
    });
    afterAll(() => limited?.close());
    const change = (path: 'subscribe' | 'unsubscribe', token: string) =>
      limited.request<ErrorResponse>('POST', `/api-notifications/${path}`, {
        token,
        body: path === 'subscribe' ? { api_endpoint: endpoint } : {},
      });

    it('refuses a subscribe or unsubscribe past the limit with 429, Retry-After and the error body', async () => {
      const { token } = await plannerOfNewPromoter();
      expect((await change('subscribe', token)).status).toBe(200);
      expect((await change('subscribe', token)).status).toBe(200);
      for (const path of ['subscribe', 'unsubscribe'] as const) {
        const refused = await change(path, token);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(refused.body.error).toMatchObject({ status: 429, code: 'rate_limited' });
      }
    });

    it('counts every user of an organisation together, and each organisation apart', async () => {
      const { owner, token } = await plannerOfNewPromoter();
      expect((await change('subscribe', token)).status).toBe(200);
      expect((await change('subscribe', await tokenFor(database.db, owner, 'Planner'))).status).toBe(200);
      expect((await change('subscribe', await tokenFor(database.db, owner, 'Planner'))).status).toBe(429);
      expect((await change('subscribe', (await plannerOfNewPromoter()).token)).status).toBe(200);
    });
  });

  describe('limits of the document', () => {
    const long = (length: number) => 'x'.repeat(length);
    const { SubscriptionCreateRequest: create, SubscriptionRemoveRequest: remove } = propertyConstraints;

    it('an unknown subscription reference is 404 up to its maxLength and 400 beyond', async () => {
      const { token } = await plannerOfNewPromoter();
      await subscribeAndConfirm(token);
      const unsubscribe = (reference: string) => unsubscribeAs(token, { subscription_reference_number: reference });
      const longest = remove.subscription_reference_number.maxLength;
      expect((await unsubscribe(`SUB-${long(longest - 4)}`)).status).toBe(404);
      const tooLong = await unsubscribe(`SUB-${long(longest - 3)}`);
      expect([tooLong.status, tooLong.body.error.details![0]!.field]).toEqual([400, 'subscription_reference_number']);
    });

    it.each([
      [
        'subscribe',
        'api_endpoint',
        { api_endpoint: `http://127.0.0.1/${long(create.api_endpoint.maxLength - 'http://127.0.0.1/'.length + 1)}` },
      ],
      [
        'subscribe',
        'subscription_description',
        { api_endpoint: endpoint, subscription_description: long(create.subscription_description.maxLength + 1) },
      ],
      [
        'subscribe',
        'internal_user_identifier',
        { api_endpoint: endpoint, internal_user_identifier: long(create.internal_user_identifier.maxLength + 1) },
      ],
      [
        'subscribe',
        'internal_user_name',
        { api_endpoint: endpoint, internal_user_name: long(create.internal_user_name.maxLength + 1) },
      ],
      [
        'unsubscribe',
        'internal_user_identifier',
        { internal_user_identifier: long(remove.internal_user_identifier.maxLength + 1) },
      ],
      ['unsubscribe', 'internal_user_name', { internal_user_name: long(remove.internal_user_name.maxLength + 1) }],
    ] as const)('%s: %s over its limit is 400 naming it', async (operation, field, body) => {
      const { token } = await plannerOfNewPromoter();
      const response = await service.request<ErrorResponse>('POST', `/api-notifications/${operation}`, { token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.details!.map((detail) => detail.field)).toContain(field);
    });

    it.each([
      [
        'api_endpoint',
        { api_endpoint: `http://127.0.0.1/${long(create.api_endpoint.maxLength - 'http://127.0.0.1/'.length)}` },
      ],
      ['subscription_description', { api_endpoint: endpoint, subscription_description: long(100) }],
      [
        'internal_user_identifier and internal_user_name',
        { api_endpoint: endpoint, internal_user_identifier: long(100), internal_user_name: long(100) },
      ],
    ] as const)('%s at its limit is accepted', async (_field, body) => {
      const { token } = await plannerOfNewPromoter();
      expect((await subscribeAs(token, body)).status).toBe(200);
    });

    it('an unknown field is 400', async () => {
      const { token } = await plannerOfNewPromoter();
      const response = await subscribeAs(token, { api_endpoint: endpoint, swa_code: '7001' });
      expect(response.status).toBe(400);
    });
  });

  describe('webhook keys', () => {
    it('are published as a JSON Web Key Set without credentials', async () => {
      const response = await fetch(new URL('/.well-known/webhook-keys', service.baseUrl));
      expect(response.status).toBe(200);
      const set = (await response.json()) as { keys: object[] };
      for (const key of set.keys) expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      const validate = documentSchema('WebhookKeySet');
      expect(validate(set) ? [] : validate.errors).toEqual([]);
    });
  });
});

describeEachDatabase('endpoint checks at subscribe time', (database) => {
  const strict = createEndpointPolicy();
  let service: RunningService;
  let privateName: RunningService;
  let unresolvable: RunningService;
  let token: () => Promise<string>;
  beforeAll(async () => {
    service = await startNotificationService(database.db, { policy: strict, resolve: resolvingTo('93.184.215.14') });
    privateName = await startNotificationService(database.db, { policy: strict, resolve: resolvingTo('10.1.2.3') });
    unresolvable = await startNotificationService(database.db, { policy: strict, resolve: notResolving });
    token = async () => tokenFor(database.db, await promoter(database.db), 'Planner');
  });
  afterAll(async () => {
    await service?.close();
    await privateName?.close();
    await unresolvable?.close();
  });

  const refusedFor = async (on: RunningService, api_endpoint: string) => {
    const response = await on.request<ErrorResponse>('POST', '/api-notifications/subscribe', {
      token: await token(),
      body: { api_endpoint },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.details!.map((detail) => detail.field)).toContain('api_endpoint');
    return response.body.message;
  };

  it.each([
    ['loopback', 'http://127.0.0.1/hook'],
    ['decimal loopback', 'http://2130706433/hook'],
    ['octal loopback', 'http://0177.0.0.1/hook'],
    ['hex loopback', 'http://0x7f.0.0.1/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['private', 'https://10.0.0.8/hook'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data'],
    ['CGNAT', 'http://100.64.1.1/hook'],
    ['unspecified', 'http://0.0.0.0/hook'],
    ['a non-http scheme', 'ftp://hooks.example/hook'],
    ['a file URL', 'file:///etc/passwd'],
    ['credentials in the URL', 'https://user:secret@hooks.example/hook'],
    ['a relative URL', '/hook'],
    ['not a URL', 'hooks example'],
  ])('refuses %s', async (_name, endpoint) => {
    await refusedFor(service, endpoint);
  });

  it('refuses a name that resolves to a private address', async () => {
    expect(await refusedFor(privateName, 'https://hooks.example/hook')).toMatch(/10\.1\.2\.3/);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusedFor(unresolvable, 'https://nowhere.example/hook')).toMatch(/does not resolve/);
  });

  it('accepts a public name', async () => {
    const response = await service.request('POST', '/api-notifications/subscribe', {
      token: await token(),
      body: { api_endpoint: 'https://hooks.example/hook' },
    });
    expect(response.status).toBe(200);
  });
});
