/**
 * A command of `street-events` run in the sandbox for another process (`POST
 * /internal/sandbox/commands`, see running-sandbox.ts): parsed and run as in a terminal, on the
 * sandbox's database, its output kept for that call alone (output.ts). A failure is the command
 * line's one line on stderr and exit code 1; a usage error or the help, commander's output and
 * exit code. A command line the sandbox does not run (running-sandbox.ts `sandboxRefusal`: an
 * option naming another database, service or token; a command that serves, runs until
 * interrupted or goes through a service by URL itself) is refused before it is parsed, by throwing
 * `RefusedInSandbox` (`400` naming the word of `argv`); so is, once parsed, any command that takes
 * `--service`, in case the words did not tell.
 */
import { CommanderError, type Command } from 'commander';
import type { components } from '@street-events/types/operator';
import type { DatabaseConfig, DatabaseHandle } from '../db/database.js';
import { withSandboxRun, type SandboxRun } from './output.js';
import { RefusedInSandbox, sandboxRefusal, whyNotThroughSandbox } from './running-sandbox.js';
import { printFailure } from './support.js';

type CommandResult = components['schemas']['InternalSandboxCommandResult'];

/** The sandbox's database, on which its commands run. */
export interface SandboxDatabase {
  handle: DatabaseHandle;
  database: DatabaseConfig;
}

/** Throws before a command that does not run in the sandbox (by its first word, or because it takes `--service`) would start. */
function refuseHere(_program: Command, action: Command): void {
  let command = action;
  while (command.parent?.parent) command = command.parent;
  const reachesService = action.options.some((option) => option.long === '--service');
  const why = whyNotThroughSandbox(command.name()) ?? (reachesService ? 'it goes through a service itself' : undefined);
  if (why !== undefined)
    throw new RefusedInSandbox({ rule: 'enum', why: `"${command.name()}" does not run through the sandbox: ${why}` });
}

/** Runs the command line `argv` (a program `build` makes) on the sandbox's database, and answers what it printed and its exit code; throws `RefusedInSandbox` for what the sandbox does not run. */
export async function runInSandbox(
  build: () => Command,
  argv: string[],
  sandbox: SandboxDatabase,
): Promise<CommandResult> {
  const refused = sandboxRefusal(argv);
  if (refused !== undefined) throw new RefusedInSandbox(refused);
  const run: SandboxRun = { ...sandbox, stdout: [], stderr: [] };
  const exitCode = await withSandboxRun(run, async () => {
    try {
      await build().hook('preAction', refuseHere).parseAsync(argv, { from: 'user' });
      return 0;
    } catch (error) {
      if (error instanceof RefusedInSandbox) throw error;
      if (error instanceof CommanderError) return error.exitCode;
      printFailure(error);
      return 1;
    }
  });
  return { exit_code: exitCode, stdout: run.stdout.join(''), stderr: run.stderr.join('') };
}
