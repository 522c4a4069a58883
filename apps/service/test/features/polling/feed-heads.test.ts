/**
 * Polls at the caller's head answered from the feed's heads, kept current by LISTEN
 * (features/polling/feed-heads.ts): the same answers as the database, and no update skipped or repeated
 * with writers committing while several service instances answer one poller.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Caller } from '../../../src/directory/caller.js';
import { visibilityOf } from '../../../src/directory/caller.js';
import { configFromEnv } from '../../../src/config.js';
import type { Database, DatabaseHandle } from '../../../src/db/database.js';
import { openWorkObject } from '../../../src/events/work-objects.js';
import { FeedHeads, feedChannel } from '../../../src/features/polling/feed-heads.js';
import { pollPage, type PollUpdatesParams } from '../../../src/features/polling/poll-updates.js';
import { startServer, type RunningServer } from '../../../src/server.js';
import { describeEachDatabase, serverHandleOf } from '../../support/databases.js';
import {
  callerOf,
  clockAt,
  contractorCaller,
  pollAll,
  promoterWithPlanner,
  tokenFor,
  work,
} from '../../support/fixtures.js';

/** A database that fails any use: a poll given it is proved to have been answered without a query. */
const noDatabase = new Proxy({} as Database, {
  get() {
    throw new Error('the database was used');
  },
});

const day = 24 * 60 * 60 * 1000;

describeEachDatabase('polls answered from the feed heads', (database) => {
  let heads: FeedHeads;
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    heads = new FeedHeads(database.db);
    stopListening = await heads.listen(database.listen);
  });
  afterAll(() => stopListening?.());

  const comment = (workReferenceNumber: string, options = {}) =>
    openWorkObject(
      database.db,
      { workReferenceNumber, objectType: 'comment', eventType: 'comment_submitted' },
      options,
    );

  /** The caller's head: the update id of the last row it may see. */
  async function headOf(caller: Caller): Promise<number> {
    const rows = await pollAll(database.db, caller);
    return rows[rows.length - 1]!.update_id;
  }

  /** Waits until the heads have heard of the caller's newest event. */
  async function heard(caller: Caller, head: number): Promise<void> {
    await vi.waitFor(() => expect(heads.emptyAfter(visibilityOf(caller), head, Date.now())).toBe(true));
  }

  test('a poll at the caller head is answered empty without a query', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    await work(db, owner, authority, { now: () => new Date() });
    const head = await headOf(planner);
    await heard(planner, head);
    expect(await pollPage(noDatabase, planner, { update_id: head }, { heads })).toEqual({
      rows: [],
      nextUpdate: undefined,
    });
  });

  test('an event committed after the heads were read is on the next poll', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    const { workReferenceNumber } = await work(db, owner, authority, { now: () => new Date() });
    const head = await headOf(planner);
    await heard(planner, head);
    await comment(workReferenceNumber);
    await vi.waitFor(async () => {
      const page = await pollPage(database.db, planner, { update_id: head }, { heads });
      expect(page.rows).toHaveLength(1);
    });
  });

  test('a poll below the caller head goes to the database', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    await work(db, owner, authority, { now: () => new Date() });
    const head = await headOf(planner);
    await heard(planner, head);
    await expect(pollPage(noDatabase, planner, { update_id: head - 1 }, { heads })).rejects.toThrow(
      'the database was used',
    );
  });

  test('a stale cursor at the head still gets its replacement from the database', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    await work(db, owner, authority, { now: () => new Date(Date.now() - 10 * day) });
    const head = await headOf(planner);
    const withHeads = await pollPage(database.db, planner, { update_id: head }, { heads });
    expect(withHeads.nextUpdate).toEqual(expect.any(Number));
    expect(withHeads).toEqual(await pollPage(database.db, planner, { update_id: head }));
  });

  test('answers with the heads equal those of the database, at every cursor and for every role', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    const { workReferenceNumber } = await work(db, owner, authority, { now: () => new Date() });
    await comment(workReferenceNumber, { now: () => new Date() });
    const callers: [Caller, PollUpdatesParams][] = [
      [planner, {}],
      [await callerOf(db, authority, 'HighwayAuthority'), {}],
      [await callerOf(db, authority, 'HighwayAuthority'), { swa_code: owner.swaCode! }],
      [await contractorCaller(db, [owner]), { swa_code: owner.swaCode! }],
    ];
    const head = await headOf(planner);
    await heard(planner, head);
    for (const [caller, params] of callers) {
      for (let cursor = head - 3; cursor <= head + 2; cursor += 1) {
        const query = { ...params, update_id: cursor, page_size: 1 };
        expect(await pollPage(database.db, caller, query, { heads })).toEqual(
          await pollPage(database.db, caller, query),
        );
      }
    }
  });

  test('after notifications were missed, polls go to the database until the heads are read again', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    const { workReferenceNumber } = await work(db, owner, authority, { now: () => new Date() });
    const head = await headOf(planner);
    let lost: ((payload?: string) => void) | undefined;
    const deaf: DatabaseHandle['listen'] = (_channel, onNotify) => {
      lost = onNotify;
      return Promise.resolve(() => Promise.resolve());
    };
    const unhearing = new FeedHeads(database.db);
    await unhearing.listen(deaf);
    await comment(workReferenceNumber);
    // Not heard: a poll at the old head is answered empty, as a poll a moment earlier would have been.
    expect((await pollPage(database.db, planner, { update_id: head }, { heads: unhearing })).rows).toEqual([]);
    lost!();
    expect((await pollPage(database.db, planner, { update_id: head }, { heads: unhearing })).rows).toHaveLength(1);
  });

  test('every event of a work is announced on the feed channel once committed', async () => {
    const { db, owner, authority, planner } = await promoterWithPlanner(database.db);
    const heardPayloads: string[] = [];
    const stop = await database.listen(feedChannel, (payload) => payload && heardPayloads.push(payload));
    try {
      await work(db, owner, authority, { now: clockAt('2031-03-01T10:00:00Z') });
      const head = await headOf(planner);
      await vi.waitFor(() =>
        expect(heardPayloads).toContain(`${head},${owner.id},${authority.id},${Date.parse('2031-03-01T10:00:00Z')}`),
      );
    } finally {
      await stop();
    }
  });
});

