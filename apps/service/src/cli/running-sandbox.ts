/**
 * A sandbox running on a PGlite data directory, as the other commands find it. PGlite serves one
 * process, so `serve --sandbox` holds the directory and says where it listens in `sandbox.json`
 * there (removed when it stops; a file whose process no longer holds the directory is ignored).
 * A command that needs the directory then runs in the sandbox instead (`POST
 * /internal/sandbox/commands`, with the Operator token the sandbox keeps) and prints what it
 * printed there; the sandbox runs it as in-sandbox.ts says. The sandbox runs only what reaches its
 * own database: no command that goes through a service by URL itself, serves or runs until
 * interrupted, and no option naming another database, service or token (`sandboxRefusal`); the
 * command line sends it nothing it refuses.
 */
import { resolve } from 'node:path';
import { propertyConstraints, type components } from '@street-events/types/operator';
import { ValidationError, type Rule } from '../shared/errors.js';
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
  chaos: 'it goes through a running service itself',
};

/** The commands that never run through a sandbox, by name. */
export const commandsNotThroughSandbox: readonly string[] = Object.keys(notThroughSandbox);

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

/** A word the sandbox takes: not an option naming another database, service or token (the operator document's pattern of `argv`'s items). */
const takenWord = new RegExp(propertyConstraints.InternalSandboxCommand.argv.items.pattern, 'u');

/** Why the sandbox refuses a command line: the word to blame (its index; the whole line without one), the rule it breaks and why. */
export interface SandboxRefusal {
  index?: number;
  rule: Rule;
  why: string;
}

/**
 * Why the sandbox does not run the command line `argv`, or undefined when it does: a word that is an
 * option naming another database, service or token (anywhere), or a command (its first word that is
 * not an option) that does not run through a sandbox.
 */
export function sandboxRefusal(argv: readonly string[]): SandboxRefusal | undefined {
  const option = argv.findIndex((word) => !takenWord.test(word));
  if (option >= 0) {
    const why = `${argv[option]!.split('=')[0]} does not run through the sandbox: it runs a command on its own database, as its own Operator, reaching no other`;
    return { index: option, rule: 'pattern', why };
  }
  const command = argv.findIndex((word) => !word.startsWith('-'));
  const why = command < 0 ? undefined : whyNotThroughSandbox(argv[command]!);
  if (why === undefined) return undefined;
  return { index: command, rule: 'enum', why: `"${argv[command]}" does not run through the sandbox: ${why}` };
}

/** A command line the sandbox refuses to run: `400` naming the word of `argv` to blame. */
export class RefusedInSandbox extends ValidationError {
  constructor(refusal: SandboxRefusal) {
    super(refusal.why, refusal.index === undefined ? 'argv' : `argv[${refusal.index}]`, { rule: refusal.rule });
  }
}

/**
 * Runs the command line `argv` in the sandbox, prints what it printed there, and resolves to its
 * exit code. What the sandbox refuses is not sent: it throws, naming the sandbox, since the
 * directory the sandbox holds cannot be opened here either.
 */
export async function runThroughSandbox(sandbox: RunningSandbox, argv: readonly string[]): Promise<number> {
  const sent = withoutDatabaseOptions(argv);
  const refused = sandboxRefusal(sent);
  if (refused !== undefined) {
    throw new Error(
      `the sandbox at ${sandbox.service} (process ${sandbox.pid}) holds this PGlite data directory, and ${refused.why}; stop the sandbox first`,
    );
  }
  const { readSandboxTokens } = await import('../sandbox/seed/tokens-file.js');
  const operator = readSandboxTokens(sandbox.tokens_file).find((user) => user.role === 'Operator');
  if (operator === undefined) {
    throw new Error(
      `the sandbox at ${sandbox.service} (process ${sandbox.pid}) holds this PGlite data directory, and ${sandbox.tokens_file} holds no Operator token to run the command in it: restart the sandbox`,
    );
  }
  const api = new OperatorApi(sandbox.service, operator.token);
  const result = await api.expect<CommandResult>('POST', '/sandbox/commands', { argv: sent });
  writeOut(result.stdout);
  writeErr(result.stderr);
  return result.exit_code;
}
