/**
 * The `street-events` command line as a user runs it: `dist/cli/main.js` as shipped, in a process
 * of its own, from the service's directory, with no database, data directory, service or token
 * from this process's environment unless given. The build must be current (`assertBuilt`): the
 * test task builds first, and a `dist/` older than `src/` is refused rather than tested. (Through
 * tsx instead, each command would take 2 to 3 times the CPU to start.)
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { assertBuilt, serviceDirectory } from './service-process.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

const cleared = { DATABASE_URL: '', PGLITE_DATA_DIR: '', STREET_EVENTS_URL: '', STREET_EVENTS_TOKEN: '' };

let checked = false;

/** The command's process arguments, once the build is known to be current. */
function commandLine(args: readonly string[]): string[] {
  if (!checked) assertBuilt();
  checked = true;
  return [join(serviceDirectory, 'dist/cli/main.js'), ...args];
}

/** Runs a command to its end (from `cwd`, the service's directory unless given). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, { cwd = serviceDirectory } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      commandLine(args),
      { cwd, env: { ...process.env, ...cleared, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A long-running command: what it printed so far, and its exit code once it ends. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Both, in the order they came. */
  output(): string;
  exited: Promise<number>;
}

/** Starts a long-running command (`serve`, `listen`, `worker`). */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): RunningCli {
  const child = spawn(process.execPath, commandLine(args), {
    cwd: serviceDirectory,
    env: { ...process.env, ...cleared, ...env },
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (output += chunk.toString())));
  child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), (output += chunk.toString())));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, stdout: () => stdout, stderr: () => stderr, output: () => output, exited };
}
