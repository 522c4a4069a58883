/**
 * The delivery benchmark: the service as deployed (`node dist/cli/main.js serve`, its worker in
 * its own process) on PostgreSQL, receivers on loopback in another process, events written
 * through the event source by this process. Two measurements:
 *
 * 1. Latency: `BENCH_RATE` events a second (100) for `BENCH_SECONDS` (30) over 50 confirmed
 *    subscriptions (25 promoters and 25 highway authorities; every event regards a promoter
 *    and an authority, so it goes to two of them). From the writer's commit (the write's
 *    promise resolving) to the receiver reading the request: p50, p90, p99, max.
 * 2. Throughput: with the service stopped, a backlog of `BENCH_BACKLOG` (20,000) due
 *    deliveries is recorded; the service is started and drains it: deliveries a second.
 *
 * The service's resident memory and CPU are sampled from /proc throughout. A database is
 * created for the run and dropped after it (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`,
 * else postgres://postgres@127.0.0.1:5432/postgres names the server). Figures are printed and
 * written to bench/results/delivery-<time>.json and .md. `BENCH_KEEP_DATABASE=1` keeps the
 * database afterwards, for inspection.
 *
 * Run: pnpm --filter @street-events/service bench:delivery
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createOrganisation, type Organisation } from '../src/directory/organisations.js';
import { createUser } from '../src/directory/users.js';
import { authenticate, issueToken } from '../src/directory/tokens.js';
import { openDatabase, queryRows, type Database } from '../src/db/database.js';
import { deliveries, subscriptions } from '../src/db/schema.js';
import { createEndpointPolicy } from '../src/deliveries/attempts/endpoint-policy.js';
import { transitionPermit } from '../src/events/permits.js';
import { confirmSubscription } from '../src/features/notifications/confirmation.js';
import { subscribe } from '../src/features/notifications/subscribe.js';
import { seededRandom } from '../src/sandbox/simulation/random.js';
import { work } from '../test/support/fixtures.js';
import { assertBuilt, startServiceProcess, type ServiceProcess } from '../test/support/service-process.js';

const settings = {
  organisations: 50,
  eventsPerSecond: Number(process.env.BENCH_RATE ?? 100),
  seconds: Number(process.env.BENCH_SECONDS ?? 30),
  backlog: Number(process.env.BENCH_BACKLOG ?? 20_000),
  receiverPorts: Number(process.env.BENCH_RECEIVERS ?? 2),
  workerConcurrency: Number(process.env.WORKER_CONCURRENCY ?? 64),
};
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Waits for `done()` up to `timeoutMs`; false when the time ran out. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** The receivers' process: arrivals of notifications by tag, and confirmations counted. */
class Receivers {
  readonly arrivals: [string, number][] = [];
  confirmations = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly urls: string[],
  ) {
    child.on('message', (message: { received?: [string, number][]; confirmations?: number }) => {
      if (message.received) this.arrivals.push(...message.received);
      this.confirmations += message.confirmations ?? 0;
    });
  }
  static async start(count: number): Promise<Receivers> {
    const child = fork(fileURLToPath(new URL('receiver.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_RECEIVER_PORTS: Array<string>(count).fill('0').join(',') },
    });
    const ports = await new Promise<number[]>((resolve) =>
      child.once('message', (message: { ports: number[] }) => resolve(message.ports)),
    );
    return new Receivers(
      child,
      ports.map((port) => `http://127.0.0.1:${port}/hook`),
    );
  }
  stop(): void {
    this.child.disconnect();
  }
}

