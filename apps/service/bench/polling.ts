/**
 * Benchmark of polling (GET /works/updates) and permit search (POST /permits/search) on
 * PostgreSQL, against the ceiling of a bare Fastify route on the same Node.
 *
 *   pnpm --filter @street-events/service bench
 *
 * For each size (about 1,000,000 and 10,000 updates) it recreates a dedicated database, seeds
 * the sandbox with the service's own seeder, starts the built service (`node dist/cli.js
 * serve`) as a separate process and samples its resident memory throughout, then loads it
 * with autocannon: polling with page_size 250 at the start, middle and end of the feed, and a
 * permit search of 1000 references with page_size 500. The ceiling is measured in the same
 * run under the same load, serving a fixed body as large as a 250-row page. Writes
 * `bench/results/polling-<date>.json` and `.md` and prints the table with PASS/FAIL per target.
 *
 * Settings (environment): BENCH_DATABASE_URL (server URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION_S (10), BENCH_WARMUP_S (2),
 * BENCH_CONNECTIONS (20), BENCH_SIZES (comma-separated event counts, default 1000000,10000),
 * BENCH_KEEP_DATABASE=1 (reuse an already seeded database of the same size instead of
 * recreating it; for iterating, not for reported figures), BENCH_SERVICE_NODE_FLAGS and
 * BENCH_SERVICE_LOG_LEVEL (warn) to evaluate Node flags and the cost of request logging.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(packageDir, 'bench', 'results');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const warmupS = Number(process.env.BENCH_WARMUP_S ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const sizes = (process.env.BENCH_SIZES ?? '1000000,10000').split(',').map(Number);
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';
/** Extra Node flags of the service process (BENCH_SERVICE_NODE_FLAGS, space-separated), to evaluate them. */
const serviceNodeFlags = (process.env.BENCH_SERVICE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const serviceLogLevel = process.env.BENCH_SERVICE_LOG_LEVEL ?? 'warn';
const pollPageSize = 250;
const searchPageSize = 500;
const searchReferences = 1000;
/** The poller: a highway authority of the sandbox, which sees the works in its area (about a third). */
const pollerUsername = '4720.highways';

const targets = { ratioOfCeiling: 0.4, p99Ms: 25, rssMb: 250, spread: 0.2 };

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
  rowsPerResponse?: number;
  ratioOfCeiling?: number;
}

