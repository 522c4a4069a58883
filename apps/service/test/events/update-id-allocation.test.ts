import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { eventContext, recordEvents } from '../../src/events/record-events.js';
import { permitEvent, transitionPermit } from '../../src/events/permits.js';
import { lockWork } from '../../src/events/work-scope.js';
import { pollUpdates } from '../../src/features/polling/poll-updates.js';
import type { Database } from '../../src/db/database.js';
import { describeEachDatabase } from '../support/databases.js';
import { pollAll, promoterWithPlanner, work } from '../support/fixtures.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Records a comment-like permit event on the work inside the caller's transaction. */
async function recordOn(tx: Database, references: { workReferenceNumber: string; permitReferenceNumber: string }) {
  const scope = await lockWork(tx, references.workReferenceNumber);
  await recordEvents(tx, scope, eventContext(), [
    permitEvent('ancillary_info_added', references.permitReferenceNumber, references.workReferenceNumber),
  ]);
}

describeEachDatabase('update_id allocation', (database) => {
  const setting = () => promoterWithPlanner(database.db);

  if (database.kind === 'postgres') {
    test('a writer that began first but commits last is still returned once, after the writer that committed first', async () => {
      const { db, owner, authority, planner } = await setting();
      const first = await work(db, owner, authority);
      const second = await work(db, owner, authority);
      const cursor = (await pollAll(db, planner)).at(-1)!.update_id;

      const firstInserted = deferred();
      const releaseFirst = deferred();
      const firstWriter = db.transaction(async (tx) => {
        await recordOn(tx, first);
        firstInserted.resolve();
        await releaseFirst.promise;
      });
      await firstInserted.promise;
      await transitionPermit(db, { permitReferenceNumber: second.permitReferenceNumber, eventType: 'permit_granted' });

      const between = await pollUpdates(db, planner, { update_id: cursor });
      expect(between.rows.map((row) => row.event_type)).toEqual(['permit_granted']);
      releaseFirst.resolve();
      await firstWriter;
      const after = await pollUpdates(db, planner, { update_id: between.rows.at(-1)!.update_id });
      expect(after.rows.map((row) => [row.event_type, row.object_reference_number])).toEqual([
        ['ancillary_info_added', first.permitReferenceNumber],
      ]);
      expect(after.rows[0]!.update_id).toBeGreaterThan(between.rows[0]!.update_id);
    });
  }

  test('many concurrent writers and a concurrent poller: the poller sees every update exactly once, in order', async () => {
    const { db, owner, authority, planner } = await setting();
    const works = await Promise.all(Array.from({ length: 6 }, () => work(db, owner, authority)));
    const baseline = (await pollAll(db, planner)).at(-1)!.update_id;
    const transactionsPerWriter = 12;

    let writing = true;
    const seen: number[] = [];
    let cursor = baseline;
    const pollOnce = async () => {
      const page = await pollUpdates(db, planner, { update_id: cursor, page_size: 250 });
      seen.push(...page.rows.map((row) => row.update_id));
      cursor = page.rows.at(-1)?.update_id ?? cursor;
      return page;
    };
    const poller = (async () => {
      while (writing) {
        await pollOnce();
        await sleep(Math.random() * 4);
      }
      while ((await pollOnce()).next_update) {
        // drain what committed after the last poll of the loop
      }
    })();
    await Promise.all(
      works.map(async (references) => {
        for (let n = 0; n < transactionsPerWriter; n++) {
          await db.transaction(async (tx) => {
            await sleep(Math.random() * 3);
            await recordOn(tx, references);
            // Hold the transaction open a while, so that commit order differs from insert order.
            await sleep(Math.random() * 6);
          });
        }
      }),
    );
    writing = false;
    await poller;

    const all = (await pollAll(db, planner, { update_id: baseline })).map((row) => row.update_id);
    expect(all).toHaveLength(works.length * transactionsPerWriter);
    expect(seen).toEqual(all);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
  });

  test('events recorded in one transaction keep their order', async () => {
    const { db, owner, authority, planner } = await setting();
    const references = await work(db, owner, authority);
    const cursor = (await pollAll(db, planner)).at(-1)!.update_id;
    const kinds = ['ancillary_info_added', 'ancillary_info_removed', 'permit_granted', 'work_start_logged'] as const;
    await db.transaction(async (tx) => {
      const scope = await lockWork(tx, references.workReferenceNumber);
      await recordEvents(
        tx,
        scope,
        eventContext(),
        kinds.map((kind) => permitEvent(kind, references.permitReferenceNumber, references.workReferenceNumber)),
      );
    });
    const rows = await pollAll(db, planner, { update_id: cursor });
    expect(rows.map((row) => row.event_type)).toEqual(kinds);
  });
});