/** Samples a process's resident memory and CPU time from /proc. */
class ProcessSampler {
  private peakRssKb = 0;
  private rssTotalKb = 0;
  private samples = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly cpuStart: number;
  private readonly startedAt = now();
  constructor(private readonly pid: number) {
    this.cpuStart = this.cpuSeconds();
    this.timer = setInterval(() => this.sample(), 200);
    this.sample();
  }
  private sample(): void {
    try {
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'))?.[1] ?? 0);
      this.peakRssKb = Math.max(this.peakRssKb, rss);
      this.rssTotalKb += rss;
      this.samples += 1;
    } catch {
      // the process has gone
    }
  }
  private cpuSeconds(): number {
    try {
      const fields = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
    } catch {
      return 0;
    }
  }
  stop() {
    this.sample();
    clearInterval(this.timer);
    const wallSeconds = (now() - this.startedAt) / 1000;
    return {
      rssPeakMb: round(this.peakRssKb / 1024),
      rssMeanMb: round(this.rssTotalKb / Math.max(1, this.samples) / 1024),
      cpuPercentOfOneCore: round(((this.cpuSeconds() - this.cpuStart) / wallSeconds) * 100),
    };
  }
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** 25 promoters and 25 highway authorities, each with a confirmed subscription to a receiver. */
async function subscribers(
  db: Database,
  urls: readonly string[],
): Promise<{ promoters: Organisation[]; authorities: Organisation[] }> {
  const policy = createEndpointPolicy(['127.0.0.0/8']);
  const promoters: Organisation[] = [];
  const authorities: Organisation[] = [];
  for (let index = 0; index < settings.organisations; index += 1) {
    const isPromoter = index % 2 === 0;
    const organisation = await createOrganisation(db, {
      kind: isPromoter ? 'promoter' : 'highway_authority',
      name: `Bench ${isPromoter ? 'Promoter' : 'Authority'} ${index}`,
      swaCode: `${isPromoter ? 'P' : 'H'}${index}`,
    });
    (isPromoter ? promoters : authorities).push(organisation);
    const user = await createUser(db, {
      username: `bench-${index}`,
      role: isPromoter ? 'Planner' : 'HighwayAuthority',
      organisation: organisation.name,
    });
    const caller = await authenticate(db, (await issueToken(db, user.username)).token);
    const { subscription_reference_number: reference } = await subscribe(
      db,
      caller!,
      { api_endpoint: urls[index % urls.length]! },
      {
        policy,
        publicBaseUrl: () => 'http://127.0.0.1:1/v7',
      },
    );
    const [confirmation] = await db
      .select({ body: deliveries.body })
      .from(deliveries)
      .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
      .where(and(eq(subscriptions.reference, reference), eq(deliveries.kind, 'confirmation')));
    await confirmSubscription(db, (JSON.parse(confirmation!.body!) as { Token: string }).Token);
  }
  return { promoters, authorities };
}

/**
 * Writes events through the event source: new works (permit_submitted), and the next step of
 * works already submitted (granted, started, stopped), one event per operation, each tagged
 * with its internal_user_identifier.
 */
function eventWriter(db: Database, promoters: readonly Organisation[], authorities: readonly Organisation[]) {
  const steps = ['permit_granted', 'work_start_logged', 'work_stop_logged'] as const;
  const ready: { permitReferenceNumber: string; step: number }[] = [];
  let works = 0;
  const random = seededRandom(42);
  return {
    /** Records one event tagged `tag`; resolves once it has committed. */
    async write(tag: string): Promise<void> {
      const actor = { username: 'bench', internalUserIdentifier: tag };
      const next =
        ready.length > 0 && random.next() < 0.7 ? ready.splice(random.integer(0, ready.length - 1), 1)[0]! : undefined;
      if (next) {
        await transitionPermit(
          db,
          { permitReferenceNumber: next.permitReferenceNumber, eventType: steps[next.step]! },
          { actor },
        );
        if (next.step + 1 < steps.length) ready.push({ ...next, step: next.step + 1 });
        return;
      }
      const owner = promoters[++works % promoters.length]!;
      const authority = random.pick(authorities);
      const { permitReferenceNumber } = await work(db, owner, authority, { actor });
      ready.push({ permitReferenceNumber, step: 0 });
    },
  };
}

async function pendingNotifications(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from deliveries where kind = 'notification' and status = 'pending'`,
  );
  return Number(row?.n ?? 0);
}

/** Deliveries due for the events tagged with `prefix`: each regards a promoter and an authority, both subscribed. */
async function deliveriesDue(db: Database, prefix: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int * 2 as n from audit_events where internal_user_identifier like ${`${prefix}%`}`,
  );
  return Number(row?.n ?? 0);
}

/** The subscribed organisations events are written for. */
type Subscribed = Awaited<ReturnType<typeof subscribers>>;

