/**
 * The confirmation link of a subscription's `SubscribeURL`: it confirms once, and needs no
 * credential. It confirms an unconfirmed subscription, or one the sandbox confirmed on the
 * receiver's behalf whose token is still unused; no other, whatever token it holds.
 */
import type { ErrorResponse } from '@street-events/types';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tokenHash } from '../../../src/shared/token-hash.js';
import { subscriptions } from '../../../src/db/schema.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import { pointSubscription } from '../../../src/features/notifications/operator.js';
import { describeEachDatabase } from '../../support/databases.js';
import { callerOf } from '../../support/fixtures.js';
import { documentSchema } from '../../support/http.js';
import { confirm, confirmationTokenOf, endpoint, loopbackPolicy, subscriberSession } from './harness.js';

describeEachDatabase('confirmation link', (database) => {
  const { service, subscribeAs, plannerOfNewPromoter, subscribeAndConfirm } = subscriberSession(database);

  /** The subscription's state, as kept. */
  const stateOf = async (reference: string) => {
    const [row] = await database.db
      .select({ status: subscriptions.status, confirmedAt: subscriptions.confirmedAt })
      .from(subscriptions)
      .where(eq(subscriptions.reference, reference));
    return row!;
  };

  /** Confirms the organisation's subscription on the receiver's behalf, as the sandbox does (`listen`). */
  const confirmOnBehalf = async (owner: Organisation) =>
    pointSubscription(
      database.db,
      await callerOf(database.db, owner, 'Operator'),
      owner.name,
      { api_endpoint: endpoint, status: 'confirmed' },
      { sandbox: true, policy: loopbackPolicy, publicBaseUrl: () => service().baseUrl },
    );

  it('confirms once; a second use is 404', async () => {
    const { token } = await plannerOfNewPromoter();
    const reference = (await subscribeAs(token)).body.subscription_reference_number;
    const confirmation = await confirmationTokenOf(database.db, reference);
    const first = await confirm(service(), confirmation);
    expect(first.status).toBe(200);
    const answer: unknown = await first.json();
    expect(answer).toEqual({ subscription_reference_number: reference, status: 'confirmed' });
    expect(documentSchema('SubscriptionConfirmedResponse')(answer)).toBe(true);
    const second = await confirm(service(), confirmation);
    expect(second.status).toBe(404);
    expect(((await second.json()) as ErrorResponse).error.code).toBe('not_found');
  });

  it('answers 200 once for a subscription the sandbox confirmed on the receiver’s behalf, which stays confirmed since it was', async () => {
    const { owner, token } = await plannerOfNewPromoter();
    const reference = (await subscribeAs(token)).body.subscription_reference_number;
    const confirmation = await confirmationTokenOf(database.db, reference);
    const pointed = await confirmOnBehalf(owner);
    expect(pointed.status).toBe('confirmed');
    expect((await confirm(service(), confirmation)).status).toBe(200);
    expect(await stateOf(reference)).toEqual({ status: 'confirmed', confirmedAt: pointed.confirmedAt });
    expect((await confirm(service(), confirmation)).status).toBe(404);
  });

  it('does not confirm again a subscription confirmed by its own link, even holding a token', async () => {
    const { token } = await plannerOfNewPromoter();
    const reference = await subscribeAndConfirm(token);
    const before = await stateOf(reference);
    const kept = 'cnf_kept-by-a-confirmed-subscription';
    await database.db
      .update(subscriptions)
      .set({ confirmationTokenHash: tokenHash(kept) })
      .where(eq(subscriptions.reference, reference));
    expect((await confirm(service(), kept)).status).toBe(404);
    expect(await stateOf(reference)).toEqual(before);
  });

  it('does not confirm a subscription the sandbox confirmed once its receiver has used the token', async () => {
    const { owner, token } = await plannerOfNewPromoter();
    const reference = (await subscribeAs(token)).body.subscription_reference_number;
    expect((await confirm(service(), await confirmationTokenOf(database.db, reference))).status).toBe(200);
    await confirmOnBehalf(owner);
    const kept = 'cnf_kept-after-the-receiver-confirmed';
    await database.db
      .update(subscriptions)
      .set({ confirmationTokenHash: tokenHash(kept) })
      .where(eq(subscriptions.reference, reference));
    expect((await confirm(service(), kept)).status).toBe(404);
  });

  it.each(['cnf_unknown', ''])('an unknown or missing token (%j) is 404 and needs no credential', async (unknown) => {
    const response = await confirm(service(), unknown);
    expect(response.status).toBe(404);
  });
});
