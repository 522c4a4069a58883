import { expect, test } from 'vitest';
import { addContract } from '../../../src/events/contracts.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import type { Caller } from '../../../src/directory/caller.js';
import { textOf } from '../../../src/shared/enums.js';
import { eventContext, recordEvents, type WriteOptions } from '../../../src/events/record-events.js';
import { openWorkObject } from '../../../src/events/work-objects.js';
import { lockWork } from '../../../src/events/work-scope.js';
import { pollUpdates, type PollUpdatesParams } from '../../../src/features/polling/poll-updates.js';
import { describeEachDatabase } from '../../support/databases.js';
import { clockAt, contractor, pollAll, promoterWithPlanner, work, workstream } from '../../support/fixtures.js';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

describeEachDatabase('polling', (database) => {
  const ownPromoter = () => promoterWithPlanner(database.db);

  async function comment(workReferenceNumber: string, options: WriteOptions = {}) {
    await openWorkObject(
      database.db,
      { workReferenceNumber, objectType: 'comment', eventType: 'comment_submitted' },
      options,
    );
  }

  async function manyEvents(owner: Organisation, authority: Organisation, count: number) {
    const { db } = database;
    const { workReferenceNumber } = await work(db, owner, authority);
    await db.transaction(async (tx) => {
      const scope = await lockWork(tx, workReferenceNumber);
      await recordEvents(
        tx,
        scope,
        eventContext(),
        Array.from({ length: count - 1 }, (_, n) => ({
          eventType: 'comment_submitted' as const,
          objectType: 'comment' as const,
          objectReferenceNumber: `${workReferenceNumber}-COM${n}`,
          parentObjectReferenceNumber: workReferenceNumber,
        })),
      );
    });
  }

  test('a row names the work, the event and its object, with the text of each enumeration', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const { workReferenceNumber, permitReferenceNumber } = await work(db, owner, authority, {
      now: clockAt('2031-01-05T10:00:00Z'),
    });
    const { rows, next_update } = await pollUpdates(db, planner, {});
    expect(rows).toEqual([
      {
        work_reference_number: workReferenceNumber,
        update_date_time: '2031-01-05T10:00:00.000Z',
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
        update_id: expect.any(Number),
        event_type: 'permit_submitted',
        event_type_string: textOf('AuditEventType', 'permit_submitted'),
        object_type: 'permit',
        object_type_string: textOf('AuditObjectTypeResponse', 'permit'),
        object_reference_number: permitReferenceNumber,
        parent_object_reference_number: workReferenceNumber,
      },
    ]);
    expect(next_update).toBeNull();
  });

  test('following next_update returns every row once, in update_id order, and ends with null', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const { workReferenceNumber } = await work(db, owner, authority);
    for (let n = 0; n < 6; n++) await comment(workReferenceNumber);
    const pages = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await pollUpdates(db, planner, { update_id: cursor, page_size: 3 });
      pages.push(page);
      if (page.next_update === null) break;
      expect(page.next_update).toBe(page.rows.at(-1)!.update_id);
      cursor = page.next_update;
    }
    expect(pages.map((page) => page.rows.length)).toEqual([3, 3, 1]);
    const ids = pages.flatMap((page) => page.rows.map((row) => row.update_id));
    expect(new Set(ids).size).toBe(7);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  test('the page size is 100 by default and 250 at most', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    await manyEvents(owner, authority, 260);
    expect((await pollUpdates(db, planner, {})).rows).toHaveLength(100);
    expect((await pollUpdates(db, planner, { page_size: 250 })).rows).toHaveLength(250);
  });

  test('start_date is inclusive and end_date exclusive', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const times = ['2031-02-01T09:00:00.000Z', '2031-02-01T10:00:00.000Z', '2031-02-01T11:00:00.000Z'];
    const { workReferenceNumber } = await work(db, owner, authority, { now: clockAt('2031-01-01T00:00:00Z') });
    for (const at of times) await comment(workReferenceNumber, { now: clockAt(at) });
    const timesOf = async (params: PollUpdatesParams) =>
      (await pollUpdates(db, planner, params)).rows.map((row) => row.update_date_time);
    expect(await timesOf({ start_date: times[1] })).toEqual(times.slice(1));
    expect(await timesOf({ end_date: times[1] })).toEqual(['2031-01-01T00:00:00.000Z', times[0]]);
    expect(await timesOf({ start_date: times[0], end_date: times[2] })).toEqual(times.slice(0, 2));
  });

  test('a period ending before the oldest event, or starting after the newest, is answered at once with an empty page', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    await work(db, owner, authority);
    // With a bound of one update id, a walk would stop at once with next_update set: these read no update at all.
    const unwalked = { pollScanUpdates: 1 };
    const before = { end_date: '0002-01-01T00:00:00Z' };
    const after = { start_date: '9999-01-01T00:00:00Z' };
    expect(await pollUpdates(db, planner, before, unwalked)).toEqual({ rows: [], next_update: null });
    expect(await pollUpdates(db, planner, after, unwalked)).toEqual({ rows: [], next_update: null });
    // With a recent cursor, as any empty answer to it: no next_update (rule 3).
    const [latest] = (await pollAll(db, planner)).slice(-1);
    expect(await pollUpdates(db, planner, { ...before, update_id: latest!.update_id - 1 }, unwalked)).toEqual({
      rows: [],
    });
  });

  test('a poll reads at most its bound of update ids past the cursor: a page not filled there ends with next_update to continue from', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const { workReferenceNumber } = await work(db, owner, authority);
    for (let n = 0; n < 5; n++) await comment(workReferenceNumber);
    const everything = await pollAll(db, planner);
    const from = everything[0]!.update_id - 1;
    const bounded = { pollScanUpdates: 2 };
    const first = await pollUpdates(db, planner, { update_id: from }, bounded);
    expect(first).toEqual({ rows: everything.slice(0, 2), next_update: from + 2 });
    const rows = [];
    let cursor: number | null | undefined = from;
    while (typeof cursor === 'number') {
      const page = await pollUpdates(db, planner, { update_id: cursor }, bounded);
      expect(page.rows.length).toBeLessThanOrEqual(2);
      rows.push(...page.rows);
      cursor = page.next_update;
    }
    expect(rows).toEqual(everything);
  });

  test('exclude_events_from leaves out the events that username caused', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const { workReferenceNumber } = await work(db, owner, authority, { actor: { username: 'alice' } });
    await comment(workReferenceNumber, { actor: { username: 'bob' } });
    await comment(workReferenceNumber);
    const rows = await pollAll(db, planner, { exclude_events_from: 'alice' });
    expect(rows.map((row) => row.event_type)).toEqual(['comment_submitted', 'comment_submitted']);
  });

  test('workstream_prefix keeps the events of works in those workstreams', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    await workstream(db, owner, '001');
    await workstream(db, owner, '002');
    const inDefault = await work(db, owner, authority);
    const inFirst = await work(db, owner, authority, { workstreamPrefix: '001' });
    const inSecond = await work(db, owner, authority, { workstreamPrefix: '002' });
    const worksOf = async (prefixes: string[]) =>
      (await pollAll(db, planner, { workstream_prefix: prefixes })).map((row) => row.work_reference_number);
    expect(await worksOf(['001'])).toEqual([inFirst.workReferenceNumber]);
    expect(await worksOf(['000', '002'])).toEqual([inDefault.workReferenceNumber, inSecond.workReferenceNumber]);
  });

  test('organisation-level events are notified only, never polled', async () => {
    const { db, owner, authority, planner } = await ownPromoter();
    const contracted = await contractor(db);
    await addContract(db, { contractor: contracted.name, promoter: owner.name });
    const { workReferenceNumber } = await work(db, owner, authority);
    const rows = await pollAll(db, planner);
    expect(rows.map((row) => [row.event_type, row.work_reference_number])).toEqual([
      ['permit_submitted', workReferenceNumber],
    ]);
  });

  test('with no update_id and nothing to return, next_update is null', async () => {
    const { db, planner } = await ownPromoter();
    expect(await pollUpdates(db, planner, {})).toEqual({ rows: [], next_update: null });
  });

  const now = new Date('2032-06-15T12:00:00Z');
  const before = (ms: number) => clockAt(new Date(now.getTime() - ms));

  /**
   * Two promoters' events, in this order: A's work 10 days old, B's work 9 days old, then two
   * comments on A's work, 2 hours and 10 minutes old.
   */
  async function staleCursorHistory(): Promise<{
    promoterA: Caller;
    promoterB: Caller;
    idsOfA: number[];
    idOfB: number;
  }> {
    const { db, owner, authority, planner: promoterA } = await ownPromoter();
    const other = await ownPromoter();
    const { workReferenceNumber } = await work(db, owner, authority, { now: before(10 * day) });
    await work(db, other.owner, other.authority, { now: before(9 * day) });
    await comment(workReferenceNumber, { now: before(2 * hour) });
    await comment(workReferenceNumber, { now: before(10 * 60 * 1000) });
    const idsOfA = (await pollAll(db, promoterA)).map((row) => row.update_id);
    const [idOfB] = (await pollAll(db, other.planner)).map((row) => row.update_id);
    return { promoterA, promoterB: other.planner, idsOfA, idOfB: idOfB! };
  }

  test('an update_id over seven days old with nothing after it gets the latest update_id at least an hour old', async () => {
    const { promoterB, idsOfA, idOfB } = await staleCursorHistory();
    const response = await pollUpdates(database.db, promoterB, { update_id: idOfB }, { now: () => now });
    expect(response).toEqual({ rows: [], next_update: idsOfA[1] });
  });

  test('a recent update_id with nothing after it gets no next_update at all', async () => {
    const { promoterA, idsOfA } = await staleCursorHistory();
    const response = await pollUpdates(database.db, promoterA, { update_id: idsOfA.at(-1)! }, { now: () => now });
    expect(response).toEqual({ rows: [] });
    expect('next_update' in response).toBe(false);
  });
});
