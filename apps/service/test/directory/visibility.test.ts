import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { removeContract } from '../../src/events/contracts.js';
import { organisationScopeOf, type Caller } from '../../src/directory/caller.js';
import { deliveries } from '../../src/db/schema.js';
import { listMessages } from '../../src/deliveries/attempts/message-log.js';
import { replayMessage } from '../../src/deliveries/queue/dead-letters.js';
import { deadLettersOf } from '../support/dead-letters.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../src/shared/errors.js';
import { subscriptionsOverview } from '../../src/features/notifications/operator.js';
import { subscribe } from '../../src/features/notifications/subscribe.js';
import { pollUpdates } from '../../src/features/polling/poll-updates.js';
import { searchPermits } from '../../src/features/permits/search-permits.js';
import { describeEachDatabase } from '../support/databases.js';
import { callerOf, contractorCaller, highwayAuthority, pollAll, promoter, work } from '../support/fixtures.js';
import { loopbackPolicy } from '../features/notifications/harness.js';

/**
 * Promoters A, B and C; authorities X and Y. Works: A in X, A in Y, B in X, C in Y.
 * Contractor K acts for A and B. A subscribes (its confirmation queued, then made a dead letter).
 */
async function buildWorld(db: Parameters<typeof promoter>[0]) {
  const [a, b, c] = [await promoter(db), await promoter(db), await promoter(db)];
  const [x, y] = [await highwayAuthority(db), await highwayAuthority(db)];
  const works = {
    AX: (await work(db, a, x)).workReferenceNumber,
    AY: (await work(db, a, y)).workReferenceNumber,
    BX: (await work(db, b, x)).workReferenceNumber,
    CY: (await work(db, c, y)).workReferenceNumber,
  };
  const callers = {
    plannerA: await callerOf(db, a, 'Planner'),
    authorityX: await callerOf(db, x, 'HighwayAuthority'),
    contractorK: await contractorCaller(db, [a, b]),
    operator: await callerOf(db, x, 'Operator'),
  };
  const subscription = await subscribe(
    db,
    callers.plannerA,
    { api_endpoint: 'http://127.0.0.1:9/hook' },
    { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1/v7/event' },
  );
  const reference = subscription.subscription_reference_number;
  const [confirmation] = await db
    .update(deliveries)
    .set({ status: 'dead' })
    .where(eq(deliveries.subscriptionId, sql`(select id from subscriptions where reference = ${reference})`))
    .returning({ messageId: deliveries.messageId });
  const history = { reference, messageId: confirmation!.messageId };
  return { codes: { A: a.swaCode!, B: b.swaCode!, C: c.swaCode! }, works, callers, a, history };
}

describeEachDatabase('visibility', (database) => {
  let world: ReturnType<typeof buildWorld> | undefined;
  const theWorld = () => (world ??= buildWorld(database.db));

  const polledWorks = async (caller: Caller, swa_code?: string) => [
    ...new Set((await pollAll(database.db, caller, { swa_code })).map((row) => row.work_reference_number)),
  ];

  test.each([
    ['a planner sees its own promoter’s works', 'plannerA', undefined, ['AX', 'AY']],
    ['a planner may name its own promoter', 'plannerA', 'A', ['AX', 'AY']],
    ['a highway authority sees the works in its area', 'authorityX', undefined, ['AX', 'BX']],
    ['a highway authority may narrow to one promoter', 'authorityX', 'B', ['BX']],
    ['a highway authority naming a promoter with no works in its area sees none', 'authorityX', 'C', []],
    ['a highway authority naming an unknown code sees none', 'authorityX', 'Q999', []],
    ['a contractor sees the works of the promoter it names', 'contractorK', 'A', ['AX', 'AY']],
    ['a contractor sees only the promoter it names', 'contractorK', 'B', ['BX']],
  ] as const)('polling: %s', async (_name, callerName, code, expected) => {
    const { callers, codes, works } = await theWorld();
    const swaCode = code === undefined ? undefined : code in codes ? codes[code as keyof typeof codes] : code;
    expect(await polledWorks(callers[callerName], swaCode)).toEqual(expected.map((key) => works[key]));
  });

  test('polling: a contractor without swa_code is refused as invalid, naming swa_code', async () => {
    const { callers } = await theWorld();
    await expect(pollUpdates(database.db, callers.contractorK, {})).rejects.toMatchObject({
      constructor: ValidationError,
      field: 'swa_code',
    });
  });

  test('polling: a contractor naming a promoter it has no contract with is forbidden, whether or not the code exists', async () => {
    const { callers, codes } = await theWorld();
    const refusal = (swa_code: string) =>
      pollUpdates(database.db, callers.contractorK, { swa_code }).catch((error: unknown) => error);
    const [known, unknown] = [await refusal(codes.C), await refusal('Q999')];
    expect(known).toBeInstanceOf(ForbiddenError);
    expect(unknown).toEqual(known);
  });

  test('polling: a planner naming another promoter is forbidden', async () => {
    const { callers, codes } = await theWorld();
    await expect(pollUpdates(database.db, callers.plannerA, { swa_code: codes.B })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  test('a contractor whose contracts were all removed is refused by polling', async () => {
    const { db } = database;
    const { a, codes } = await theWorld();
    const former = await contractorCaller(db, [a]);
    await removeContract(db, { contractor: former.organisation.name, promoter: a.name });
    const refreshed = await callerOf(db, former.organisation, 'Contractor');
    expect(refreshed.activeContracts).toEqual([]);
    await expect(pollUpdates(db, refreshed, { swa_code: codes.A })).rejects.toBeInstanceOf(ForbiddenError);
  });

  test('the internal Operator role is refused by polling and by permit search', async () => {
    const { callers } = await theWorld();
    await expect(pollUpdates(database.db, callers.operator, {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(searchPermits(database.db, callers.operator, {})).rejects.toBeInstanceOf(ForbiddenError);
  });

  test.each([
    ['a planner finds only its own promoter’s permits', 'plannerA', ['AX', 'AY']],
    ['a highway authority finds only the permits in its area', 'authorityX', ['AX', 'BX']],
    ['a contractor finds the permits of every promoter it holds a contract with', 'contractorK', ['AX', 'AY', 'BX']],
  ] as const)(
    'permit search: %s, and other organisations’ references are left out',
    async (_name, callerName, expected) => {
      const { callers, works } = await theWorld();
      const response = await searchPermits(database.db, callers[callerName], {
        work_reference_numbers: Object.values(works),
      });
      expect(response.rows.map((row) => row.work_reference_number)).toEqual(expected.map((key) => works[key]));
    },
  );

  /** What a call within the caller's scope throws, as the caller would read it (the name it was given replaced). */
  const refusalOf = async (call: Promise<unknown>, named: string) => {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    const { message, field } = error as NotFoundError;
    return { message: message.replaceAll(named, 'X'), field };
  };

  test.each([
    ['a highway authority whose area holds the subscriber’s works', 'authorityX'],
    ['a contractor holding a contract with the subscriber', 'contractorK'],
  ] as const)('delivery history: %s sees none of another organisation’s subscription', async (_name, callerName) => {
    const { callers, codes, history } = await theWorld();
    const scope = organisationScopeOf(callers[callerName]);
    const listed = await subscriptionsOverview(database.db, undefined, scope);
    expect(listed.map((one) => one.reference)).not.toContain(history.reference);
    expect(await subscriptionsOverview(database.db, codes.A, scope)).toEqual([]);
    expect(await deadLettersOf(database.db, { scope })).toEqual([]);
    expect(await deadLettersOf(database.db, { subscription: history.reference, scope })).toEqual([]);
  });

  test.each([
    ['a highway authority whose area holds the subscriber’s works', 'authorityX'],
    ['a contractor holding a contract with the subscriber', 'contractorK'],
  ] as const)(
    'delivery history: %s is told another organisation’s subscription and message are not found, as unknown ones',
    async (_name, callerName) => {
      const { db } = database;
      const { callers, history } = await theWorld();
      const scope = organisationScopeOf(callers[callerName]);
      const page = { limit: 20 };
      expect(await refusalOf(listMessages(db, history.reference, page, scope), history.reference)).toEqual(
        await refusalOf(listMessages(db, 'SUB-UNKNOWN', page, scope), 'SUB-UNKNOWN'),
      );
      expect(await refusalOf(replayMessage(db, history.messageId, scope), history.messageId)).toEqual(
        await refusalOf(replayMessage(db, 'msg_unknown', scope), 'msg_unknown'),
      );
      const [letter] = await db.select().from(deliveries).where(eq(deliveries.messageId, history.messageId));
      expect(letter?.status).toBe('dead');
    },
  );

  test('delivery history: the subscriber’s own user sees its subscription, messages and dead letter', async () => {
    const { callers, codes, history } = await theWorld();
    const scope = organisationScopeOf(callers.plannerA);
    expect((await subscriptionsOverview(database.db, undefined, scope)).map((one) => one.reference)).toEqual([
      history.reference,
    ]);
    expect((await subscriptionsOverview(database.db, codes.A, scope)).map((one) => one.reference)).toEqual([
      history.reference,
    ]);
    const page = await listMessages(database.db, history.reference, { limit: 20 }, scope);
    expect(page.messages.map((message) => message.message_id)).toEqual([history.messageId]);
    const letters = await deadLettersOf(database.db, { scope });
    expect(letters.map((letter) => letter.messageId)).toEqual([history.messageId]);
  });

  test('delivery history: the Operator sees every organisation’s', async () => {
    const { callers, history } = await theWorld();
    const scope = organisationScopeOf(callers.operator);
    expect(scope).toBe('any');
    const listed = await subscriptionsOverview(database.db, undefined, scope);
    expect(listed.map((one) => one.reference)).toContain(history.reference);
    expect((await deadLettersOf(database.db, { scope })).map((letter) => letter.messageId)).toContain(
      history.messageId,
    );
  });
});
