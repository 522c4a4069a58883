/**
 * Real processes for the end-to-end tests: the service's command line (`street-events`) on a
 * fresh PostgreSQL database, its `simulate` command for activity, and this app's own command.
 * Each speaks on loopback; output is kept for the failure message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import {
  collectPermits,
  createEventsClient,
  pollUpdates,
  type PermitSummaryResponse,
  type WorkUpdateSummary,
} from '@street-events/client';

const serviceCli = fileURLToPath(new URL('../../../service/dist/cli/main.js', import.meta.url));
const appMain = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A free loopback port (taken and released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class Process {
  readonly output: string[] = [];
  private readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 400) this.output.splice(0, this.output.length - 400);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ? null : code)));
  }

  get text(): string {
    return this.output.join('');
  }

  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.text.match(pattern);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.name}: no ${pattern} within ${timeoutMs} ms. Output:\n${this.text.slice(-4000)}`));
      }, timeoutMs);
      const onExit = () => {
        done();
        reject(new Error(`${this.name} exited before printing ${pattern}. Output:\n${this.text.slice(-4000)}`));
      };
      const done = () => {
        clearTimeout(timer);
        this.child.stdout?.off('data', check);
        this.child.stderr?.off('data', check);
        this.child.off('exit', onExit);
      };
      this.child.stdout?.on('data', check);
      this.child.stderr?.on('data', check);
      this.child.once('exit', onExit);
      check();
    });
  }

  /** Sends `signal` and waits for the exit; the exit code, or null when ended by the signal. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

function start(name: string, args: string[], env: Record<string, string>): Process {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Process(name, child);
}

/** Seeds the sandbox; the token of the Planner of Northern Water (7001). */
export async function seedSandbox(databaseUrl: string, events: number): Promise<string> {
  const run = start(
    'street-events seed',
    [serviceCli, '--database-url', databaseUrl, 'seed', '--events', String(events), '--json'],
    {},
  );
  let stdout = '';
  run.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => run.child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed exited with ${code}:\n${run.text}`);
  const summary = JSON.parse(stdout) as { users: { username: string; token: string }[] };
  return summary.users.find((user) => user.username === 'nw.planner')!.token;
}

export interface ServiceProcess extends Process {
  baseUrl: string;
}

/**
 * The service on `port`, once it serves: by default `serve --sandbox`, which also allows
 * webhook endpoints on loopback.
 */
export function startService(
  databaseUrl: string,
  port: number,
  command: string[] = ['serve', '--sandbox'],
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  return startServiceOn(['--database-url', databaseUrl], port, command, env);
}

/** The same on the database the global options name: `--database-url <url>`, or `--data-dir <dir>` (PGlite). */
export async function startServiceOn(
  database: string[],
  port: number,
  command: string[],
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const service = start('service', [serviceCli, ...database, ...command], {
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // Plain HTTP: the tests give the app this http base URL, on which the confirmation links must be.
    HTTPS_PORT: 'off',
    ...env,
  });
  await eventually('the service answers /health', async () =>
    (await fetch(`http://127.0.0.1:${port}/health`)).ok ? true : undefined,
  );
  return Object.assign(service, { baseUrl: `http://127.0.0.1:${port}/v7/event` });
}

/**
 * `street-events simulate`: activity through the event source until stopped (SIGINT). Not
 * `--quiet`: with it the command records nothing (it skips the activity along with its line).
 */
export function startSimulation(databaseUrl: string, rate: number): Process {
  return start('simulate', [serviceCli, '--database-url', databaseUrl, 'simulate', '--rate', String(rate)], {});
}

export interface AppProcess extends Process {
  url: string;
}

/** This app, as its README starts it, once it serves its page. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const app = start('works-watch', [appMain], env);
  const [, url] = await app.waitFor(/page at (\S+),/);
  return Object.assign(app, { url: url! });
}

/** What the service holds for the caller: every update (a full poll) and the permits of every work in it. */
export async function servicePicture(
  baseUrl: string,
  token: string,
): Promise<{ updates: WorkUpdateSummary[]; permits: PermitSummaryResponse[] }> {
  const client = createEventsClient({ baseUrl, token });
  const updates: WorkUpdateSummary[] = [];
  for await (const page of pollUpdates(client, { filters: { page_size: 250 } })) updates.push(...page.rows);
  const permits = await collectPermits(client, {
    workReferenceNumbers: updates.map((row) => row.work_reference_number),
  });
  return { updates, permits: byPermitReference(permits) };
}

export const byPermitReference = (permits: PermitSummaryResponse[]): PermitSummaryResponse[] =>
  [...permits].sort((a, b) => (a.permit_reference_number < b.permit_reference_number ? -1 : 1));

/** Waits (vitest's `vi.waitFor`, every 250 ms) until `probe` answers a value other than undefined; the failure names `what`. */
export function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`${what}: not within ${timeoutMs} ms`);
      return value;
    },
    { timeout: timeoutMs, interval: 250 },
  );
}
