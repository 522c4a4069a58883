#!/usr/bin/env node
/**
 * street-events: administration and sandbox commands of the service.
 * The database is PostgreSQL when --database-url (or DATABASE_URL) is given, otherwise
 * embedded PGlite in --data-dir (or PGLITE_DATA_DIR, default the service's own .data/pglite,
 * whatever the working directory). A failure is one line on stderr (see errors.ts).
 */
import { Command, Option } from 'commander';
import { defaultPgliteDataDir } from '../db/database.js';
import { addClockCommands } from './clock.js';
import { addDataCommands } from './data.js';
import { addDirectoryCommands } from './directory.js';
import { describeFailure } from './errors.js';
import { addListenCommand } from './listen.js';
import { addNotificationCommands } from './notifications.js';
import { addServeCommand } from './serve.js';
import { addScenarioCommands } from './scenario.js';
import { configured, type GlobalOptions } from './support.js';
import { addTriggerCommand } from './trigger.js';

const program = new Command('street-events')
  .description('Administer the street-works event interface service and exercise its sandbox.')
  .addOption(
    new Option('--database-url <url>', 'PostgreSQL connection URL; without it, embedded PGlite').env('DATABASE_URL'),
  )
  .addOption(
    new Option('--data-dir <dir>', 'PGlite data directory').env('PGLITE_DATA_DIR').default(defaultPgliteDataDir),
  )
  // A usage error is one line too, pointing at the help rather than printing it.
  .configureOutput({ outputError: (text, write) => write(`${text.trimEnd()} (--help shows the usage)\n`) });

addDataCommands(program);
addDirectoryCommands(program);
addServeCommand(program);
addNotificationCommands(program);
addTriggerCommand(program);
addListenCommand(program);
addClockCommands(program);
addScenarioCommands(program);

try {
  await program.parseAsync();
} catch (error) {
  const { databaseUrl } = program.opts<GlobalOptions>();
  const environment = configured();
  console.error(`error: ${describeFailure(error, { databaseUrl, host: environment?.host, port: environment?.port })}`);
  if (environment?.logLevel === 'debug') console.error(error);
  process.exit(1);
}