/** 1. Latency at a steady rate: from each event's commit to its arrival at the receivers. */
async function measureLatency(
  db: Database,
  receivers: Receivers,
  running: { service?: ServiceProcess },
  subscribed: Subscribed,
) {
  console.error(
    `latency: ${settings.eventsPerSecond} events/s for ${settings.seconds} s over ${settings.organisations} subscriptions…`,
  );
  const writer = eventWriter(db, subscribed.promoters, subscribed.authorities);
  const committedAt = new Map<string, number>();
  let issued = 0;
  let failed = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const sampler = new ProcessSampler(running.service!.child.pid!);
  const startedAt = now();
  const endAt = startedAt + settings.seconds * 1000;
  const writes: Promise<void>[] = [];
  while (now() < endAt) {
    await sleep(startedAt + (issued * 1000) / settings.eventsPerSecond - now());
    const tag = `lat-${++issued}`;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    writes.push(
      writer
        .write(tag)
        .then(() => void committedAt.set(tag, now()))
        .catch(() => void (failed += 1))
        .finally(() => void (inFlight -= 1)),
    );
  }
  await Promise.all(writes);
  const writeSeconds = (now() - startedAt) / 1000;
  const expectedDeliveries = await deliveriesDue(db, 'lat-');
  const allArrived = await until(() => receivers.arrivals.length >= expectedDeliveries, 60_000);
  const latencyService = sampler.stop();
  const latencies = receivers.arrivals
    .filter(([tag]) => committedAt.has(tag))
    .map(([tag, at]) => at - committedAt.get(tag)!)
    .sort((a, b) => a - b);
  const latency = {
    eventsWritten: committedAt.size,
    writeFailures: failed,
    eventsPerSecond: round(committedAt.size / writeSeconds),
    writesInFlightMax: maxInFlight,
    deliveriesExpected: expectedDeliveries,
    deliveriesReceived: receivers.arrivals.length,
    allArrived,
    p50Ms: round(percentile(latencies, 50)),
    p90Ms: round(percentile(latencies, 90)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    service: latencyService,
  };
  console.error(JSON.stringify(latency));
  return latency;
}

/** 2. Throughput: a backlog recorded while the service is stopped, then drained. */
async function measureThroughput(
  db: Database,
  receivers: Receivers,
  running: { service?: ServiceProcess },
  subscribed: Subscribed,
  startService: () => Promise<ServiceProcess>,
) {
  expect0(await running.service!.stop(), 'the service did not stop cleanly');
  running.service = undefined;
  console.error(`throughput: recording a backlog of ${settings.backlog} deliveries…`);
  const backlogWriter = eventWriter(db, subscribed.promoters, subscribed.authorities);
  const backlogStart = now();
  let tags = 0;
  const eventsNeeded = Math.ceil(settings.backlog / 2); // every event goes to two subscriptions
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (tags < eventsNeeded) await backlogWriter.write(`backlog-${++tags}`);
    }),
  );
  const backlogWriteSeconds = (now() - backlogStart) / 1000;
  const backlog = await pendingNotifications(db);
  receivers.arrivals.length = 0;
  const drainStart = now();
  running.service = await startService();
  const drainSampler = new ProcessSampler(running.service.child.pid!);
  const listeningAt = now();
  const drained = await until(() => receivers.arrivals.length >= backlog, 300_000);
  const drainService = drainSampler.stop();
  const times = receivers.arrivals.map(([, at]) => at).sort((a, b) => a - b);
  const firstToLast = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  const fromListening = ((times.at(-1) ?? 0) - listeningAt) / 1000;
  await sleep(1000); // the outcomes of the last attempts are recorded
  const throughput = {
    backlog,
    backlogRecordedInSeconds: round(backlogWriteSeconds),
    drained,
    deliveriesReceived: receivers.arrivals.length,
    stillPendingAfterwards: await pendingNotifications(db),
    serviceStartSeconds: round((listeningAt - drainStart) / 1000, 2),
    drainSecondsFromListening: round(fromListening, 2),
    deliveriesPerSecond: Math.round(receivers.arrivals.length / fromListening),
    deliveriesPerSecondFirstToLast: Math.round(receivers.arrivals.length / firstToLast),
    service: drainService,
  };
  console.error(JSON.stringify(throughput));
  expect0(await running.service.stop(), 'the service did not stop cleanly');
  running.service = undefined;
  return throughput;
}

