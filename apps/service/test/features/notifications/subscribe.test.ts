/**
 * Subscribing over HTTP: one subscription per organisation, replacing one still unconfirmed, the
 * audit events it records, and the subscriptions a caller is shown.
 */
import type { ErrorResponse } from '@street-events/types';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addContract } from '../../../src/events/contracts.js';
import { auditEvents, subscriptions } from '../../../src/db/schema.js';
import { describeEachDatabase } from '../../support/databases.js';
import { contractor, highwayAuthority } from '../../support/fixtures.js';
import { confirm, confirmationTokenOf, endpoint, subscriberSession, tokenFor } from './harness.js';

describeEachDatabase('subscribe and list', (database) => {
  const { service, subscribeAs, listAs, plannerOfNewPromoter, subscribeAndConfirm } = subscriberSession(database);

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
      expect((await confirm(service(), await confirmationTokenOf(database.db, second))).status).toBe(200);
      expect(second).not.toBe(first);
    });

    it('the replaced subscription’s confirmation link stops working (404)', async () => {
      const { token } = await plannerOfNewPromoter();
      const first = (await subscribeAs(token)).body.subscription_reference_number;
      const firstToken = await confirmationTokenOf(database.db, first);
      expect((await subscribeAs(token)).status).toBe(200);
      expect((await confirm(service(), firstToken)).status).toBe(404);
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

    it('does not show a highway authority the promoters’ subscriptions', async () => {
      const { token: plannerToken } = await plannerOfNewPromoter();
      await subscribeAs(plannerToken);
      const authority = await highwayAuthority(database.db);
      expect((await listAs(await tokenFor(database.db, authority, 'HighwayAuthority'))).body).toEqual([]);
    });
  });
});
