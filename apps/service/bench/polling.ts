/**
 * The read-path benchmark: polling (GET /works/updates) and permit search (POST
 * /permits/search) on PostgreSQL, the service against a baseline server measured in the same
 * run under the same load. The baseline (bench/baseline-server.ts) is the straightforward
 * implementation: plain node:http and pg, the same SQL, rows read from their columns,
 * JSON.stringify, no framework, no validation; the benchmark checks that it answers the same
 * bytes as the service before measuring.
 *
 *   npx pnpm --filter @street-events/service bench
 *
 * For each size (about 1,000,000 and 10,000 updates) it recreates a dedicated database, seeds
 * the sandbox with the service's own seeder, starts the built service (`node dist/cli/main.js
 * serve`) and the baseline as separate processes, samples the service's resident memory, and
 * loads each with autocannon:
 *
 * - W1: a poll of 250 updates from the start of the feed;
 * - W2: a poll of 250 updates from a random cursor of the feed;
 * - W3: a tail poll, at the caller's head (an empty page, the most common real request);
 * - W4: a permit search of 1000 references, page_size 500;
 * - mixed: the sandbox's organisations' tail polls (85 %), full pages from random cursors
 *   (10 %) and searches of up to 250 references (5 %).
 *
 * It prints and writes `bench/results/polling-<date>.json` and `.md`: req/s, p50/p99, CPU per
 * request of the Node process and of its PostgreSQL backends, RSS, and the ratio of the service
 * to the baseline for each workload, with PASS/FAIL per target.
 *
 * Settings (environment): BENCH_DATABASE_URL (server URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION_S (10), BENCH_WARMUP_S (2),
 * BENCH_CONNECTIONS (20), BENCH_SIZES (comma-separated event counts, default 1000000,10000),
 * BENCH_KEEP_DATABASE=1 (reuse an already seeded database of the same size instead of
 * recreating it; for iterating, not for reported figures), BENCH_SERVICE_NODE_FLAGS (default
 * `--max-old-space-size=160`, the README's production setting; empty for Node's default) and
 * BENCH_SERVICE_LOG_LEVEL (warn) to evaluate Node flags and the cost of request logging.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { retryWithBackoff } from '../src/shared/backoff.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(packageDir, 'bench', 'results');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const warmupS = Number(process.env.BENCH_WARMUP_S ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const sizes = (process.env.BENCH_SIZES ?? '1000000,10000').split(',').map(Number);
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';
/**
 * Node flags of the service process (BENCH_SERVICE_NODE_FLAGS, space-separated): by default the heap
 * limit the README gives for production, so that the figures are those of the recommended setting.
 */
const serviceNodeFlags = (process.env.BENCH_SERVICE_NODE_FLAGS ?? '--max-old-space-size=160')
  .split(' ')
  .filter(Boolean);
const serviceLogLevel = process.env.BENCH_SERVICE_LOG_LEVEL ?? 'warn';
const pollPageSize = 250;
const searchPageSize = 500;
const searchReferences = 1000;
/** The poller: a highway authority of the sandbox, which sees the works in its area (about a third). */
const pollerUsername = '4720.highways';

/** The read path's targets: ratios to the baseline, CPU per request (Node + PostgreSQL), latency and memory. */
const targets = { pollRatio: 1.5, searchRatio: 2, searchP99Ms: 250, pageCpuUs: 600, searchCpuUs: 8000, rssMb: 250 };

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
  /** CPU time (user + system) per request of the measured server process, and of its PostgreSQL backends. */
  serverCpuUsPerRequest: number;
  databaseCpuUsPerRequest: number;
  /** The service's largest RSS during the measurement (and its warm-up), in MB. */
  maxRssMb?: number;
}

/** One workload measured on the service and on the baseline. */
interface Comparison {
  workload: string;
  service: Measurement;
  baseline: Measurement;
  /** Service req/s ÷ baseline req/s. */
  ratio: number;
}

