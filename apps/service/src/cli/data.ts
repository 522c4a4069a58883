/**
 * The data commands of `street-events`: migrate, seed the sandbox, simulate activity on it. The
 * sandbox's modules are loaded by the commands that use them, so that a production process
 * (`migrate`, `serve`) loads none.
 */
import type { Command } from 'commander';
import type { SandboxSummary } from '../sandbox/seed/sandbox.js';
import { prepareDatabase } from '../server.js';
import { printLine, printNote } from './output.js';
import { databaseConfig, print, runUntilSignal, wholeNumber, withDatabase, type GlobalOptions } from './support.js';

export function addDataCommands(program: Command): void {
  addMigrateCommand(program);
  addSeedCommand(program);
  addSimulateCommand(program);
}

function addMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('apply the pending database migrations')
    .action((_options, command: Command) =>
      withDatabase(
        command,
        async (db, handle) => {
          const written = await prepareDatabase(handle);
          printNote(written > 0 ? `migrations applied; ${written} polling rows written` : 'migrations applied');
        },
        { create: true },
      ),
    );
}

function addSeedCommand(program: Command): void {
  program
    .command('seed')
    .description(
      'migrate, then fill an empty database with the sandbox: organisations, users and tokens, works and events',
    )
    .option('--events <n>', 'about how many events of history to record', wholeNumber(0), 2000)
    .option('--days <n>', 'days of history, ending now', wholeNumber(1), 60)
    .option('--random-seed <n>', 'seed of the random choices, for a reproducible sandbox', wholeNumber(0))
    .option('--json', 'print the organisations, users and tokens as JSON')
    .action((options: { events: number; days: number; randomSeed?: number; json?: boolean }, command: Command) =>
      withDatabase(
        command,
        async (db, handle) => {
          // Prepared while empty: the fingerprints of the stored rows are recorded, so the first serve rewrites none.
          await prepareDatabase(handle);
          const [{ seedSandbox }, { progressBar }, { defaultTokensFile, writeSandboxTokens }] = await Promise.all([
            import('../sandbox/seed/sandbox.js'),
            import('../sandbox/seed/progress.js'),
            import('../sandbox/seed/tokens-file.js'),
          ]);
          const summary = await seedSandbox(db, {
            events: options.events,
            days: options.days,
            randomSeed: options.randomSeed,
            onProgress: progressBar('events'),
          });
          if (options.json) printLine(JSON.stringify(summary, null, 2));
          else printSandbox(summary);
          const database = databaseConfig(command.optsWithGlobals<GlobalOptions>(), true);
          const tokensFile = defaultTokensFile(database);
          if (tokensFile) {
            writeSandboxTokens(tokensFile, summary.users);
            printNote(`tokens kept in ${tokensFile} (serve --sandbox reuses them)`);
          }
        },
        { create: true },
      ),
    );
}

function addSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('produce realistic activity on the seeded sandbox until interrupted (Ctrl-C)')
    .option('--rate <n>', 'activities a second', wholeNumber(1), 2)
    .option('--quiet', 'do not print each activity')
    .action((options: { rate: number; quiet?: boolean }, command: Command) =>
      runUntilSignal(command, async (db) => {
        const { simulate } = await import('../sandbox/simulation/simulate.js');
        const stop = new AbortController();
        const running = simulate(db, {
          rate: options.rate,
          signal: stop.signal,
          onActivity: options.quiet ? undefined : (line) => printLine(line),
        });
        return async () => {
          stop.abort();
          const { activities } = await running;
          printNote(`simulation stopped after ${activities} activities`);
        };
      }),
    );
}

function printSandbox(summary: SandboxSummary): void {
  printLine(`Seeded ${summary.events} events.\n\nOrganisations:`);
  print(summary.organisations, false);
  printLine('\nUsers and their tokens (the database keeps only their hashes):');
  print(summary.users, false);
}