interface SizeResult {
  events: number;
  pollableUpdates: number;
  visibleToPoller: number;
  seedSeconds: number;
  ceiling: Measurement;
  polls: Measurement[];
  search: Measurement;
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
    const child = spawn(command, args, { cwd: packageDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`))));
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
  const output = await run('node', ['dist/cli.js', 'seed', '--events', String(events), '--random-seed', '1', '--json'], {
    DATABASE_URL: url,
  });
  const seedSeconds = (performance.now() - started) / 1000;
  await withClient(url, (client) => client.query('vacuum analyze'));
  const users = (JSON.parse(output) as { users: SandboxUser[] }).users;
  mkdirSync(join(resultsDir, '.tokens'), { recursive: true });
  writeFileSync(tokensFile, JSON.stringify(users));
  return { url, users, seedSeconds };
}

/** Starts a Node process that prints `listening <port>` (the ceiling) or serves PORT (the service). */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: (line: string) => number | undefined) {
  const child = spawn('node', args, { cwd: packageDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

async function startService(url: string) {
  const port = await freePort();
  const child = spawn('node', [...serviceNodeFlags, 'dist/cli.js', 'serve'], {
    cwd: packageDir,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: serviceLogLevel },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the service did not become healthy');
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
    (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows.map(
      (row) => row.pid,
    ),
  );
}

async function measure(name: string, load: Load, server: { pid: number; databaseUrl?: string }): Promise<Measurement> {
  const options = { url: load.url, method: load.method ?? 'GET', headers: load.headers, body: load.body, connections };
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
  log(`${name}: ${measurement.requestsPerSecond} req/s, p50 ${measurement.p50Ms} ms, p99 ${measurement.p99Ms} ms, ` +
    `CPU/request ${measurement.serverCpuUsPerRequest} µs server + ${measurement.databaseCpuUsPerRequest} µs database` +
    (measurement.non2xx + measurement.errors > 0 ? `, ${measurement.non2xx} non-2xx, ${measurement.errors} errors` : ''));
  return measurement;
}

/** Cursors at the start, middle and end of the poller's feed, each followed by at least a full page. */
async function pollCursors(url: string): Promise<{ pollable: number; visible: number; cursors: [string, number][] }> {
  return withClient(url, async (client) => {
    const authority = await client.query<{ id: number }>(`select id from organisations where swa_code = '4720'`);
    const authorityId = authority.rows[0]!.id;
    const counted = await client.query<{ pollable: string; visible: string }>(
      `select count(*) filter (where work_id is not null) as pollable,
              count(*) filter (where work_id is not null and highway_authority_org_id = $1) as visible
       from audit_events where update_id is not null`,
      [authorityId],
    );
    const pollable = Number(counted.rows[0]!.pollable);
    const visible = Number(counted.rows[0]!.visible);
    const at = async (offset: number) => {
      if (offset < 0) return 0;
      const found = await client.query<{ update_id: string }>(
        `select update_id from audit_events where work_id is not null and highway_authority_org_id = $1
         order by update_id offset $2 limit 1`,
        [authorityId, offset],
      );
      return Number(found.rows[0]!.update_id);
    };
    const lastFullPage = visible - pollPageSize - 1;
    return {
      pollable,
      visible,
      cursors: [
        ['start', 0],
        ['middle', await at(Math.floor(visible / 2))],
        ['end', await at(lastFullPage)],
      ],
    };
  });
}

/** 1000 work references visible to the poller that hold permits (the search's caller). */
async function visibleReferences(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const found = await client.query<{ work_reference_number: string }>(
      `select w.work_reference_number from works w join organisations o on o.id = w.highway_authority_org_id
       where o.swa_code = '4720' and exists (select 1 from permits p where p.work_id = w.id)
       order by w.id limit $1`,
      [searchReferences],
    );
    return found.rows.map((row) => row.work_reference_number);
  });
}

async function benchmarkSize(events: number): Promise<SizeResult> {
  const { url, users, seedSeconds } = await seededDatabase(events);
  const token = users.find((user) => user.username === pollerUsername)!.token;
  const { pollable, visible, cursors } = await pollCursors(url);
  log(`${pollable} pollable updates, ${visible} visible to ${pollerUsername}`);

  const service = await startService(url);
  const rss = sampleRss(service.child.pid!);
  const base = `http://127.0.0.1:${service.port}/v7`;
  const headers = { token };
  const serverOf = { pid: service.child.pid!, databaseUrl: url };
  try {
    // Check each load once: a full page of rows, and the page body the ceiling will serve.
    let pageBody = '';
    const rowsPerPage = new Map<string, number>();
    for (const [position, cursor] of cursors) {
      const response = await fetch(`${base}/works/updates?page_size=${pollPageSize}&update_id=${cursor}`, { headers });
      const text = await response.text();
      const page = JSON.parse(text) as { rows: unknown[]; next_update?: number | null };
      if (response.status !== 200 || page.rows.length !== pollPageSize) {
        throw new Error(`polling at the ${position} answered ${response.status} with ${page.rows.length} rows`);
      }
      rowsPerPage.set(position, page.rows.length);
      if (position === 'middle') pageBody = text;
    }
    const references = await visibleReferences(url);
    const searchBody = JSON.stringify({ work_reference_numbers: references, page_size: searchPageSize });
    const searchHeaders = { ...headers, 'content-type': 'application/json' };
    const check = await fetch(`${base}/permits/search`, { method: 'POST', headers: searchHeaders, body: searchBody });
    const searchRows = ((await check.json()) as { rows: unknown[] }).rows.length;
    if (check.status !== 200 || searchRows !== searchPageSize) {
      throw new Error(`permit search answered ${check.status} with ${searchRows} rows`);
    }

    const bodyFile = join(tmpdir(), `street-events-bench-page-${process.pid}.json`);
    writeFileSync(bodyFile, pageBody);
    const ceilingProcess = await startProcess(['--import', 'tsx', 'bench/ceiling-server.ts'], { CEILING_BODY_FILE: bodyFile }, (line) => {
      const match = /^listening (\d+)$/.exec(line.trim());
      return match ? Number(match[1]) : undefined;
    });
    let ceiling: Measurement;
    rss.phaseMaxMb();
    try {
      ceiling = await measure(`ceiling (${events})`, { url: `http://127.0.0.1:${ceilingProcess.port}/v7/works/updates` }, {
        pid: ceilingProcess.child.pid!,
      });
    } finally {
      await stop(ceilingProcess.child);
    }

    // The service's first seconds of load (JIT compilation, heap growth) belong to no cursor.
    await autocannon({ url: `${base}/works/updates?page_size=${pollPageSize}&update_id=${cursors[1]![1]}`, headers, connections, duration: 3 });
    const polls: Measurement[] = [];
    for (const [position, cursor] of cursors) {
      const measurement = await measure(`poll ${position} (${events})`, {
        url: `${base}/works/updates?page_size=${pollPageSize}&update_id=${cursor}`,
        headers,
      }, serverOf);
      measurement.rowsPerResponse = rowsPerPage.get(position);
      measurement.maxRssMb = Math.round(rss.phaseMaxMb());
      measurement.ratioOfCeiling = measurement.requestsPerSecond / ceiling.requestsPerSecond;
      polls.push(measurement);
    }
    const search = await measure(`search 1000 refs (${events})`, {
      url: `${base}/permits/search`,
      method: 'POST',
      headers: searchHeaders,
      body: searchBody,
    }, serverOf);
    search.rowsPerResponse = searchRows;
    search.maxRssMb = Math.round(rss.phaseMaxMb());
    return { events, pollableUpdates: pollable, visibleToPoller: visible, seedSeconds, ceiling, polls, search, maxRssMb: rss.maxMb };
  } finally {
    rss.stop();
    await stop(service.child);
  }
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (value: number) => `${round(value * 100)}%`;

function verdicts(results: SizeResult[]) {
  const polls = results.flatMap((result) => result.polls);
  const throughputs = polls.map((poll) => poll.requestsPerSecond);
  const spread = (Math.max(...throughputs) - Math.min(...throughputs)) / Math.max(...throughputs);
  const p99s = polls.map((poll) => poll.p99Ms);
  const p99Spread = (Math.max(...p99s) - Math.min(...p99s)) / Math.max(...p99s);
  const minRatio = Math.min(...polls.map((poll) => poll.ratioOfCeiling!));
  const maxP99 = Math.max(...p99s);
  const maxRss = Math.max(...results.map((result) => result.maxRssMb));
  const failures = [...polls, ...results.map((result) => result.search)].reduce((sum, m) => sum + m.non2xx + m.errors, 0);
  // CPU per request does not depend on how busy the machine is: the cost itself.
  const cpuPerPoll = polls.map((poll) => poll.serverCpuUsPerRequest + poll.databaseCpuUsPerRequest);
  const cpuSpread = (Math.max(...cpuPerPoll) - Math.min(...cpuPerPoll)) / Math.max(...cpuPerPoll);
  const ceilingCpu = Math.max(...results.map((result) => result.ceiling.serverCpuUsPerRequest));
  const cpuRatio = ceilingCpu / Math.max(...cpuPerPoll);
  return [
    { target: `polling throughput ≥ ${percent(targets.ratioOfCeiling)} of the ceiling (lowest)`, measured: percent(minRatio), pass: minRatio >= targets.ratioOfCeiling },
    { target: `polling p99 < ${targets.p99Ms} ms at ${connections} connections (highest)`, measured: `${maxP99} ms`, pass: maxP99 < targets.p99Ms },
    { target: `polling throughput within ${percent(targets.spread)} across sizes and cursors`, measured: `spread ${percent(spread)}`, pass: spread <= targets.spread },
    { target: `polling p99 within ${percent(targets.spread)} across sizes and cursors`, measured: `spread ${percent(p99Spread)}`, pass: p99Spread <= targets.spread },
    { target: `polling CPU per request (server + database) within ${percent(targets.spread)} across sizes and cursors`, measured: `${Math.min(...cpuPerPoll)}-${Math.max(...cpuPerPoll)} µs, spread ${percent(cpuSpread)}`, pass: cpuSpread <= targets.spread },
    { target: `ceiling CPU per request ≥ ${percent(targets.ratioOfCeiling)} of polling's (the throughput target in CPU, whatever the load)`, measured: `${ceilingCpu} µs of ${Math.max(...cpuPerPoll)} µs: ${percent(cpuRatio)}`, pass: cpuRatio >= targets.ratioOfCeiling },
    { target: `service RSS < ${targets.rssMb} MB throughout (max)`, measured: `${round(maxRss)} MB`, pass: maxRss < targets.rssMb },
    { target: 'every measured request answered 2xx', measured: `${failures} failures`, pass: failures === 0 },
  ];
}

function markdown(results: SizeResult[], machine: Record<string, unknown>, date: string): string {
  const lines = [
    `# Polling benchmark, ${date}`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average before the run ${machine.loadAverage}. ` +
      `${connections} connections, ${warmupS} s warm-up and ${durationS} s per measurement (autocannon, in the benchmark's process). ` +
      `Poller: \`${pollerUsername}\` (HighwayAuthority), page_size ${pollPageSize}; permit search: ${searchReferences} references, page_size ${searchPageSize}.`,
    '',
    '| updates | load | rows/response | req/s | of ceiling | p50 ms | p99 ms | bytes/response | server CPU µs/req | database CPU µs/req | service RSS MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const m of [result.ceiling, ...result.polls, result.search]) {
      lines.push(
        `| ${result.pollableUpdates.toLocaleString('en')} | ${m.name.replace(/ \(\d+\)$/, '')} | ${m.rowsPerResponse ?? '-'} | ${m.requestsPerSecond} | ` +
          `${m === result.ceiling ? '100%' : percent(m.requestsPerSecond / result.ceiling.requestsPerSecond)} | ${m.p50Ms} | ${m.p99Ms} | ${m.bytesPerResponse} | ${m.serverCpuUsPerRequest} | ${m === result.ceiling ? '-' : m.databaseCpuUsPerRequest} | ${m.maxRssMb ?? '-'} |`,
      );
    }
  }
  lines.push('', '| target | measured | result |', '|---|---|---|');
  for (const verdict of verdicts(results)) lines.push(`| ${verdict.target} | ${verdict.measured} | ${verdict.pass ? 'PASS' : 'FAIL'} |`);
  lines.push('', '| updates | seeded in | max service RSS |', '|---|---|---|');
  for (const result of results) lines.push(`| ${result.pollableUpdates.toLocaleString('en')} | ${round(result.seedSeconds)} s | ${round(result.maxRssMb)} MB |`);
  return `${lines.join('\n')}\n`;
}

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverage: loadavg().map((value) => round(value, 2)).join(' '),
};
const results: SizeResult[] = [];
for (const events of sizes) results.push(await benchmarkSize(events));

const date = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
mkdirSync(resultsDir, { recursive: true });
const summary = markdown(results, machine, date);
writeFileSync(join(resultsDir, `polling-${date}.json`), `${JSON.stringify({ date, machine, connections, durationS, warmupS, results, verdicts: verdicts(results) }, null, 2)}\n`);
writeFileSync(join(resultsDir, `polling-${date}.md`), summary);
console.log(summary);