interface SizeResult {
  events: number;
  pollableUpdates: number;
  visibleToPoller: number;
  seedSeconds: number;
  comparisons: Comparison[];
  maxRssMb: number;
}

const log = (line: string) => console.error(`[bench] ${line}`);

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: packageDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

interface SandboxUser {
  username: string;
  role: string;
  token: string;
}

/** Recreates the database and seeds it; returns the sandbox users with their tokens. */
async function seededDatabase(events: number): Promise<{ url: string; users: SandboxUser[]; seedSeconds: number }> {
  const name = `street_events_bench_${events}`;
  const url = databaseUrl(name);
  const tokensFile = join(resultsDir, '.tokens', `${name}.json`);
  if (keepDatabase) {
    try {
      return { url, users: JSON.parse(readFileSync(tokensFile, 'utf8')) as SandboxUser[], seedSeconds: 0 };
    } catch {
      log(`no kept database for ${events} events: seeding one`);
    }
  }
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  log(`seeding ${events} events into ${name}`);
  const started = performance.now();
  const output = await run(
    'node',
    ['dist/cli/main.js', 'seed', '--events', String(events), '--random-seed', '1', '--json'],
    {
      DATABASE_URL: url,
    },
  );
  const seedSeconds = (performance.now() - started) / 1000;
  await withClient(url, (client) => client.query('vacuum analyze'));
  const users = (JSON.parse(output) as { users: SandboxUser[] }).users;
  mkdirSync(join(resultsDir, '.tokens'), { recursive: true });
  writeFileSync(tokensFile, JSON.stringify(users));
  return { url, users, seedSeconds };
}

