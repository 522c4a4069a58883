/** The confirmation link of a subscription's `SubscribeURL`: it confirms once, and needs no credential. */
import type { ErrorResponse } from '@street-events/types';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/databases.js';
import { documentSchema } from '../support/http.js';
import { confirm, confirmationTokenOf, subscriberSession } from './harness.js';

describeEachDatabase('confirmation link', (database) => {
  const { service, subscribeAs, plannerOfNewPromoter } = subscriberSession(database);

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

  it.each(['cnf_unknown', ''])('an unknown or missing token (%j) is 404 and needs no credential', async (unknown) => {
    const response = await confirm(service(), unknown);
    expect(response.status).toBe(404);
  });
});
