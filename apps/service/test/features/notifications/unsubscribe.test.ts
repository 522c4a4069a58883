/**
 * Unsubscribing over HTTP: only a confirmed subscription, only the organisation's own, the audit
 * events it records.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addContract } from '../../../src/events/contracts.js';
import { auditEvents } from '../../../src/db/schema.js';
import { describeEachDatabase } from '../../support/databases.js';
import { contractor } from '../../support/fixtures.js';
import { subscriberSession, tokenFor } from './harness.js';

describeEachDatabase('unsubscribe', (database) => {
  const {
    subscribeAs,
    unsubscribeAs,
    listAs,
    plannerOfNewPromoter,
    subscribeAndConfirm,
    coverageOf,
    contractorOfTwoPromoters,
  } = subscriberSession(database);

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
        and(eq(auditEvents.objectReferenceNumber, reference), eq(auditEvents.eventType, 'event_subscription_removed')),
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
    const { first, second, token } = await contractorOfTwoPromoters();
    const reference = await subscribeAndConfirm(token);
    expect((await unsubscribeAs(token)).status).toBe(204);
    expect(await coverageOf(reference)).toEqual([]);
    const removedEvents = await database.db
      .select({ promoterOrgId: auditEvents.promoterOrgId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.objectReferenceNumber, reference), eq(auditEvents.eventType, 'event_subscription_removed')),
      );
    expect(removedEvents.map((event) => event.promoterOrgId).sort()).toEqual([first.id, second.id].sort());
  });
});
