/** What a contractor's subscription covers: its contracted promoters, as contracts come and go. */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addContract, removeContract } from '../../../src/events/contracts.js';
import { subscriptions } from '../../../src/db/schema.js';
import { describeEachDatabase } from '../../support/databases.js';
import { contractor, promoter } from '../../support/fixtures.js';
import { subscriberSession, tokenFor } from '../../features/notifications/harness.js';

describeEachDatabase('coverage', (database) => {
  const { subscribeAs, coverageOf, contractorOfTwoPromoters } = subscriberSession(database);

  it('a contractor subscription covers every promoter it holds an active contract with', async () => {
    const { first, second, firm, token } = await contractorOfTwoPromoters();
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
