/**
 * The notification routes: the links that act answer GET only, requests validated against the
 * limits of the document, contractors without an active contract refused, the changes per
 * organisation limited, and the webhook keys published.
 */
import { propertyConstraints, type ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, removeContract } from '../../../src/events/contracts.js';
import { describeEachDatabase } from '../../support/databases.js';
import { contractor, promoter } from '../../support/fixtures.js';
import { documentSchema, type RunningService } from '../../support/http.js';
import {
  confirm,
  confirmationTokenOf,
  endpoint,
  startNotificationService,
  subscriberSession,
  tokenFor,
} from './harness.js';

describeEachDatabase('notification routes', (database) => {
  const { service, subscribeAs, unsubscribeAs, plannerOfNewPromoter, subscribeAndConfirm } =
    subscriberSession(database);

  describe('confirmation link', () => {
    it('a HEAD request does not confirm: it is 405, allowing GET only', async () => {
      const { token } = await plannerOfNewPromoter();
      const reference = (await subscribeAs(token)).body.subscription_reference_number;
      const confirmation = await confirmationTokenOf(database.db, reference);
      const head = await fetch(`${service().baseUrl}/api-notifications/confirm?token=${confirmation}`, {
        method: 'HEAD',
      });
      expect(head.status).toBe(405);
      expect(head.headers.get('allow')).toBe('GET');
      expect((await confirm(service(), confirmation)).status).toBe(200);
    });
  });

  describe('listing', () => {
    it('refuses any query parameter with 400', async () => {
      const { token } = await plannerOfNewPromoter();
      const response = await service().request('GET', '/api-notifications/subscriptions', {
        token,
        query: { swa_code: 'P1' },
      });
      expect(response.status).toBe(400);
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
      const response = await service().request(method, path, { token, body });
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
      const response = await service().request<ErrorResponse>('POST', `/api-notifications/${operation}`, {
        token,
        body,
      });
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
      const response = await fetch(new URL('/.well-known/webhook-keys', service().baseUrl));
      expect(response.status).toBe(200);
      const set = (await response.json()) as { keys: object[] };
      for (const key of set.keys) expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      const validate = documentSchema('WebhookKeySet');
      expect(validate(set) ? [] : validate.errors).toEqual([]);
    });
  });
});
