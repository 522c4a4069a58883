/**
 * Read replicas (`DATABASE_READ_URL`): polling and permit search read from streaming standbys,
 * everything else from the primary. Proven on a real primary/standby pair of this test's own
 * (initdb and pg_basebackup in a temporary directory), the standby replaying each transaction
 * late on purpose: a poller on it, while writers commit on the primary, sees every update once,
 * in order, once it has caught up, because update ids are allocated in commit order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { pollUpdates } from '../../src/features/polling/poll-updates.js';
import { searchPermits } from '../../src/features/permits/search-permits.js';
import { promoterWithPlanner, work } from '../support/fixtures.js';
import { createPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.js';

const applyDelayMs = 200;

describe('read replicas', () => {
  let primary: PrivatePostgres;
  let standby: PrivatePostgres;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    primary = await createPrivatePostgres();
    standby = await primary.standby({ applyDelayMs });
    handle = await openDatabase({ kind: 'postgres', url: primary.url, readUrls: [standby.url] });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await standby?.destroy();
    await primary?.destroy();
  });

  const inRecovery = async (db: DatabaseHandle['db']) =>
    (await queryRows<{ standby: boolean }>(db, sql`select pg_is_in_recovery() as standby`))[0]!.standby;

  it('the read pools connect to the standby, the rest to the primary', async () => {
    expect(await inRecovery(handle.limitedTo(30_000))).toBe(true);
    expect(await inRecovery(handle.limitedTo(30_000, { orderedScans: true }))).toBe(true);
    expect(await inRecovery(handle.db)).toBe(false);
  });

  it('permit search reads what the standby has replayed', async () => {
    const { owner, authority, planner } = await promoterWithPlanner(handle.db);
    const { workReferenceNumber } = await work(handle.db, owner, authority);
    const search = () =>
      searchPermits(handle.limitedTo(30_000), planner, { work_reference_numbers: [workReferenceNumber] });
    await vi.waitFor(async () => expect((await search()).rows).toHaveLength(1), { timeout: 10_000, interval: 50 });
  });

  it('a poller on the lagging standby, while writers commit on the primary, gets every update once and in order', async () => {
    const { db } = handle;
    const { owner, authority, planner } = await promoterWithPlanner(db);
    const writersDone = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 15; i++) await work(db, owner, authority);
      }),
    );
    let finished = false;
    void writersDone.then(() => (finished = true));

    const polled: number[] = [];
    const reader = handle.limitedTo(30_000, { orderedScans: true });
    let cursor = 0;
    const caughtUp = async () => {
      const [head] = await queryRows<{ head: string | null }>(
        db,
        sql`select max(update_id) as head from audit_events where promoter_org_id = ${owner.id} and work_id is not null`,
      );
      return finished && head?.head !== null && cursor >= Number(head!.head);
    };
    while (!(await caughtUp())) {
      const page = await pollUpdates(reader, planner, { update_id: cursor, page_size: 7 });
      polled.push(...page.rows.map((row) => row.update_id));
      cursor = page.rows.at(-1)?.update_id ?? cursor;
      if (page.rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await writersDone;

    const onPrimary = await queryRows<{ update_id: string }>(
      db,
      sql`select update_id from audit_events where promoter_org_id = ${owner.id} and work_id is not null order by update_id`,
    );
    expect(polled).toEqual(onPrimary.map((row) => Number(row.update_id)));
  }, 120_000);
});
