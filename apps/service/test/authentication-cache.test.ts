/**
 * The cache of authenticated callers: reuse within its time to live, immediate effect of
 * revocations and contract changes made in this process, a bounded staleness for changes made
 * elsewhere, and a bounded size.
 */
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { addContract, removeContract } from '../src/admin/contracts.js';
import { createUser } from '../src/admin/users.js';
import { AuthenticationCache } from '../src/auth/authentication-cache.js';
import { issueToken, revokeToken, tokenHash } from '../src/auth/tokens.js';
import type { Database } from '../src/db/database.js';
import { apiTokens } from '../src/db/schema.js';
import { describeEachDatabase } from './support/databases.js';
import { contractor, promoter } from './support/fixtures.js';

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

  /** A revocation made by another process: straight in the database, unseen by this one. */
  const revokeElsewhere = (db: Database, token: string) =>
    db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.tokenHash, tokenHash(token)));

  function manualClock() {
    let at = 1_000_000;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  }

  test('a token revoked by another process still authenticates until its cached caller expires, then not', async () => {
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

  test('a token revoked in this process is refused at once', async () => {
    const { db } = database;
    const cache = new AuthenticationCache(db, { ttlMs: 60_000, maxEntries: 10 });
    const { token, prefix } = await plannerToken(db);
    expect(await cache.authenticate(token)).not.toBeNull();
    await revokeToken(db, prefix);
    expect(await cache.authenticate(token)).toBeNull();
  });

  test('a contract added or removed in this process shows in the contractor’s caller at once', async () => {
    const { db } = database;
    const cache = new AuthenticationCache(db, { ttlMs: 60_000, maxEntries: 10 });
    const [first, second] = [await promoter(db), await promoter(db)];
    const firm = await contractor(db);
    await addContract(db, { contractor: firm.name, promoter: first.name });
    await createUser(db, { username: `cached-contractor-${++sequence}`, role: 'Contractor', organisation: firm.name });
    const { token } = await issueToken(db, `cached-contractor-${sequence}`);
    const promotersOf = async () => (await cache.authenticate(token))!.activeContracts.map((promoter) => promoter.id);

    expect(await promotersOf()).toEqual([first.id]);
    await addContract(db, { contractor: firm.name, promoter: second.name });
    expect(await promotersOf()).toEqual([first.id, second.id]);
    await removeContract(db, { contractor: firm.name, promoter: first.name });
    expect(await promotersOf()).toEqual([second.id]);
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
