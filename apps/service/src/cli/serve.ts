/** The `serve` command of `street-events`: the service, or the sandbox with its tokens printed (sandbox-serve.ts). */
import { Option, type Command } from 'commander';
import { openDatabase } from '../db/database.js';
import { startServer, type RunningServer } from '../server.js';
import { closeOnSignals } from '../shutdown.js';
import type { PreparedSandbox, SandboxServeFlags } from './sandbox-serve.js';
import { config, databaseConfig, refuseBesideRunningSandbox, wholeNumber, type GlobalOptions } from './support.js';

interface ServeOptions extends SandboxServeFlags {
  sandbox?: boolean;
  logFormat?: 'json' | 'lines';
}

/** `build`: the command line, which the sandbox runs for other processes on its PGlite data directory. */
export function addServeCommand(program: Command, build: () => Command): void {
  program
    .command('serve')
    .description('migrate, then serve the interface (PORT, HOST and the other settings come from the environment)')
    .option(
      '--sandbox',
      'seed the database first if it is empty, and print the base URL and a token for each sandbox user',
    )
    .option('--events <n>', 'with --sandbox: events of history to seed into an empty database', wholeNumber(0), 2000)
    .option(
      '--simulate <rate>',
      'with --sandbox: also produce N activities a second on the sandbox in this process, as `simulate` does (works on PGlite too)',
      wholeNumber(1),
    )
    .option(
      '--tokens-file <file>',
      'with --sandbox: where the tokens are kept across restarts (default: sandbox-tokens.json in the PGlite data directory; on PostgreSQL, none)',
    )
    .option(
      '--chaos <preset-or-file>',
      'with --sandbox: misbehave as the real system may on a bad day, by a preset (mild, flaky, storm) or a JSON or YAML file of InternalChaosProfile (default: SANDBOX_CHAOS)',
    )
    .option(
      '--chaos-seed <n>',
      "the seed of the chaos profile's decisions (default: SANDBOX_CHAOS_SEED, or a random one)",
      wholeNumber(0),
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'json: a JSON line per log entry; lines: one readable line per request and delivery attempt (default: LOG_FORMAT, or lines with --sandbox, json otherwise)',
      ).choices(['json', 'lines']),
    )
    .action((options: ServeOptions, command: Command) => serve(options, command, build));
}

/** What only the sandbox takes, refused without `--sandbox`. */
function refuseSandboxOnly(options: ServeOptions): void {
  const chaos = options.chaos !== undefined ? '--chaos' : options.chaosSeed !== undefined ? '--chaos-seed' : undefined;
  if (chaos) throw new Error(`${chaos} needs --sandbox: the chaos profile exists only in the sandbox`);
  if (options.simulate !== undefined)
    throw new Error('--simulate needs --sandbox: activity is simulated only on the sandbox');
}

/** Migrates, prepares the sandbox when asked (loaded only then), serves until SIGINT or SIGTERM, and prints the sandbox's start. */
async function serve(options: ServeOptions, command: Command, build: () => Command): Promise<void> {
  refuseBesideRunningSandbox(command);
  const settings = { ...config(), database: databaseConfig(command.optsWithGlobals<GlobalOptions>(), true) };
  if (!options.sandbox) refuseSandboxOnly(options);
  settings.logFormat = options.logFormat ?? settings.logFormat;
  const sandboxServe = options.sandbox ? await import('./sandbox-serve.js') : undefined;
  const prepare = await sandboxServe?.configureSandbox(settings, options, build);
  const handle = await openDatabase(settings.database);
  let server: RunningServer;
  let sandbox: PreparedSandbox | undefined;
  try {
    await handle.migrate();
    sandbox = await prepare?.(handle);
    settings.logFormat ??= 'json';
    server = await startServer(settings, handle, { layer: sandbox?.layer });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const unannounce = sandbox?.started(server) ?? (() => undefined);
  const close = async () => {
    unannounce();
    await server.close();
  };
  closeOnSignals(close, { graceMs: settings.shutdownGraceMs, log: server.app.log });
}
