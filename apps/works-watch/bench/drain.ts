/**
 * How long the client's polling iterator (`pollUpdates`) takes to drain the feed, against a
 * hand-written loop of raw `fetch` calls doing the same, in the same run. The service runs as
 * a process of its own on PostgreSQL, seeded with about a million events
 * (`street-events seed --events 1000000`, done once and kept in BENCH_DATABASE_URL). The feed
 * is drained once per promoter's planner; the three promoters' works hold every update of
 * the feed. Page size 250. After a warm-up, each round drains every planner's feed with both,
 * one right after the other, the order swapped from pair to pair; `BENCH_ROUNDS` rounds
 * (default 3). The load of a shared machine changes from minute to minute, so each pair's ratio
 * compares two drains made seconds apart; the figures are the median of those ratios and the
 * ratio of the total times.
 *
 *   pnpm --filter @street-events/works-watch bench
 *
 * Prints a table and writes bench/results/drain.json.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createEventsClient, pollUpdates } from '@street-events/client';
import pg from 'pg';
import { freePort, startService } from '../test/support/processes.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/works_watch_bench';
const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const pageSize = 250;
const planners = ['nw.planner', 'pg.planner', 'av.planner'];
const serviceCli = fileURLToPath(new URL('../../service/dist/cli/main.js', import.meta.url));
const resultsFile = fileURLToPath(new URL('results/drain.json', import.meta.url));

function cli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serviceCli, '--database-url', databaseUrl, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`street-events ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Creates and seeds the database unless it holds the events already. */
async function prepareDatabase(): Promise<number> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database "${name}"`);
  await admin.end();

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const held = async () => {
    const { rows } = await db
      .query<{ n: number }>('select count(*)::int as n from audit_events where work_id is not null')
      .catch(() => ({ rows: [{ n: 0 }] }));
    return rows[0]?.n ?? 0;
  };
  if ((await held()) === 0) {
    console.error(`seeding ${events} events into ${name} (a few minutes)…`);
    await cli(['seed', '--events', String(events), '--random-seed', '1', '--json']);
  }
  const count = await held();
  await db.end();
  return count;
}

/** The hand-written loop: fetch, parse, follow next_update. */
async function rawDrain(baseUrl: string, token: string): Promise<number> {
  let rows = 0;
  let cursor: number | undefined;
  for (;;) {
    const query = new URLSearchParams({ page_size: String(pageSize) });
    if (cursor !== undefined) query.set('update_id', String(cursor));
    const response = await fetch(`${baseUrl}/works/updates?${query}`, { headers: { token } });
    if (!response.ok) throw new Error(`GET /works/updates answered ${response.status}`);
    const page = (await response.json()) as { rows: { update_id: number }[]; next_update?: number | null };
    rows += page.rows.length;
    cursor = page.next_update ?? page.rows.at(-1)?.update_id ?? cursor;
    if (page.next_update == null) return rows;
  }
}

/** The client's iterator, as an integrator would use it (default retries and time-outs). */
async function helperDrain(baseUrl: string, token: string): Promise<number> {
  const client = createEventsClient({ baseUrl, token });
  let rows = 0;
  for await (const page of pollUpdates(client, { filters: { page_size: pageSize } })) rows += page.rows.length;
  return rows;
}

async function timed(drain: (baseUrl: string, token: string) => Promise<number>, baseUrl: string, tokens: string[]) {
  const started = performance.now();
  let rows = 0;
  for (const token of tokens) rows += await drain(baseUrl, token);
  return { rows, seconds: (performance.now() - started) / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const feedEvents = await prepareDatabase();
const tokens: string[] = [];
for (const username of planners) tokens.push((await cli(['token', 'issue', username])).trim());
const service = await startService(databaseUrl, await freePort(), ['serve'], { DELIVERY_WORKER: 'off' });
try {
  // Untimed: one planner's feed with each, so both run on a warm service and database cache.
  await timed(rawDrain, service.baseUrl, tokens.slice(0, 1));
  await timed(helperDrain, service.baseUrl, tokens.slice(0, 1));
  const drains = [
    ['raw fetch loop', rawDrain],
    ['pollUpdates', helperDrain],
  ] as const;
  type Run = { drain: (typeof drains)[number][0]; round: number; planner: string; rows: number; seconds: number };
  const runs: Run[] = [];
  const ratios: number[] = [];
  let pair = 0;
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, token] of tokens.entries()) {
      const seconds: Record<string, number> = {};
      for (const [name, drain] of pair++ % 2 === 0 ? drains : [...drains].reverse()) {
        const result = await timed(drain, service.baseUrl, [token]);
        runs.push({ drain: name, round, planner: planners[index]!, ...result });
        seconds[name] = result.seconds;
      }
      ratios.push(seconds['pollUpdates']! / seconds['raw fetch loop']!);
      const line = `round ${round}  ${planners[index]!.padEnd(11)}`;
      console.log(
        `${line} raw ${seconds['raw fetch loop']!.toFixed(2)} s  pollUpdates ${seconds['pollUpdates']!.toFixed(2)} s  ratio ${ratios.at(-1)!.toFixed(3)}`,
      );
    }
  }
  const total = (drain: Run['drain']) =>
    runs.filter((run) => run.drain === drain).reduce((sum, run) => sum + run.seconds, 0);
  const updates = runs.filter((run) => run.drain === 'pollUpdates').reduce((sum, run) => sum + run.rows, 0);
  const raw = total('raw fetch loop');
  const helper = total('pollUpdates');
  const ratio = median(ratios);
  console.log(
    `\n${updates} updates drained by each (${rounds} × the whole feed): raw fetch loop ${raw.toFixed(1)} s ` +
      `(${Math.round(updates / raw)} updates/s), pollUpdates ${helper.toFixed(1)} s (${Math.round(updates / helper)} updates/s)\n` +
      `ratio pollUpdates / raw: median of ${ratios.length} pairs ${ratio.toFixed(3)}, of the totals ${(helper / raw).toFixed(3)} ` +
      `(target at most 1.10: ${ratio <= 1.1 ? 'met' : 'not met'})`,
  );
  await writeFile(
    resultsFile,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        node: process.version,
        database: 'PostgreSQL',
        feedEvents,
        pageSize,
        callers: planners,
        rounds,
        runs,
        totalSeconds: { rawFetchLoop: raw, pollUpdates: helper },
        updatesPerMethod: updates,
        pairRatios: ratios,
        medianPairRatio: ratio,
        totalRatio: helper / raw,
        targetRatio: 1.1,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${resultsFile}`);
} finally {
  await service.stop();
}