async function main(): Promise<void> {
  assertBuilt();
  const name = `street_events_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 16 });
  const receivers = await Receivers.start(settings.receiverPorts);
  const running: { service?: ServiceProcess } = {};
  const startService = () =>
    startServiceProcess(['--database-url', url.toString()], { WEBHOOK_ALLOW: '127.0.0.0/8', LOG_LEVEL: 'info' });
  try {
    const db = handle.db;
    await handle.migrate();
    const [{ version = '' } = {}] = await queryRows<{ version: string }>(db, sql`select version()`);
    const loadBefore = os.loadavg();
    const { promoters, authorities } = await subscribers(db, receivers.urls);
    running.service = await startService();
    await until(() => receivers.confirmations >= settings.organisations, 60_000);

    const latency = await measureLatency(db, receivers, running, { promoters, authorities });
    const throughput = await measureThroughput(db, receivers, running, { promoters, authorities }, startService);

    const result = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '',
        memoryGb: round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: version.split(',')[0],
        loadAverageBefore: loadBefore.map((value) => round(value, 2)),
        loadAverageAfter: os.loadavg().map((value) => round(value, 2)),
      },
      settings,
      latency,
      throughput,
    };
    write(result);
  } finally {
    await running.service?.kill();
    receivers.stop();
    await handle.close();
    if (process.env.BENCH_KEEP_DATABASE) console.error(`database kept: ${url.toString()}`);
    else await onServer(`drop database if exists "${name}" with (force)`);
  }
}

function expect0(code: number | string, message: string): void {
  if (code !== 0) throw new Error(`${message} (${code})`);
}

/** The machine a run measured on. */
interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  postgres: string | undefined;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
}

function write(result: {
  date: string;
  machine: Machine;
  settings: typeof settings;
  latency: Record<string, unknown> & { service: Record<string, number> };
  throughput: Record<string, unknown> & { service: Record<string, number> };
}): void {
  const directory = fileURLToPath(new URL('results/', import.meta.url));
  mkdirSync(directory, { recursive: true });
  const stamp = result.date.slice(0, 16).replace(':', '');
  const { latency: l, throughput: t, machine: m } = result;
  const markdown = `# Delivery benchmark, ${result.date}

${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.postgres}; load average before ${String(m.loadAverageBefore)}, after ${String(m.loadAverageAfter)}.
The service ran as \`node dist/cli/main.js serve\` (worker concurrency ${result.settings.workerConcurrency}), receivers in another process on ${result.settings.receiverPorts} loopback ports.

| measurement | figure |
|---|---|
| events written (rate asked: ${result.settings.eventsPerSecond}/s for ${result.settings.seconds} s) | ${String(l.eventsWritten)} (${String(l.eventsPerSecond)}/s) |
| notifications delivered / expected | ${String(l.deliveriesReceived)} / ${String(l.deliveriesExpected)} |
| latency commit → received, p50 | ${String(l.p50Ms)} ms |
| latency p90 | ${String(l.p90Ms)} ms |
| latency p99 | ${String(l.p99Ms)} ms |
| latency max | ${String(l.maxMs)} ms |
| service RSS at 100 events/s, peak (mean) | ${l.service.rssPeakMb} MB (${l.service.rssMeanMb} MB) |
| service CPU at 100 events/s | ${l.service.cpuPercentOfOneCore} % of one core |
| backlog drained | ${String(t.deliveriesReceived)} of ${String(t.backlog)} in ${String(t.drainSecondsFromListening)} s |
| deliveries per second (from listening / first to last) | ${String(t.deliveriesPerSecond)} / ${String(t.deliveriesPerSecondFirstToLast)} |
| service RSS while draining, peak (mean) | ${t.service.rssPeakMb} MB (${t.service.rssMeanMb} MB) |
| service CPU while draining | ${t.service.cpuPercentOfOneCore} % of one core |
`;
  writeFileSync(`${directory}delivery-${stamp}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${directory}delivery-${stamp}.md`, markdown);
  console.log(markdown);
  console.log(`written to bench/results/delivery-${stamp}.json and .md`);
}

await main();
