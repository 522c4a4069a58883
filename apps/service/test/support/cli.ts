/**
 * The `street-events` command line as a user runs it: `src/cli/main.ts` in a process of its own
 * (through tsx; or, `built`, `dist/cli/main.js` as shipped), from the service's directory, with no
 * database, data directory, service or token from this process's environment unless given.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serviceDirectory = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, { built = false } = {}): Promise<CliRun> {
  const entry = built ? ['dist/cli/main.js'] : ['--import', 'tsx', 'src/cli/main.ts'];
  const cleared = { DATABASE_URL: '', PGLITE_DATA_DIR: '', STREET_EVENTS_URL: '', STREET_EVENTS_TOKEN: '' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      { cwd: serviceDirectory, env: { ...process.env, ...cleared, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
