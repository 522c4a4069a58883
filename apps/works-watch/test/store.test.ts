import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { migrations } from '../src/store/migrations.js';
import { WatchStore } from '../src/store/store.js';
import { permit, update } from './support/fixtures.js';
import { emptyStore } from './support/store.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'works-watch-store-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('in a data directory', () => {
  test('a reopened store keeps its updates and cursor, and applies no migration twice', async () => {
    const first = await WatchStore.open(dataDir);
    await first.applyUpdates([update(1, 'W1'), update(2, 'W2')], 2);
    await first.close();

    const second = await WatchStore.open(dataDir);
    try {
      expect(await second.migrate(migrations)).toEqual([]);
      expect(await second.cursor()).toBe(2);
      expect((await second.allUpdates()).map((row) => row.update_id)).toEqual([1, 2]);
    } finally {
      await second.close();
    }
  });
});

describe('in memory', () => {
  let store: WatchStore;
  beforeAll(async () => {
    store = await WatchStore.open();
  });
  afterAll(() => store.close());
  beforeEach(() => emptyStore(store));

  test('a new store has no cursor', async () => {
    expect(await store.cursor()).toBeUndefined();
  });

  test('a page of updates is stored as received, with the cursor that follows it', async () => {
    const rows = [
      update(10, 'W1'),
      update(11, 'W2', { object_reference_number: null, parent_object_reference_number: null }),
    ];
    expect(await store.applyUpdates(rows, 11)).toBe(2);
    expect(await store.allUpdates()).toEqual(rows);
    expect(await store.cursor()).toBe(11);
  });

  test('a page received twice stores each update once', async () => {
    const rows = [update(10, 'W1'), update(11, 'W1')];
    await store.applyUpdates(rows, 11);
    expect(await store.applyUpdates(rows, 11)).toBe(0);
    expect(await store.counts()).toMatchObject({ works: 1, events: 2 });
  });

  test('an empty page still moves the cursor (a replacement for a stale cursor)', async () => {
    await store.applyUpdates([update(10, 'W1')], 10);
    await store.applyUpdates([], 500);
    expect(await store.cursor()).toBe(500);
  });

  test('a page that cannot be stored leaves neither its updates nor its cursor', async () => {
    await store.applyUpdates([update(10, 'W1')], 10);
    const broken = [update(11, 'W2'), update(12, 'W3', { update_date_time: 'not a time' })];
    await expect(store.applyUpdates(broken, 12)).rejects.toThrow();
    expect(await store.cursor()).toBe(10);
    expect(await store.counts()).toMatchObject({ works: 1, events: 1 });
  });

  test("a work's latest update is the one with the highest update_id, whatever the page order", async () => {
    await store.applyUpdates([update(12, 'W1'), update(10, 'W1')], 12);
    await store.applyUpdates([update(11, 'W1')], 12);
    const [work] = await store.recentWorks(10);
    expect(work).toMatchObject({ work_reference_number: 'W1', last_update_id: 12, event_count: 3 });
    expect(work!.events.map((row) => row.update_id)).toEqual([12, 11, 10]);
  });

  test('works are listed most recently updated first', async () => {
    await store.applyUpdates([update(1, 'W1'), update(2, 'W2'), update(3, 'W3'), update(4, 'W1')], 4);
    expect((await store.recentWorks(2)).map((work) => work.work_reference_number)).toEqual(['W1', 'W3']);
  });

  test("a work's permits are stale from its first update until a search made after its latest one", async () => {
    await store.applyUpdates([update(1, 'W1'), update(2, 'W2')], 2);
    const stale = await store.staleWorks(10);
    expect(stale).toEqual([
      { work_reference_number: 'W1', last_update_id: 1 },
      { work_reference_number: 'W2', last_update_id: 2 },
    ]);
    await store.storePermits(stale, [permit('W1'), permit('W2')]);
    expect(await store.staleWorks(10)).toEqual([]);

    await store.applyUpdates([update(3, 'W2')], 3);
    expect(await store.staleWorks(10)).toEqual([{ work_reference_number: 'W2', last_update_id: 3 }]);
  });

  test('a work updated while its permits were being searched stays stale', async () => {
    await store.applyUpdates([update(1, 'W1')], 1);
    const searched = await store.staleWorks(10);
    await store.applyUpdates([update(2, 'W1')], 2);
    await store.storePermits(searched, [permit('W1')]);
    expect(await store.staleWorks(10)).toEqual([{ work_reference_number: 'W1', last_update_id: 2 }]);
  });

  test('a search replaces the permits of the works searched and ignores summaries of others', async () => {
    await store.applyUpdates([update(1, 'W1'), update(2, 'W2')], 2);
    await store.storePermits(await store.staleWorks(10), [permit('W1'), permit('W2')]);
    await store.applyUpdates([update(3, 'W1')], 3);
    const refused = permit('W1', { status: 'refused', status_string: 'Refused', is_active_permit: false });
    const second = permit('W1', { permit_reference_number: 'W1-02' });
    await store.storePermits(await store.staleWorks(10), [refused, second, permit('W9')]);
    expect((await store.allPermits()).map((p) => [p.permit_reference_number, p.status])).toEqual([
      ['W1-01', 'refused'],
      ['W1-02', 'submitted'],
      ['W2-01', 'submitted'],
    ]);
  });

  test("a work's shown permit is its active one", async () => {
    await store.applyUpdates([update(1, 'W1')], 1);
    await store.storePermits(await store.staleWorks(10), [
      permit('W1', { permit_reference_number: 'W1-01' }),
      permit('W1', { permit_reference_number: 'W1-02', is_active_permit: false }),
    ]);
    const [work] = await store.recentWorks(1);
    expect(work?.permit?.permit_reference_number).toBe('W1-01');
    expect(work?.permits_current).toBe(true);
  });

  test('a notification is recorded once per message id', async () => {
    const payload = {
      update_id: 5,
      update_date_time: '2026-11-20T09:00:00.000Z',
      event_type: 'permit_granted',
      event_type_string: 'Permit granted',
      object_type: 'permit',
      object_type_string: 'Permit',
      work_reference_number: 'W1',
      object_reference_number: 'W1-01',
      parent_object_reference_number: 'W1',
      promoter_swa_code: '7001',
      internal_user_identifier: null,
      internal_user_name: null,
    } as const;
    expect(await store.hasReceived('msg_1')).toBe(false);
    expect(await store.recordReceived('msg_1', 'Notification', payload)).toBe(true);
    expect(await store.recordReceived('msg_1', 'Notification', payload)).toBe(false);
    expect(await store.hasReceived('msg_1')).toBe(true);
    expect((await store.counts()).notifications).toBe(1);
  });

  test('a subscription starts unconfirmed; saving the same one again keeps its confirmation', async () => {
    await store.saveSubscription('SUB-1', 'http://127.0.0.1:1/notifications');
    expect(await store.subscription()).toMatchObject({ subscription_reference_number: 'SUB-1', confirmed_at: null });
    await store.markConfirmed('SUB-1', 'http://127.0.0.1:1/notifications');
    await store.saveSubscription('SUB-1', 'http://127.0.0.1:1/notifications');
    expect((await store.subscription())?.confirmed_at).toEqual(expect.any(String));
    await store.saveSubscription('SUB-2', 'http://127.0.0.1:1/notifications');
    expect(await store.subscription()).toMatchObject({ subscription_reference_number: 'SUB-2', confirmed_at: null });
  });

  test('a confirmation that arrives before the subscription is saved is kept', async () => {
    await store.markConfirmed('SUB-1', 'http://127.0.0.1:1/notifications');
    await store.saveSubscription('SUB-1', 'http://127.0.0.1:1/notifications');
    expect((await store.subscription())?.confirmed_at).toEqual(expect.any(String));
  });
});
