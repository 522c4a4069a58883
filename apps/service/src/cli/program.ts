/**
 * The `street-events` command line: its global options and every command, built anew for each
 * run (main.ts in a terminal, in-sandbox.ts for a command run in the sandbox). It prints through
 * output.ts and never exits the process: a usage error or the help ends the parse with a
 * `CommanderError` carrying the exit code.
 */
import { Command, Option } from 'commander';
import { defaultPgliteDataDir } from '../db/database.js';
import { addChaosCommands } from './chaos.js';
import { addClockCommands } from './clock.js';
import { addDataCommands } from './data.js';
import { addDirectoryCommands } from './directory.js';
import { addListenCommand } from './listen.js';
import { addNotificationCommands } from './notifications.js';
import { sandboxRun, writeErr, writeOut } from './output.js';
import { addScenarioCommands } from './scenario.js';
import { addServeCommand } from './serve.js';
import { addTriggerCommand } from './trigger.js';
import { addVerifyReceiverCommand } from './verify-receiver.js';

/** The width of the help: the terminal's, or commander's default, 80, without one (or in the sandbox). */
const helpWidth = (stream: NodeJS.WriteStream) => (): number =>
  sandboxRun() === undefined && stream.isTTY ? stream.columns : 80;

export function buildProgram(): Command {
  const program = new Command('street-events')
    .description('Administer the street-works event interface service and exercise its sandbox.')
    .addOption(
      new Option('--database-url <url>', 'PostgreSQL connection URL; without it, embedded PGlite').env('DATABASE_URL'),
    )
    .addOption(
      new Option('--data-dir <dir>', 'PGlite data directory').env('PGLITE_DATA_DIR').default(defaultPgliteDataDir),
    )
    .configureOutput({
      writeOut,
      writeErr,
      getOutHelpWidth: helpWidth(process.stdout),
      getErrHelpWidth: helpWidth(process.stderr),
      // A usage error is one line too, pointing at the help rather than printing it.
      outputError: (text, write) => write(`${text.trimEnd()} (--help shows the usage)\n`),
    })
    .exitOverride();

  addDataCommands(program);
  addDirectoryCommands(program);
  addServeCommand(program, buildProgram);
  addNotificationCommands(program);
  addTriggerCommand(program);
  addListenCommand(program);
  addVerifyReceiverCommand(program);
  addClockCommands(program);
  addChaosCommands(program);
  addScenarioCommands(program);
  return program;
}
