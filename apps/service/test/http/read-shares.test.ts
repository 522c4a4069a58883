/**
 * Each organisation's share of the read path (`ORGANISATION_POLLS`, `ORGANISATION_SEARCHES`): an
 * organisation running its share of polls or searches gets `429` with `Retry-After` for one more,
 * while another organisation's requests are served; a search kept waiting for a search slot past
 * the time limit is answered `408`.
 *
 * The busy organisation's requests are held in the database: on PostgreSQL by a lock on the
 * tables only they read (`organisations`, which a highway authority's poll naming a promoter reads,
 * and `works`, which a permit search reads), so the other organisation's polls still run beside
 * them; on PGlite, which runs one statement at a time, by a transaction holding its only
 * connection, so there the other organisation is answered once the database is free, and is never
 * refused.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Organisation } from '../../src/directory/organisations.js';
import { busyRetryAfterSeconds, defaultReadShares } from '../../src/http/read-shares.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { highwayAuthority, promoter, tokenFor, work } from '../support/fixtures.js';
import { startService, type RunningService, type TestResponse } from '../support/http.js';

/** The shares the service has unless configured otherwise, as the documents state them. */
const shares = defaultReadShares;
/** Long enough that no request of these tests times out unless it is meant to. */
const generousLimitMs = 60_000;

/** Holds the busy organisation's queries in the database until `release()`. */
async function holdBusyQueries(database: TestDatabase): Promise<() => Promise<void>> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('begin');
    await client.query('lock table organisations, works in access exclusive mode');
    return async () => {
      await client.query('commit');
      await client.end();
    };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const holder = database.db.transaction(async () => {
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await holder;
  };
}

/** Requests sent together, with the answers as they arrive. */
function inFlight(requests: Promise<TestResponse>[]) {
  const answered: TestResponse[] = [];
  for (const request of requests) void request.then((response) => answered.push(response));
  return { answered, all: Promise.all(requests) };
}

describeEachDatabase('read shares per organisation', (database) => {
  let service: RunningService;
  let busy: { authority: Organisation; token: string; promoterCode: string };
  let calmToken: string;

  beforeAll(async () => {
    const { db } = database;
    const authority = await highwayAuthority(db);
    const owner = await promoter(db);
    await work(db, owner, authority);
    busy = { authority, token: await tokenFor(db, authority, 'HighwayAuthority'), promoterCode: owner.swaCode! };
    const calm = await promoter(db);
    await work(db, calm, authority);
    calmToken = await tokenFor(db, calm, 'Planner');
    service = await startService({
      db,
      pollDb: database.limitedTo(generousLimitMs, { orderedScans: true }),
      searchDb: database.limitedTo(generousLimitMs),
      statementTimeoutMs: generousLimitMs,
      // The callers are looked up once, before the tables are held.
      authenticationCache: { ttlMs: 10 * 60_000, maxEntries: 100 },
    });
    for (const token of [busy.token, calmToken]) {
      expect((await service.request('GET', '/works/updates', { token })).status).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });

  const busyPoll = () =>
    service.request('GET', '/works/updates', { token: busy.token, query: { swa_code: busy.promoterCode } });
  const busySearch = () => service.request('POST', '/permits/search', { token: busy.token, body: {} });

  test('past its share of polls an organisation gets 429 with Retry-After, and another organisation is still served', async () => {
    const release = await holdBusyQueries(database);
    const polls = inFlight(Array.from({ length: 10 }, busyPoll));
    try {
      // Two polls hold the organisation's share; the other eight are refused at once.
      await vi.waitFor(() => expect(polls.answered).toHaveLength(10 - shares.pollsPerOrganisation), {
        timeout: 20_000,
      });
      for (const refused of polls.answered) {
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe(String(busyRetryAfterSeconds));
      }
      const calm = service.request('GET', '/works/updates', { token: calmToken });
      if (database.kind === 'postgres') {
        expect((await calm).status).toBe(200);
        expect(polls.answered).toHaveLength(10 - shares.pollsPerOrganisation);
      }
      await release();
      expect((await calm).status).toBe(200);
    } finally {
      await release().catch(() => undefined);
    }
    expect((await polls.all).filter((response) => response.status === 200)).toHaveLength(shares.pollsPerOrganisation);
  });

  test('past its share of permit searches an organisation gets 429 with Retry-After', async () => {
    const release = await holdBusyQueries(database);
    const searches = inFlight(Array.from({ length: 3 }, busySearch));
    try {
      await vi.waitFor(() => expect(searches.answered).toHaveLength(3 - shares.searchesPerOrganisation), {
        timeout: 20_000,
      });
      for (const refused of searches.answered) {
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe(String(busyRetryAfterSeconds));
      }
    } finally {
      await release();
    }
    expect((await searches.all).filter((response) => response.status === 200)).toHaveLength(
      shares.searchesPerOrganisation,
    );
  });

  test('polls and searches of an organisation within its share are never refused', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: shares.pollsPerOrganisation }, busyPoll),
      ...Array.from({ length: shares.searchesPerOrganisation }, busySearch),
    ]);
    expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200));
  });
});

describeEachDatabase('waiting for a search slot', (database) => {
  const limitMs = 1_000;
  let service: RunningService;
  let tokens: string[];

  beforeAll(async () => {
    const { db } = database;
    const authority = await highwayAuthority(db);
    tokens = [];
    for (let n = 0; n < 2; n++) {
      const owner = await promoter(db);
      await work(db, owner, authority);
      tokens.push(await tokenFor(db, owner, 'Planner'));
    }
    service = await startService({
      db,
      searchDb: database.limitedTo(limitMs),
      statementTimeoutMs: limitMs,
      searchConcurrency: 1,
      authenticationCache: { ttlMs: 10 * 60_000, maxEntries: 100 },
    });
    for (const token of tokens) expect((await service.request('GET', '/works/updates', { token })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });

  test('a search still waiting for a slot at the time limit is answered 408 with the error body', async () => {
    const release = await holdBusyQueries(database);
    try {
      const first = service.request('POST', '/permits/search', { token: tokens[0], body: {} });
      const queued = service.request('POST', '/permits/search', { token: tokens[1], body: {} });
      // The request helper checks the error body against the document.
      expect((await queued).status).toBe(408);
      expect((await first).status).toBe(408);
    } finally {
      await release();
    }
  });
});
