/**
 * What every command of `street-events` shares: the global options' database, the configuration
 * from the environment (validated once), running work on the database or until a signal, and
 * printing rows and failures. Work on a PGlite directory that a running sandbox holds runs in
 * the sandbox instead (see running-sandbox.ts); run there, it works on the sandbox's database.
 */
import { inspect } from 'node:util';
import { Command, InvalidArgumentError } from 'commander';
import { configFromEnv, type ServiceConfig } from '../config.js';
import {
  defaultPgliteDataDir,
  openDatabase,
  type Database,
  type DatabaseConfig,
  type DatabaseHandle,
} from '../db/database.js';
import { closeOnSignals } from '../shutdown.js';
import { describeFailure } from './errors.js';
import { printLine, printNote, sandboxRun } from './output.js';
import { refuseBesideSandbox, runThroughSandbox } from './running-sandbox.js';
import { runningSandbox } from './sandbox-file.js';

/** A row that prints as columns: each a string, number, boolean, date or nothing. */
export type PrintableRow<Row> = { [Key in keyof Row]: string | number | boolean | Date | null | undefined };

export interface GlobalOptions {
  databaseUrl?: string;
  dataDir: string;
}

export function wholeNumber(min: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    return parsed;
  };
}

/**
 * A repeatable `name=value` option, gathered into one object (a later name replaces an earlier):
 * each value as `parse` reads it.
 */
export function nameValue<Value>(parse: (text: string) => Value) {
  return (pair: string, gathered: Record<string, Value> = {}): Record<string, Value> => {
    const equals = pair.indexOf('=');
    if (equals < 1) throw new InvalidArgumentError(`expected name=value, got "${pair}"`);
    return { ...gathered, [pair.slice(0, equals)]: parse(pair.slice(equals + 1)) };
  };
}

/** A value given on the command line: JSON when it parses as JSON (`3`, `true`, `"07"`), else the text itself. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let environment: ServiceConfig | undefined;
/** The configuration from the environment, validated once, when a command first needs it. */
export const config = (): ServiceConfig => (environment ??= configFromEnv());

/** The configuration, when a command has read it (for describing a failure). */
export const configured = (): ServiceConfig | undefined => environment;

/** The database the global options name; `create`: a PGlite directory without a database gets one. */
export function databaseConfig(options: GlobalOptions, create: boolean): DatabaseConfig {
  const run = sandboxRun();
  if (run) return run.database;
  if (options.databaseUrl) {
    const fromEnvironment = config().database;
    const readUrls = fromEnvironment.kind === 'postgres' ? fromEnvironment.readUrls : [];
    return { kind: 'postgres', url: options.databaseUrl, readUrls };
  }
  return { kind: 'pglite', dataDir: options.dataDir || defaultPgliteDataDir, existing: !create };
}

/** The PGlite data directory the global options name; undefined on PostgreSQL. */
const pgliteDirectoryOf = (options: GlobalOptions): string | undefined =>
  options.databaseUrl ? undefined : options.dataDir || defaultPgliteDataDir;

/**
 * Opens the database the global options name, runs `work`, and closes it. Only commands that
 * `create` (migrate, seed) start a database in a PGlite directory that holds none. On a PGlite
 * directory a running sandbox holds, the whole command runs in the sandbox instead, which prints
 * what it printed there and ends with its exit code; run in the sandbox, `work` has its database.
 */
export async function withDatabase(
  command: Command,
  work: (db: Database, handle: DatabaseHandle) => Promise<void>,
  { create = false }: { create?: boolean } = {},
): Promise<void> {
  const run = sandboxRun();
  if (run) return work(run.handle.db, run.handle);
  const options = command.optsWithGlobals<GlobalOptions>();
  const directory = pgliteDirectoryOf(options);
  const sandbox = directory === undefined ? undefined : runningSandbox(directory);
  if (sandbox) {
    process.exitCode = await runThroughSandbox(sandbox, process.argv.slice(2));
    return;
  }
  const handle = await openDatabase(databaseConfig(options, create));
  try {
    await work(handle.db, handle);
  } finally {
    await handle.close();
  }
}

/** Throws when a running sandbox holds the PGlite directory the global options name: `command` does not run through it. */
export function refuseBesideRunningSandbox(command: Command): void {
  const directory = pgliteDirectoryOf(command.optsWithGlobals<GlobalOptions>());
  if (directory !== undefined && sandboxRun() === undefined) refuseBesideSandbox(command.name(), directory);
}

/** A one-line log of the shutdown, for commands without a logger of their own. */
const consoleLog = {
  info: (_fields: object, message: string) => printNote(message),
  error: (fields: object, message: string) => printNote(`${message}: ${describeFailure(Object.values(fields)[0])}`),
};

/**
 * Opens the database, runs what `start` starts until SIGINT or SIGTERM, then calls the stop it
 * returned and closes the database (see shutdown.ts). Never through a running sandbox.
 */
export async function runUntilSignal(
  command: Command,
  start: (db: Database, handle: DatabaseHandle) => Promise<() => Promise<void>> | (() => Promise<void>),
): Promise<void> {
  refuseBesideRunningSandbox(command);
  const handle = await openDatabase(databaseConfig(command.optsWithGlobals<GlobalOptions>(), false));
  try {
    const stop = await start(handle.db, handle);
    closeOnSignals(
      async () => {
        await stop();
        await handle.close();
      },
      { graceMs: config().shutdownGraceMs, log: consoleLog },
    );
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** Rows as aligned columns, or as JSON. */
export function print<Row extends PrintableRow<Row>>(rows: Row[], json: boolean | undefined): void {
  if (json) {
    printLine(JSON.stringify(rows, null, 2));
    return;
  }
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]!) as (keyof Row & string)[];
  const text = (value: Row[keyof Row]) => (value instanceof Date ? value.toISOString() : String(value ?? ''));
  const cells = [keys, ...rows.map((row) => keys.map((key) => text(row[key])))];
  const widths = keys.map((_key, column) => Math.max(...cells.map((line) => line[column]!.length)));
  for (const line of cells)
    printLine(
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

/** A failed command's one line on stderr (and its stack too with LOG_LEVEL=debug); `databaseUrl`: the PostgreSQL URL it was given. */
export function printFailure(error: unknown, databaseUrl?: string): void {
  const environment = configured();
  printNote(`error: ${describeFailure(error, { databaseUrl, host: environment?.host, port: environment?.port })}`);
  if (environment?.logLevel === 'debug') printNote(inspect(error));
}
