/**
 * A sandbox running on a PGlite data directory, as the other commands find it. PGlite serves one
 * process, so `serve --sandbox` holds the directory and says where it listens in `sandbox.json`
 * there (removed when it stops; a file whose process no longer holds the directory is ignored).
 * A command that needs the directory then runs in the sandbox instead (`POST
 * /internal/sandbox/commands`, with the Operator token the sandbox keeps) and prints what it
 * printed there; the sandbox runs it as in-sandbox.ts says.
 */
import { resolve } from 'node:path';
import type { components } from '@street-events/types/operator';
import { readSandboxTokens } from '../sandbox/seed/sandbox-tokens.js';
import { OperatorApi } from './operator-api.js';
import { writeErr, writeOut } from './output.js';
import { runningSandbox, type RunningSandbox } from './sandbox-file.js';

type CommandResult = components['schemas']['InternalSandboxCommandResult'];

/** The commands that never run through a sandbox, and why. */
const notThroughSandbox: Record<string, string> = {
  serve: 'the sandbox serves it already',
  worker: 'the sandbox delivers notifications itself',
  simulate: 'it runs until interrupted ("serve --sandbox --simulate <rate>" simulates in the sandbox)',
  listen: 'it goes through a running service itself',
  trigger: 'it goes through a running service itself',
  clock: 'it goes through a running service itself',
  scenario: 'it goes through a running service itself',
  'verify-receiver': 'it goes through a running service itself',
};

/** Why the command (named as typed, e.g. `simulate`) does not run through a sandbox; undefined when it does. */
export const whyNotThroughSandbox = (command: string): string | undefined =>
  Object.hasOwn(notThroughSandbox, command) ? notThroughSandbox[command] : undefined;

/** Throws when a sandbox runs on `dataDir`: `command` would need the directory, and does not run through it. */
export function refuseBesideSandbox(command: string, dataDir: string): void {
  const sandbox = runningSandbox(dataDir);
  if (sandbox === undefined) return;
  throw new Error(
    `the sandbox at ${sandbox.service} (process ${sandbox.pid}) holds the PGlite data directory ${resolve(dataDir)}, and "${command}" does not run through it: ${whyNotThroughSandbox(command) ?? 'it needs the directory'}; stop the sandbox first`,
  );
}

/** The global options that name the database; the sandbox uses its own. */
const databaseOptions = ['--data-dir', '--database-url'];

/** The command line without its global options that name the database (each `--option value` or `--option=value`). */
export function withoutDatabaseOptions(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (word === '--') return [...kept, ...argv.slice(index)];
    if (databaseOptions.includes(word)) index += 1;
    else if (!databaseOptions.some((option) => word.startsWith(`${option}=`))) kept.push(word);
  }
  return kept;
}

/** Runs the command line `argv` in the sandbox, prints what it printed there, and resolves to its exit code. */
export async function runThroughSandbox(sandbox: RunningSandbox, argv: readonly string[]): Promise<number> {
  const operator = readSandboxTokens(sandbox.tokens_file).find((user) => user.role === 'Operator');
  if (operator === undefined) {
    throw new Error(
      `the sandbox at ${sandbox.service} (process ${sandbox.pid}) holds this PGlite data directory, and ${sandbox.tokens_file} holds no Operator token to run the command in it: restart the sandbox`,
    );
  }
  const api = new OperatorApi(sandbox.service, operator.token);
  const result = await api.expect<CommandResult>('POST', '/sandbox/commands', { argv: withoutDatabaseOptions(argv) });
  writeOut(result.stdout);
  writeErr(result.stderr);
  return result.exit_code;
}
