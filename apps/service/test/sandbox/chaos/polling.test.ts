/**
 * The chaos profile on polling and permit search, on both databases: refusals with `503` and
 * `429` (the error body and `Retry-After`) from the sandbox's hook, the visibility lag that shows
 * a prefix of the feed (never skipping an update, never hiding one for ever), and the status that
 * compares where a poller has reached with what it can see.
 */
import type { components } from '@street-events/types/operator';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../src/directory/caller.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import { pollUpdates } from '../../../src/features/polling/poll-updates.js';
import { calm, type ChaosProfile } from '../../../src/sandbox/chaos/presets.js';
import { SandboxChaos } from '../../../src/sandbox/chaos/sandbox-chaos.js';
import { describeEachDatabase, type TestDatabase } from '../../support/databases.js';
import { callerOf, clockAt, highwayAuthority, promoter, tokenFor, work } from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';
import { sandboxLayer } from '../../../src/sandbox/layer.js';

type ChaosStatus = components['schemas']['InternalChaosStatus'];

const seed = 11;

/** The service with the sandbox's chaos profile `profile` on the clock `now`. */
async function chaosService(database: TestDatabase, profile: ChaosProfile, now: () => Date = () => new Date()) {
  const chaos = new SandboxChaos(database.db, { profile, seed }, now);
  const service = await startService({ db: database.db, layer: sandboxLayer({ db: database.db, users: [], chaos }) });
  return { chaos, service };
}

describeEachDatabase('polls and searches refused by the chaos profile', (database) => {
  let service: RunningService | undefined;
  afterEach(() => service?.close());

  it('a poll refused as unavailable is 503 with Retry-After and the error body', async () => {
    ({ service } = await chaosService(database, { ...calm, unavailable_rate: 1, retry_after_seconds: 3 }));
    const token = await tokenFor(database.db, await promoter(database.db), 'Planner');
    const response = await service.request<{ error: { code: string; status: number } }>('GET', '/works/updates', {
      token,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.body.error).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('a permit search refused as throttled is 429 with Retry-After and the error body', async () => {
    ({ service } = await chaosService(database, { ...calm, throttled_rate: 1, retry_after_seconds: 2 }));
    const token = await tokenFor(database.db, await promoter(database.db), 'Planner');
    const response = await service.request<{ error: { code: string; status: number } }>('POST', '/permits/search', {
      token,
      body: {},
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.body.error).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('other operations are never refused', async () => {
    ({ service } = await chaosService(database, { ...calm, unavailable_rate: 1 }));
    const token = await tokenFor(database.db, await promoter(database.db), 'Planner');
    expect((await service.request('GET', '/api-notifications/subscriptions', { token })).status).not.toBe(503);
  });
});

describeEachDatabase('the visibility lag of polling', (database) => {
  const lagMs = 5000;
  const at = (ms: number) => new Date(Date.parse('2031-03-02T08:00:00Z') + ms);
  let now = at(0);
  const chaos = () =>
    new SandboxChaos(database.db, { profile: { ...calm, visibility_lag_ms: lagMs }, seed }, () => now);
  const updateIds = async (caller: Caller) =>
    (await pollUpdates(database.db, caller, {}, { now: () => now, horizon: chaos().horizon })).rows.map(
      (row) => row.update_id,
    );

  async function recordedAt(owner: Organisation, authority: Organisation, ms: number) {
    await work(database.db, owner, authority, { now: clockAt(at(ms)) });
  }

  it('an update is hidden until it is the lag old, then shown', async () => {
    const [owner, authority] = [await promoter(database.db), await highwayAuthority(database.db)];
    const caller = await callerOf(database.db, owner, 'Planner');
    await recordedAt(owner, authority, 0);
    now = at(lagMs - 1);
    expect(await updateIds(caller)).toEqual([]);
    now = at(lagMs);
    expect(await updateIds(caller)).toHaveLength(1);
  });

  it('an update old enough behind one that is not waits with it: what is shown is a prefix, nothing is skipped', async () => {
    const [owner, authority] = [await promoter(database.db), await highwayAuthority(database.db)];
    const caller = await callerOf(database.db, owner, 'Planner');
    // The first committed (lower update_id) was recorded later than the second.
    await recordedAt(owner, authority, 60_000);
    await recordedAt(owner, authority, 50_000);
    now = at(50_000 + lagMs);
    expect(await updateIds(caller)).toEqual([]);
    now = at(60_000 + lagMs);
    const shown = await updateIds(caller);
    expect(shown).toHaveLength(2);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });
});

describe('the chaos status', () => {
  describeEachDatabase('where a poller has reached', (database) => {
    let service: RunningService | undefined;
    afterEach(() => service?.close());

    it('an organisation is caught up once its polls reached its head, and behind again after a new update', async () => {
      const running = await chaosService(database, calm);
      service = running.service;
      const [owner, authority] = [await promoter(database.db), await highwayAuthority(database.db)];
      const token = await tokenFor(database.db, owner, 'Planner');
      const operator = await tokenFor(database.db, owner, 'Operator');
      await work(database.db, owner, authority);
      const figures = async () =>
        (
          await service!.internalRequest<ChaosStatus>('GET', '/sandbox/chaos', { token: operator })
        ).body.organisations.find((one) => one.organisation === owner.name);
      await service.request('GET', '/works/updates', { token });
      expect(await figures()).toMatchObject({ caught_up: true });
      await work(database.db, owner, authority);
      expect(await figures()).toMatchObject({ caught_up: false });
    });
  });
});
