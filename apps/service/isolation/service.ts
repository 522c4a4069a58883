/**
 * The service of an isolation run, as it is deployed: a fresh database (PGlite in a temporary
 * directory, or a database created on the PostgreSQL server and dropped after), seeded with the
 * sandbox's organisations and history by `street-events seed`, then `street-events serve` in a
 * process of its own under the documented heap limit (the `start` script's
 * `--max-old-space-size`), whose resident memory is read from /proc.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SandboxSummary } from '../src/sandbox/seed/sandbox.js';
import { createServerDatabase } from '../test/support/databases.js';
import { serviceDirectory, startServiceProcess, type ServiceProcess } from '../test/support/service-process.js';

export type Backend = 'pglite' | 'postgres';

/** The heap limit the service is documented to run with: the `start` script's `--max-old-space-size`. */
export const documentedHeapLimit = (() => {
  const manifest = JSON.parse(readFileSync(join(serviceDirectory, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flag = /--max-old-space-size=\d+/.exec(manifest.scripts.start ?? '');
  if (!flag) throw new Error("the service's start script names no --max-old-space-size");
  return flag[0];
})();

/** The heap limit in MB. */
export const heapLimitMb = Number(documentedHeapLimit.split('=')[1]);

/** A database of the backend, and the `street-events` arguments that name it. */
export interface RunDatabase {
  backend: Backend;
  args: string[];
  remove(): Promise<void>;
}

export async function createRunDatabase(backend: Backend): Promise<RunDatabase> {
  if (backend === 'pglite') {
    const directory = mkdtempSync(join(tmpdir(), 'street-events-isolation-'));
    return {
      backend,
      args: ['--data-dir', directory],
      remove: () => rm(directory, { recursive: true, force: true }),
    };
  }
  const server = await createServerDatabase();
  return { backend, args: ['--database-url', server.url], remove: server.drop };
}

/** `street-events seed --events N --json` on the database: the sandbox's organisations, users and tokens. */
export async function seed(database: RunDatabase, events: number): Promise<SandboxSummary> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['dist/cli/main.js', ...database.args, 'seed', '--events', String(events), '--json'],
    { cwd: serviceDirectory, env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: '' }, maxBuffer: 16 << 20 },
  );
  return JSON.parse(stdout) as SandboxSummary;
}

/** Replays an organisation may make in an hour here: few, so that a short run's loop reaches the bound. */
export const replayBound = 5;

/**
 * `serve` on the database under the documented heap limit, with `env` added (webhook endpoints on
 * loopback allowed). The limit on subscription changes and the rate limit are lifted, so that the
 * hostile tenant's churn reaches the delivery worker and its flood the read path, whose fairness
 * is what they measure (the limits have tests of their own; one run sets a rate limit).
 */
export function serve(database: RunDatabase, env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  return startServiceProcess(database.args, {
    NODE_OPTIONS: documentedHeapLimit,
    WEBHOOK_ALLOW: '127.0.0.0/8',
    SUBSCRIPTION_CHANGES_MAX: '1000000',
    RATE_LIMIT_MAX: '0',
    REPLAYS_PER_ORGANISATION: String(replayBound),
    ...env,
  });
}

/** The process's resident memory now and at its peak (VmRSS, VmHWM), in MB. */
export function memoryOf(service: ServiceProcess): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${service.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Whether the process still runs. */
export const isAlive = (service: ServiceProcess): boolean =>
  service.child.exitCode === null && service.child.signalCode === null;