/** Starts a Node process that prints `listening <port>` when it is ready (the baseline). */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: (line: string) => number | undefined) {
  const child = spawn('node', args, {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        const found = ready(line);
        if (found !== undefined) resolve(found);
      }
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`)));
  });
  return { child, port };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built service on `url`. Its shares per organisation are wider than the load: one poller's
 * `connections` at once measure the read path, not the bound on one organisation's share (the
 * tenant-isolation suite measures that); twice as wide, since a connection's next request may
 * arrive before the share of its last one is given back.
 */
async function startService(url: string) {
  const port = await freePort();
  const shares = { ORGANISATION_POLLS: String(2 * connections), ORGANISATION_SEARCHES: String(2 * connections) };
  const child = spawn('node', [...serviceNodeFlags, 'dist/cli/main.js', 'serve'], {
    cwd: packageDir,
    env: {
      ...process.env,
      ...shares,
      // The read path is measured, not the rate limit in front of it.
      RATE_LIMIT_MAX: '0',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: serviceLogLevel,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  try {
    await retryWithBackoff(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        if (!response.ok) throw new Error(`/health answered ${response.status}`);
      },
      { firstMs: 100, maxMs: 100, retryIf: () => Date.now() < deadline },
    );
  } catch (error) {
    child.kill();
    throw new Error('the service did not become healthy', { cause: error });
  }
  return { child, port };
}

/** Samples a process's resident set (VmRSS) every 50 ms; `max` in MB. */
function sampleRss(pid: number) {
  let maxKb = 0;
  let phaseMaxKb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (kb > maxKb) maxKb = kb;
      if (kb > phaseMaxKb) phaseMaxKb = kb;
    } catch {
      // the process has ended
    }
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    get maxMb() {
      sample();
      return maxKb / 1024;
    },
    /** The largest RSS since the previous call, in MB. */
    phaseMaxMb() {
      sample();
      const mb = phaseMaxKb / 1024;
      phaseMaxKb = 0;
      return mb;
    },
    stop: () => clearInterval(timer),
  };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (a random cursor, caller or search): autocannon's `setupRequest`. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; undefined once it has ended. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds the processes used between two readings, over those alive at both. */
function cpuUsedBetween(before: Map<number, number | undefined>, after: Map<number, number | undefined>): number {
  let used = 0;
  for (const [pid, start] of before) {
    const end = after.get(pid);
    if (start !== undefined && end !== undefined) used += end - start;
  }
  return used;
}

/** The PostgreSQL backends serving a database (pids from pg_stat_activity; the server runs on this machine). */
async function backendPids(url: string | undefined): Promise<number[]> {
  if (url === undefined) return [];
  const name = new URL(url).pathname.slice(1);
  return withClient(serverUrl, async (client) =>
    (
      await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).rows.map((row) => row.pid),
  );
}

async function measure(name: string, load: Load, server: { pid: number; databaseUrl?: string }): Promise<Measurement> {
  const options = {
    url: load.url,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    connections,
    ...(load.setupRequest ? { requests: [{ setupRequest: load.setupRequest }] } : {}),
  } as autocannon.Options;
  if (warmupS > 0) await autocannon({ ...options, duration: warmupS });
  const pids = [server.pid, ...(await backendPids(server.databaseUrl))];
  const readCpu = () => new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  const before = readCpu();
  const result = await autocannon({ ...options, duration: durationS });
  const after = readCpu();
  const serverUsed = cpuUsedBetween(new Map([[server.pid, before.get(server.pid)]]), after);
  const databaseUsed = cpuUsedBetween(new Map([...before].filter(([pid]) => pid !== server.pid)), after);
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(result.requests.total, 1));
  const measurement: Measurement = {
    name,
    requestsPerSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
    serverCpuUsPerRequest: perRequest(serverUsed),
    databaseCpuUsPerRequest: perRequest(databaseUsed),
  };
  log(
    `${name}: ${measurement.requestsPerSecond} req/s, p50 ${measurement.p50Ms} ms, p99 ${measurement.p99Ms} ms, ` +
      `CPU/request ${measurement.serverCpuUsPerRequest} µs server + ${measurement.databaseCpuUsPerRequest} µs database` +
      (measurement.non2xx + measurement.errors > 0
        ? `, ${measurement.non2xx} non-2xx, ${measurement.errors} errors`
        : ''),
  );
  return measurement;
}

/** The poller's feed: every update id it sees, in order, and the counts of the database. */
async function feedOf(url: string): Promise<{ pollable: number; ids: number[] }> {
  return withClient(url, async (client) => {
    const counted = await client.query<{ pollable: string }>(
      'select count(*) as pollable from audit_events where update_id is not null and work_id is not null',
    );
    const visible = await client.query<{ update_id: string }>(
      `select a.update_id from audit_events a join organisations o on o.id = a.highway_authority_org_id
       where o.swa_code = '4720' and a.work_id is not null and a.update_id is not null order by a.update_id`,
    );
    return { pollable: Number(counted.rows[0]!.pollable), ids: visible.rows.map((row) => Number(row.update_id)) };
  });
}

/** Work references visible to the poller that hold permits (the search's caller). */
async function visibleReferences(url: string, count: number): Promise<string[]> {
  return withClient(url, async (client) => {
    const found = await client.query<{ work_reference_number: string }>(
      `select w.work_reference_number from works w join organisations o on o.id = w.highway_authority_org_id
       where o.swa_code = '4720' and exists (select 1 from permits p where p.work_id = w.id)
       order by w.id limit $1`,
      [count],
    );
    return found.rows.map((row) => row.work_reference_number);
  });
}

/** The sandbox's Planners and HighwayAuthority users, each with the head of its own feed (a tail poll's cursor). */
async function tailsOf(url: string, users: SandboxUser[]): Promise<{ token: string; head: number }[]> {
  const pollers = users.filter((user) => user.role === 'Planner' || user.role === 'HighwayAuthority');
  return withClient(url, async (client) => {
    const tails: { token: string; head: number }[] = [];
    for (const user of pollers) {
      const { rows } = await client.query<{ head: string | null }>(
        `select max(a.update_id) as head from audit_events a join users u on u.username = $1
         where a.work_id is not null
           and (case when u.role = 'Planner' then a.promoter_org_id else a.highway_authority_org_id end) = u.organisation_id`,
        [user.username],
      );
      tails.push({ token: user.token, head: Number(rows[0]!.head ?? 0) });
    }
    return tails;
  });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const pollPath = (cursor: number, pageSize = pollPageSize) =>
  `/v7/works/updates?page_size=${pageSize}&update_id=${cursor}`;

interface Workload {
  name: string;
  load: (origin: string) => Load;
  /** A request that stands for the workload, whose answer must be the same bytes from both servers. */
  sample: { path: string; body?: string };
}

// eslint-disable-next-line max-lines-per-function -- a table: one workload per kind of request measured
function workloadsOf(
  feed: { ids: number[] },
  references: string[],
  tails: { token: string; head: number }[],
  token: string,
): Workload[] {
  const headers = { token };
  const json = { ...headers, 'content-type': 'application/json' };
  const cursors = feed.ids.slice(0, -pollPageSize - 1);
  const head = feed.ids[feed.ids.length - 1]!;
  const search = JSON.stringify({ work_reference_numbers: references, page_size: searchPageSize });
  const smallSearch = () =>
    JSON.stringify({ work_reference_numbers: references.slice(0, 1 + Math.floor(Math.random() * 250)) });
  return [
    {
      name: 'W1 poll 250 from the start',
      load: (origin) => ({ url: `${origin}${pollPath(0)}`, headers }),
      sample: { path: pollPath(0) },
    },
    {
      name: 'W2 poll 250 from random cursors',
      load: (origin) => ({
        url: origin,
        headers,
        setupRequest: (request) => ({ ...request, path: pollPath(pick(cursors)) }),
      }),
      sample: { path: pollPath(cursors[Math.floor(cursors.length / 2)]!) },
    },
    {
      name: 'W3 tail poll',
      load: (origin) => ({ url: `${origin}${pollPath(head)}`, headers }),
      sample: { path: pollPath(head) },
    },
    {
      name: `W4 search ${searchReferences} refs, page ${searchPageSize}`,
      load: (origin) => ({ url: `${origin}/v7/permits/search`, method: 'POST', headers: json, body: search }),
      sample: { path: '/v7/permits/search', body: search },
    },
    {
      name: 'mixed',
      load: (origin) => ({
        url: origin,
        headers,
        setupRequest: (request) => {
          const draw = Math.random();
          if (draw < 0.05)
            return { ...request, method: 'POST', path: '/v7/permits/search', headers: json, body: smallSearch() };
          if (draw < 0.15)
            return { ...request, method: 'GET', path: pollPath(pick(cursors)), headers, body: undefined };
          const tail = pick(tails);
          return {
            ...request,
            method: 'GET',
            path: pollPath(tail.head),
            headers: { token: tail.token },
            body: undefined,
          };
        },
      }),
      sample: { path: pollPath(tails[0]!.head) },
    },
  ];
}

/** Both servers answer a workload's sample with the same status and the same bytes. */
async function checkSameAnswers(
  workload: Workload,
  origins: { service: string; baseline: string },
  token: string,
): Promise<void> {
  const ask = async (origin: string) => {
    const { path, body } = workload.sample;
    const headers: Record<string, string> = { token, ...(body ? { 'content-type': 'application/json' } : {}) };
    const response = await fetch(`${origin}${path}`, { method: body ? 'POST' : 'GET', headers, body });
    return `${response.status} ${await response.text()}`;
  };
  const [service, baseline] = [await ask(origins.service), await ask(origins.baseline)];
  if (service !== baseline) {
    throw new Error(
      `${workload.name}: the baseline answers other bytes than the service:\n${service.slice(0, 300)}\n${baseline.slice(0, 300)}`,
    );
  }
}

async function startBaseline(url: string) {
  return startProcess(['--import', 'tsx', 'bench/baseline-server.ts'], { DATABASE_URL: url }, (line) => {
    const match = /^listening (\d+)$/.exec(line.trim());
    return match ? Number(match[1]) : undefined;
  });
}

/**
 * Waits for the service's summaries writer to fill in the permit summaries a freshly seeded
 * database lacks (it runs in the background after start), so that it is not measured with the load.
 */
async function summariesWritten(url: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const missing = await withClient(url, (client) =>
      client.query<{ count: string }>('select count(*) from permits where summary is null'),
    );
    if (missing.rows[0]!.count === '0') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`permit summaries written ${((Date.now() - started) / 1000).toFixed(1)} s after the service started`);
}

async function benchmarkSize(events: number): Promise<SizeResult> {
  const { url, users, seedSeconds } = await seededDatabase(events);
  const token = users.find((user) => user.username === pollerUsername)!.token;
  const feed = await feedOf(url);
  log(`${feed.pollable} pollable updates, ${feed.ids.length} visible to ${pollerUsername}`);
  const workloads = workloadsOf(feed, await visibleReferences(url, searchReferences), await tailsOf(url, users), token);

  const service = await startService(url);
  await summariesWritten(url);
  const baseline = await startBaseline(url);
  const rss = sampleRss(service.child.pid!);
  const origins = { service: `http://127.0.0.1:${service.port}`, baseline: `http://127.0.0.1:${baseline.port}` };
  try {
    for (const workload of workloads) await checkSameAnswers(workload, origins, token);
    // The first seconds of load (JIT compilation, heap growth, prepared statements) belong to no workload.
    for (const origin of Object.values(origins))
      await autocannon({ ...workloads[4]!.load(origin), connections, duration: 3 } as autocannon.Options);
    const comparisons: Comparison[] = [];
    for (const workload of workloads) {
      rss.phaseMaxMb();
      const measured = await measure(`${workload.name} service (${events})`, workload.load(origins.service), {
        pid: service.child.pid!,
        databaseUrl: url,
      });
      measured.maxRssMb = Math.round(rss.phaseMaxMb());
      const base = await measure(`${workload.name} baseline (${events})`, workload.load(origins.baseline), {
        pid: baseline.child.pid!,
        databaseUrl: url,
      });
      comparisons.push({
        workload: workload.name,
        service: measured,
        baseline: base,
        ratio: measured.requestsPerSecond / base.requestsPerSecond,
      });
    }
    return {
      events,
      pollableUpdates: feed.pollable,
      visibleToPoller: feed.ids.length,
      seedSeconds,
      comparisons,
      maxRssMb: rss.maxMb,
    };
  } finally {
    rss.stop();
    await stop(baseline.child);
    await stop(service.child);
  }
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const cpuOf = (m: Measurement) => m.serverCpuUsPerRequest + m.databaseCpuUsPerRequest;

function verdicts(results: SizeResult[]) {
  const all = results.flatMap((result) => result.comparisons);
  const of = (prefix: string) => all.filter((comparison) => comparison.workload.startsWith(prefix));
  const lowest = (prefix: string) => Math.min(...of(prefix).map((comparison) => comparison.ratio));
  const polls = [...of('W1'), ...of('W2')];
  const pageCpu = Math.max(...polls.map((comparison) => cpuOf(comparison.service)));
  const searchCpu = Math.max(...of('W4').map((comparison) => cpuOf(comparison.service)));
  const searchP99 = Math.max(...of('W4').map((comparison) => comparison.service.p99Ms));
  const maxRss = Math.max(...results.map((result) => result.maxRssMb));
  const failures = all.reduce(
    (sum, c) => sum + c.service.non2xx + c.service.errors + c.baseline.non2xx + c.baseline.errors,
    0,
  );
  const ratio = (prefix: string, target: number) => ({
    target: `${prefix} ≥ ${target}× the baseline (lowest)`,
    measured: `${round(lowest(prefix), 2)}×`,
    pass: lowest(prefix) >= target,
  });
  return [
    ratio('W1', targets.pollRatio),
    ratio('W2', targets.pollRatio),
    ratio('W3', targets.pollRatio),
    ratio('W4', targets.searchRatio),
    {
      target: `W4 p99 < ${targets.searchP99Ms} ms at ${connections} connections`,
      measured: `${searchP99} ms`,
      pass: searchP99 < targets.searchP99Ms,
    },
    {
      target: `Node + PostgreSQL CPU per 250-row page ≤ ${targets.pageCpuUs} µs (highest)`,
      measured: `${pageCpu} µs`,
      pass: pageCpu <= targets.pageCpuUs,
    },
    {
      target: `Node + PostgreSQL CPU per 1000-reference search ≤ ${targets.searchCpuUs / 1000} ms`,
      measured: `${round(searchCpu / 1000, 2)} ms`,
      pass: searchCpu <= targets.searchCpuUs,
    },
    {
      target: `service RSS < ${targets.rssMb} MB throughout (max)`,
      measured: `${round(maxRss)} MB`,
      pass: maxRss < targets.rssMb,
    },
    { target: 'every measured request answered 2xx', measured: `${failures} failures`, pass: failures === 0 },
  ];
}

/** The machine a run measured on. */
interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  loadAverage: string;
}

function markdown(results: SizeResult[], machine: Machine, date: string): string {
  const lines = [
    `# Read-path benchmark, ${date}`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average before the run ${machine.loadAverage}. ` +
      `${connections} connections, ${warmupS} s warm-up and ${durationS} s per measurement (autocannon, in the benchmark's process). ` +
      `Poller: \`${pollerUsername}\` (HighwayAuthority), page_size ${pollPageSize}. The baseline is bench/baseline-server.ts (node:http + pg, the same SQL and bytes).`,
    '',
    '| updates | workload | service req/s | baseline req/s | service ÷ baseline | service p50/p99 ms | baseline p50/p99 ms | service CPU µs/req (Node + PG) | baseline CPU µs/req (Node + PG) | bytes/response | service RSS MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const { workload, service: s, baseline: b, ratio } of result.comparisons) {
      lines.push(
        `| ${result.pollableUpdates.toLocaleString('en')} | ${workload} | ${s.requestsPerSecond} | ${b.requestsPerSecond} | ${round(ratio, 2)} | ` +
          `${s.p50Ms}/${s.p99Ms} | ${b.p50Ms}/${b.p99Ms} | ${s.serverCpuUsPerRequest} + ${s.databaseCpuUsPerRequest} | ` +
          `${b.serverCpuUsPerRequest} + ${b.databaseCpuUsPerRequest} | ${s.bytesPerResponse} | ${s.maxRssMb ?? '-'} |`,
      );
    }
  }
  lines.push('', '| target | measured | result |', '|---|---|---|');
  for (const verdict of verdicts(results))
    lines.push(`| ${verdict.target} | ${verdict.measured} | ${verdict.pass ? 'PASS' : 'FAIL'} |`);
  lines.push('', '| updates | seeded in | max service RSS |', '|---|---|---|');
  for (const result of results)
    lines.push(
      `| ${result.pollableUpdates.toLocaleString('en')} | ${round(result.seedSeconds)} s | ${round(result.maxRssMb)} MB |`,
    );
  return `${lines.join('\n')}\n`;
}

const machine: Machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverage: loadavg()
    .map((value) => round(value, 2))
    .join(' '),
};
const results: SizeResult[] = [];
for (const events of sizes) results.push(await benchmarkSize(events));

const date = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
mkdirSync(resultsDir, { recursive: true });
const summary = markdown(results, machine, date);
writeFileSync(
  join(resultsDir, `polling-${date}.json`),
  `${JSON.stringify({ date, machine, connections, durationS, warmupS, results, verdicts: verdicts(results) }, null, 2)}\n`,
);
writeFileSync(join(resultsDir, `polling-${date}.md`), summary);
console.log(summary);
