/**
 * The service as it is deployed: `node dist/cli/main.js serve` in a process of its own, so that it
 * can be killed, restarted and measured. The build must be current (`pnpm build`; the test
 * task depends on it): a `dist/` older than `src/` is refused rather than tested.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serviceDirectory = fileURLToPath(new URL('../..', import.meta.url));

/** Throws unless every `src/**\/*.ts` has its `dist/**\/*.js`, built after it. */
export function assertBuilt(): void {
  const source = join(serviceDirectory, 'src');
  const stale: string[] = [];
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const built = join(serviceDirectory, 'dist', relative(source, file).replace(/\.ts$/, '.js'));
    let builtAt = 0;
    try {
      builtAt = statSync(built).mtimeMs;
    } catch {
      // missing: stale
    }
    if (builtAt < statSync(file).mtimeMs) stale.push(relative(serviceDirectory, file));
  }
  if (stale.length > 0) {
    throw new Error(`dist/ is older than ${stale.join(', ')}: run "pnpm --filter @street-events/service build" first`);
  }
}

export interface ServiceProcess {
  readonly child: ChildProcess;
  /** The interface's base URL, e.g. http://127.0.0.1:41234/v7. */
  readonly baseUrl: string;
  /** Everything printed so far (JSON log lines), stdout and stderr together. */
  output(): string;
  /** Resolves when the process has exited: its exit code, or its signal. */
  readonly exited: Promise<number | NodeJS.Signals>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | NodeJS.Signals>;
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<number | NodeJS.Signals>;
}

/**
 * Starts `node dist/cli/main.js <args> serve <serveArgs>` on a free loopback port with `env` added
 * to this process's environment, and waits until it listens (up to `timeoutMs`).
 */
export async function startServiceProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  serveArgs: string[] = [],
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args, 'serve', ...serveArgs], {
    cwd: serviceDirectory,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PGLITE_DATA_DIR: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL')),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const check = () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) return resolve(`${listening[1]}/v7/event`);
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        return reject(new Error(`the service did not start:\n${output}`));
      }
      setTimeout(check, 50);
    };
    check();
  });
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return { child, baseUrl, output: () => output, exited, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}
