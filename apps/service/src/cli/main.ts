#!/usr/bin/env node
/**
 * street-events: administration and sandbox commands of the service.
 * The database is PostgreSQL when --database-url (or DATABASE_URL) is given, otherwise
 * embedded PGlite in --data-dir (or PGLITE_DATA_DIR, default the service's own .data/pglite,
 * whatever the working directory). A failure is one line on stderr (see errors.ts). A command on
 * a PGlite directory that a running sandbox holds runs in the sandbox (see running-sandbox.ts).
 */
import { CommanderError } from 'commander';
import { buildProgram } from './program.js';
import { printFailure, type GlobalOptions } from './support.js';

const program = buildProgram();

try {
  await program.parseAsync();
} catch (error) {
  // Commander has printed the usage error or the help already.
  if (error instanceof CommanderError) process.exit(error.exitCode);
  printFailure(error, program.opts<GlobalOptions>().databaseUrl);
  process.exit(1);
}
