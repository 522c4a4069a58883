/**
 * The cache of authenticated callers: reuse within its time to live, immediate effect of the
 * revocations and contract changes announced on the database (by any process), a bounded
 * staleness for changes made by hand, and a bounded size.
 */
import { eq } from 'drizzle-orm';
import { afterEach, expect, test, vi } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import { createUser } from '../../src/directory/users.js';
import { AuthenticationCache } from '../../src/directory/authentication-cache.js';
import { issueToken, revokeToken } from '../../src/directory/tokens.js';
import { tokenHash } from '../../src/shared/token-hash.js';
import type { Database } from '../../src/db/database.js';
import { apiTokens } from '../../src/db/schema.js';
import { describeEachDatabase } from '../support/databases.js';
import { contractor, promoter } from '../support/fixtures.js';

let sequence = 0;

describeEachDatabase('authentication cache', (database) => {
  async function plannerToken(db: Database) {
    const owner = await promoter(db);
    const user = await createUser(db, {
      username: `cached-planner-${++sequence}`,
      role: 'Planner',
      organisation: owner.name,
    });
    return issueToken(db, user.username);
  }

  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  /** A cache that hears the credential changes announced on the database. */
  async function listeningCache() {
    const cache = new AuthenticationCache(database.db, { ttlMs: 60_000, maxEntries: 10 });
    stops.push(await cache.listen(database.listen));
    return cache;
  }

  /** A change made by hand, straight in the database: nothing announces it. */
  const revokeElsewhere = (db: Database, token: string) =>
    db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.tokenHash, tokenHash(token)));

  function manualClock() {
    let at = 1_000_000;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  }

  test('a token revoked by hand in the database still authenticates until its cached caller expires, then not', async () => {
    const { db } = database;
    const clock = manualClock();
    const cache = new AuthenticationCache(db, { ttlMs: 5_000, maxEntries: 10, now: clock.now });
    const { token } = await plannerToken(db);
    expect(await cache.authenticate(token)).not.toBeNull();
    await revokeElsewhere(db, token);
    clock.advance(4_999);
    expect(await cache.authenticate(token)).not.toBeNull();
    clock.advance(1);
    expect(await cache.authenticate(token)).toBeNull();
  });

  test('a token revoked through revokeToken is refused as soon as the change is heard, long before the time to live', async () => {
    const { db } = database;
    const cache = await listeningCache();
    const { token, prefix } = await plannerToken(db);
    expect(await cache.authenticate(token)).not.toBeNull();
    await revokeToken(db, prefix);
    await vi.waitFor(async () => expect(await cache.authenticate(token)).toBeNull(), { timeout: 10_000 });
  });

  test('a cache that does not listen keeps a caller revoked through revokeToken until its time to live', async () => {
    const { db } = database;
    const cache = new AuthenticationCache(db, { ttlMs: 60_000, maxEntries: 10 });
    const { token, prefix } = await plannerToken(db);
    expect(await cache.authenticate(token)).not.toBeNull();
    await revokeToken(db, prefix);
    expect(await cache.authenticate(token)).not.toBeNull();
  });

  test('a lookup in flight when a change is heard is answered but not kept', async () => {
    const cache = new AuthenticationCache(database.db, { ttlMs: 60_000, maxEntries: 10 });
    const { token } = await plannerToken(database.db);
    const answer = cache.authenticate(token);
    cache.forgetAll();
    expect(await answer).not.toBeNull();
    expect(cache.size).toBe(0);
  });

  test('a contract added or removed shows in the contractor’s caller as soon as the change is heard', async () => {
    const { db } = database;
    const cache = await listeningCache();
    const [first, second] = [await promoter(db), await promoter(db)];
    const firm = await contractor(db);
    await addContract(db, { contractor: firm.name, promoter: first.name });
    await createUser(db, { username: `cached-contractor-${++sequence}`, role: 'Contractor', organisation: firm.name });
    const { token } = await issueToken(db, `cached-contractor-${sequence}`);
    const promotersOf = async () => (await cache.authenticate(token))!.activeContracts.map((promoter) => promoter.id);

    expect(await promotersOf()).toEqual([first.id]);
    await addContract(db, { contractor: firm.name, promoter: second.name });
    await vi.waitFor(async () => expect(await promotersOf()).toEqual([first.id, second.id]), { timeout: 10_000 });
    await removeContract(db, { contractor: firm.name, promoter: first.name });
    await vi.waitFor(async () => expect(await promotersOf()).toEqual([second.id]), { timeout: 10_000 });
  });

  test('with a time to live of 0 every call looks the token up', async () => {
    const { db } = database;
    const cache = new AuthenticationCache(db, { ttlMs: 0, maxEntries: 10 });
    const { token } = await plannerToken(db);
    expect(await cache.authenticate(token)).not.toBeNull();
    await revokeElsewhere(db, token);
    expect(await cache.authenticate(token)).toBeNull();
  });

  test('unknown tokens are not kept, and known ones at most maxEntries', async () => {
    const { db } = database;
    const cache = new AuthenticationCache(db, { ttlMs: 60_000, maxEntries: 2 });
    expect(await cache.authenticate('se_neverIssued000000000000000000000000000000')).toBeNull();
    expect(cache.size).toBe(0);
    const tokens = [await plannerToken(db), await plannerToken(db), await plannerToken(db)];
    for (const { token } of tokens) expect(await cache.authenticate(token)).not.toBeNull();
    expect(cache.size).toBe(2);
    // The evicted one is looked up again, and still authenticates.
    expect(await cache.authenticate(tokens[0]!.token)).not.toBeNull();
  });
});
