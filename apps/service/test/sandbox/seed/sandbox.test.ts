import { count, max } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { authenticate } from '../../../src/directory/tokens.js';
import { auditEvents, organisations } from '../../../src/db/schema.js';
import { ConflictError } from '../../../src/shared/errors.js';
import { pollUpdates } from '../../../src/features/polling/poll-updates.js';
import { searchPermits } from '../../../src/features/permits/search-permits.js';
import { seedSandbox, type SandboxSummary } from '../../../src/sandbox/seed/sandbox.js';
import { simulate } from '../../../src/sandbox/simulation/simulate.js';
import { describeEachDatabase } from '../../support/databases.js';

describeEachDatabase('sandbox', (database) => {
  let seeded: Promise<SandboxSummary> | undefined;
  const sandbox = () => (seeded ??= seedSandbox(database.db, { events: 1500, randomSeed: 42 }));
  const callerOf = async (username: string) => {
    const user = (await sandbox()).users.find((candidate) => candidate.username === username)!;
    return (await authenticate(database.db, user.token))!;
  };

  test('seeding creates promoters, highway authorities and a contractor, with a user and token for every role', async () => {
    const summary = await sandbox();
    expect(summary.organisations).toContainEqual({ kind: 'promoter', name: 'Northern Water', swaCode: '7001' });
    expect(summary.organisations).toContainEqual({
      kind: 'highway_authority',
      name: 'Leeds City Council',
      swaCode: '4720',
    });
    expect(new Set(summary.users.map((user) => user.role))).toEqual(
      new Set(['Planner', 'HighwayAuthority', 'Contractor', 'Operator']),
    );
    for (const user of summary.users)
      expect(await authenticate(database.db, user.token)).toMatchObject({ username: user.username });
    expect((await callerOf('kirkstall.contractor')).activeContracts.map((promoter) => promoter.swaCode)).toEqual([
      '7001',
      '7002',
    ]);
  });

  test('seeding records about the events asked for, in time order, on plausibly referenced works', async () => {
    const summary = await sandbox();
    expect(summary.events).toBeGreaterThanOrEqual(1500);
    expect(summary.events).toBeLessThan(1510);
    const planner = await callerOf('nw.planner');
    const { rows } = await pollUpdates(database.db, planner, { page_size: 250 });
    expect(rows.length).toBe(250);
    for (const row of rows) expect(row.work_reference_number).toMatch(/^NW7001\d{9}$/);
    const times = rows.map((row) => row.update_date_time);
    expect([...times].sort()).toEqual(times);
  });

  test('the seeded permits span categories and statuses', async () => {
    await sandbox();
    const { rows } = await searchPermits(database.db, await callerOf('4720.highways'), { page_size: 500 });
    expect(new Set(rows.map((row) => row.work_category)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((row) => row.work_status)).size).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.highway_authority === 'Leeds City Council')).toBe(true);
  });

  test('seeding a database that holds organisations is refused and adds nothing', async () => {
    await sandbox();
    const [before] = await database.db.select({ n: count() }).from(organisations);
    await expect(seedSandbox(database.db, { events: 10 })).rejects.toBeInstanceOf(ConflictError);
    expect(await database.db.select({ n: count() }).from(organisations)).toEqual([before]);
  });

  test('simulation moves the sandbox on through the event source until stopped', async () => {
    await sandbox();
    const [before] = await database.db.select({ n: count() }).from(auditEvents);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 600);
    const lines: string[] = [];
    const { activities } = await simulate(database.db, {
      rate: 40,
      signal: stop.signal,
      randomSeed: 7,
      onActivity: (line) => lines.push(line),
    });
    const [after] = await database.db.select({ n: count() }).from(auditEvents);
    expect(activities).toBeGreaterThan(3);
    expect(after!.n).toBeGreaterThan(before!.n);
    expect(lines.length).toBeGreaterThanOrEqual(activities);
  });

  test('simulation with no one told of its activities (--quiet) still records events', async () => {
    await sandbox();
    const [before] = await database.db.select({ n: count() }).from(auditEvents);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 600);
    const { activities } = await simulate(database.db, { rate: 40, signal: stop.signal, randomSeed: 11 });
    const [after] = await database.db.select({ n: count() }).from(auditEvents);
    expect(activities).toBeGreaterThan(3);
    expect(after!.n).toBeGreaterThan(before!.n);
  });
});

describeEachDatabase('sandbox over a period too short for its events', (database) => {
  test('seeding still records at least the events asked for, the last works arriving at the end of the period', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const summary = await seedSandbox(database.db, { events: 300, days: 0.01, randomSeed: 7, now: () => now });
    expect(summary.events).toBeGreaterThanOrEqual(300);
    const [latest] = await database.db.select({ at: max(auditEvents.updateDateTime) }).from(auditEvents);
    expect(latest!.at!.getTime()).toBeLessThan(now.getTime());
  });
});