describeEachDatabase('polling several service instances while writers commit', (database) => {
  const instances: RunningServer[] = [];

  beforeAll(async () => {
    const config = configFromEnv({ LOG_LEVEL: 'silent', DELIVERY_WORKER: 'off' });
    for (let n = 0; n < 2; n += 1)
      instances.push(await startServer({ ...config, host: '127.0.0.1', port: 0 }, serverHandleOf(database)));
  });
  afterAll(() => Promise.all(instances.map((instance) => instance.close())));

  test('a poller sees every update once, in order, whichever instance answers', async () => {
    const { db, owner, authority } = await promoterWithPlanner(database.db);
    const token = await tokenFor(db, owner, 'Planner');
    const works = await Promise.all([1, 2, 3].map(() => work(db, owner, authority, { now: () => new Date() })));
    const seen: number[] = [];
    let cursor = 0;
    const pollOnce = async (instance: RunningServer) => {
      const url = `${instance.baseUrl}/works/updates?page_size=7&update_id=${cursor}`;
      const page = (await (await fetch(url, { headers: { token } })).json()) as { rows: { update_id: number }[] };
      seen.push(...page.rows.map((row) => row.update_id));
      if (page.rows.length > 0) cursor = page.rows[page.rows.length - 1]!.update_id;
    };
    let writing = true;
    const writers = Promise.all(
      works.map(async ({ workReferenceNumber }) => {
        for (let n = 0; n < 15; n += 1)
          await openWorkObject(db, { workReferenceNumber, objectType: 'comment', eventType: 'comment_submitted' });
      }),
    ).finally(() => (writing = false));
    for (let n = 0; writing; n += 1) await pollOnce(instances[n % 2]!);
    await writers;
    const all = (await pollAll(db, await callerOf(db, owner, 'Planner'))).map((row) => row.update_id);
    await vi.waitFor(async () => {
      await pollOnce(instances[0]!);
      await pollOnce(instances[1]!);
      expect(seen).toEqual(all);
    });
  });
});
