#!/usr/bin/env node
/**
 * street-events: administration and sandbox commands of the service.
 * The database is PostgreSQL when --database-url (or DATABASE_URL) is given, otherwise
 * embedded PGlite in --data-dir (or PGLITE_DATA_DIR, default the service's own .data/pglite,
 * whatever the working directory). A failure is one line on stderr (see cli-errors.ts).
 */
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { addContract, listContracts, removeContract } from '../admin/contracts.js';
import { createOrganisation, listOrganisations } from '../directory/organisations.js';
import { createUser, listUsers } from '../admin/users.js';
import { revokeSessions, setPassword } from '../auth/login.js';
import { newPassword } from '../auth/passwords.js';
import { issueToken, revokeToken } from '../auth/tokens.js';
import {
  defaultPgliteDataDir,
  openDatabase,
  type Database,
  type DatabaseConfig,
  type DatabaseHandle,
} from '../db/database.js';
import { organisationKind, userRole } from '../db/schema.js';
import { describeFailure } from './errors.js';
import { progressBar } from '../sandbox/seed/progress.js';
import { seedSandbox, type SandboxSummary } from '../sandbox/seed/sandbox.js';
import {
  defaultTokensFile,
  prepareSandbox,
  writeSandboxTokens,
  type KeptTokens,
} from '../sandbox/seed/sandbox-tokens.js';
import { configFromEnv, type ServiceConfig } from '../config.js';
import { loopbackAllowList } from '../subscriptions/config.js';
import { isLoopbackAddress } from '../http/served-hosts.js';
import { prepareDatabase, startServer, type RunningServer } from '../server.js';
import { closeOnSignals } from '../shutdown.js';
import { addListenCommand } from './listen.js';
import { addNotificationCommands, type PrintableRow } from './notifications.js';
import { addTriggerCommand } from './trigger.js';
import { simulate } from '../sandbox/simulation/simulate.js';
import { ensureLocalTls } from '../shared/local-ca.js';

interface GlobalOptions {
  databaseUrl?: string;
  dataDir: string;
}

function wholeNumber(min: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    return parsed;
  };
}

let environment: ServiceConfig | undefined;
/** The configuration from the environment, validated once, when a command first needs it. */
const config = (): ServiceConfig => (environment ??= configFromEnv());

/** The database the global options name; `create`: a PGlite directory without a database gets one. */
function databaseConfig(options: GlobalOptions, create: boolean): DatabaseConfig {
  if (options.databaseUrl) {
    const fromEnvironment = config().database;
    const readUrls = fromEnvironment.kind === 'postgres' ? fromEnvironment.readUrls : [];
    return { kind: 'postgres', url: options.databaseUrl, readUrls };
  }
  return { kind: 'pglite', dataDir: options.dataDir || defaultPgliteDataDir, existing: !create };
}

/**
 * Opens the database the global options name, runs `work`, and closes it. Only commands that
 * `create` (migrate, seed) start a database in a PGlite directory that holds none.
 */
async function withDatabase(
  command: Command,
  work: (db: Database, handle: DatabaseHandle) => Promise<void>,
  { create = false }: { create?: boolean } = {},
): Promise<void> {
  const handle = await openDatabase(databaseConfig(command.optsWithGlobals<GlobalOptions>(), create));
  try {
    await work(handle.db, handle);
  } finally {
    await handle.close();
  }
}

/** A one-line log of the shutdown, for commands without a logger of their own. */
const consoleLog = {
  info: (_fields: object, message: string) => console.error(message),
  error: (fields: object, message: string) => console.error(`${message}: ${describeFailure(Object.values(fields)[0])}`),
};

/**
 * Opens the database, runs what `start` starts until SIGINT or SIGTERM, then calls the stop it
 * returned and closes the database (see shutdown.ts).
 */
async function runUntilSignal(
  command: Command,
  start: (db: Database, handle: DatabaseHandle) => Promise<() => Promise<void>> | (() => Promise<void>),
): Promise<void> {
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
function print<Row extends PrintableRow<Row>>(rows: Row[], json: boolean | undefined): void {
  if (json) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]!) as (keyof Row & string)[];
  const text = (value: Row[keyof Row]) => (value instanceof Date ? value.toISOString() : String(value ?? ''));
  const cells = [keys, ...rows.map((row) => keys.map((key) => text(row[key])))];
  const widths = keys.map((_key, column) => Math.max(...cells.map((line) => line[column]!.length)));
  for (const line of cells)
    console.log(
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

function printSandbox(summary: SandboxSummary): void {
  console.log(`Seeded ${summary.events} events.\n\nOrganisations:`);
  print(summary.organisations, false);
  console.log('\nUsers and their tokens (the database keeps only their hashes):');
  print(summary.users, false);
}

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

program
  .command('migrate')
  .description('apply the pending database migrations')
  .action((_options, command: Command) =>
    withDatabase(
      command,
      async (db, handle) => {
        const written = await prepareDatabase(handle);
        console.error(written > 0 ? `migrations applied; ${written} polling rows written` : 'migrations applied');
      },
      { create: true },
    ),
  );

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
        const summary = await seedSandbox(db, {
          events: options.events,
          days: options.days,
          randomSeed: options.randomSeed,
          onProgress: progressBar('events'),
        });
        if (options.json) console.log(JSON.stringify(summary, null, 2));
        else printSandbox(summary);
        const database = databaseConfig(command.optsWithGlobals<GlobalOptions>(), true);
        const tokensFile = defaultTokensFile(database);
        if (tokensFile) {
          writeSandboxTokens(tokensFile, summary.users);
          console.error(`tokens kept in ${tokensFile} (serve --sandbox reuses them)`);
        }
      },
      { create: true },
    ),
  );

const org = program.command('org').description('organisations');
org
  .command('create')
  .description('create an organisation (a promoter gets its default workstream 000)')
  .addOption(
    new Option('--kind <kind>', 'kind of organisation').choices(organisationKind.enumValues).makeOptionMandatory(),
  )
  .requiredOption('--name <name>', 'name, unique')
  .option('--swa-code <code>', 'street authority code, up to 4 characters (promoters and highway authorities)')
  .action(
    (
      options: { kind: (typeof organisationKind.enumValues)[number]; name: string; swaCode?: string },
      command: Command,
    ) => withDatabase(command, async (db) => print([await createOrganisation(db, options)], false)),
  );

const user = program.command('user').description('users');
user
  .command('create')
  .description('create a user; the role must suit the organisation (Operator is internal and suits any)')
  .requiredOption('--username <username>', 'username, unique')
  .addOption(new Option('--role <role>', 'role').choices(userRole.enumValues).makeOptionMandatory())
  .requiredOption('--org <organisation>', 'organisation name or swa_code')
  .action((options: { username: string; role: (typeof userRole.enumValues)[number]; org: string }, command: Command) =>
    withDatabase(command, async (db) =>
      print(
        [await createUser(db, { username: options.username, role: options.role, organisation: options.org })],
        false,
      ),
    ),
  );

user
  .command('password')
  .description(
    "give a user an email address and a new random password for login, and print the password (only its scrypt hash is kept); ends the user's login sessions",
  )
  .argument('<username>', 'the user')
  .requiredOption('--email <address>', 'the email address the user logs in with')
  .action((username: string, options: { email: string }, command: Command) =>
    withDatabase(command, async (db) => {
      const password = newPassword();
      await setPassword(db, username, options.email, password);
      console.log(password);
      console.error(`${username} logs in as ${options.email.trim().toLowerCase()}; the password is not shown again`);
    }),
  );
user
  .command('logout')
  .description('revoke every login session of a user, with the tokens issued from them')
  .argument('<username>', 'the user')
  .action((username: string, _options, command: Command) =>
    withDatabase(command, async (db) => console.error(`revoked ${await revokeSessions(db, username)} session(s)`)),
  );

const token = program.command('token').description('API tokens (sent in the token header)');
token
  .command('issue')
  .description('issue a token for a user and print it; only its hash is kept')
  .argument('<username>', 'the user')
  .action((username: string, _options, command: Command) =>
    withDatabase(command, async (db) => {
      const issued = await issueToken(db, username);
      console.log(issued.token);
      console.error(`token ${issued.prefix}… issued to ${username}; it is not shown again`);
    }),
  );
token
  .command('revoke')
  .description('revoke a token, named by the prefix shown when it was issued')
  .argument('<prefix>', 'the first characters of the token, e.g. se_AbC1234')
  .action((prefix: string, _options, command: Command) =>
    withDatabase(command, async (db) => console.error(`revoked ${await revokeToken(db, prefix)} token(s)`)),
  );

const contract = program.command('contract').description('contracts between contractors and promoters');
for (const [name, description, change] of [
  ['add', 'let a contractor act for a promoter', addContract],
  ['remove', 'end a contractor’s active contract with a promoter', removeContract],
] as const) {
  contract
    .command(name)
    .description(description)
    .requiredOption('--contractor <organisation>', 'contractor name')
    .requiredOption('--promoter <organisation>', 'promoter name or swa_code')
    .action((options: { contractor: string; promoter: string }, command: Command) =>
      withDatabase(command, async (db) => {
        await change(db, options);
        console.error(`contract ${name === 'add' ? 'added' : 'removed'}`);
      }),
    );
}

function addListCommand<Row extends PrintableRow<Row>>(
  group: Command,
  list: (db: Database) => Promise<Row[]>,
  what: string,
): void {
  group
    .command('list')
    .description(`list ${what}`)
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }, command: Command) =>
      withDatabase(command, async (db) => print(await list(db), options.json)),
    );
}
addListCommand(org, listOrganisations, 'organisations');
addListCommand(user, listUsers, 'users');
addListCommand(contract, listContracts, 'contracts');

program
  .command('simulate')
  .description('produce realistic activity on the seeded sandbox until interrupted (Ctrl-C)')
  .option('--rate <n>', 'activities a second', wholeNumber(1), 2)
  .option('--quiet', 'do not print each activity')
  .action((options: { rate: number; quiet?: boolean }, command: Command) =>
    runUntilSignal(command, (db) => {
      const stop = new AbortController();
      const running = simulate(db, {
        rate: options.rate,
        signal: stop.signal,
        onActivity: options.quiet ? undefined : (line) => console.log(line),
      });
      return async () => {
        stop.abort();
        const { activities } = await running;
        console.error(`simulation stopped after ${activities} activities`);
      };
    }),
  );

/** Where the sandbox keeps its certificate authority: in the PGlite data directory, or the default one on PostgreSQL. */
const tlsDirectoryOf = (database: DatabaseConfig): string =>
  join(database.kind === 'pglite' && database.dataDir ? database.dataDir : defaultPgliteDataDir, 'tls');

function printSandboxReady(
  server: RunningServer,
  sandbox: KeptTokens,
  tokensFile: string | undefined,
  caFile: string | undefined,
  simulateRate: number | undefined,
  network: string | undefined,
): void {
  const { users, issued } = sandbox;
  const kept = tokensFile ? `kept in ${tokensFile}` : 'not kept: --tokens-file <file> keeps them across restarts';
  console.log(`\nSandbox ready. Base URL: ${server.baseUrl}\n\nTokens (send as the "token" header), ${kept}:`);
  print(users, false);
  if (issued.length > 0)
    console.log(
      `\nNew tokens issued for ${issued.join(', ')}${tokensFile ? ': the file held none that still works for them' : ''}.`,
    );
  if (server.httpsBaseUrl) {
    console.log(`\nHTTPS: ${server.httpsBaseUrl} (confirmation links and SigningCertURL are built on it).`);
    console.log(
      `Trust the sandbox's certificate authority: NODE_EXTRA_CA_CERTS=${caFile} (Python: REQUESTS_CA_BUNDLE, others: SSL_CERT_FILE).`,
    );
  }
  console.log(`\nWebhook endpoints on loopback (${loopbackAllowList.join(', ')}) are allowed in the sandbox.`);
  console.log(
    `Console (trigger events, each delivery with its attempts, replay): ${new URL(server.baseUrl).origin}/console`,
  );
  if (simulateRate !== undefined) console.log(`\nSimulating ${simulateRate} activities a second.`);
  if (network)
    console.log(
      `\nWarning: the sandbox listens on ${network}, beyond this machine: anyone who reaches it can use the tokens above. The console asks for an Operator token there.`,
    );
  console.log(
    `\nLog in as any of them but the Operator: POST ${new URL(server.baseUrl).origin}/v7/work/authenticate with {"emailAddress": …, "password": …}; send the idToken as the "token" header.`,
  );
  console.log(
    `\nTry: curl -H "token: ${users.find((u) => u.role === 'Planner')?.token ?? ''}" ${server.baseUrl}/works/updates\n`,
  );
}

interface ServeOptions {
  sandbox?: boolean;
  events: number;
  simulate?: number;
  tokensFile?: string;
}

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
    'also produce N activities a second on the sandbox in this process, as `simulate` does (works on PGlite too)',
    wholeNumber(1),
  )
  .option(
    '--tokens-file <file>',
    'with --sandbox: where the tokens are kept across restarts (default: sandbox-tokens.json in the PGlite data directory; on PostgreSQL, none)',
  )
  .action(async (options: ServeOptions, command: Command) => {
    const settings = { ...config(), database: databaseConfig(command.optsWithGlobals<GlobalOptions>(), true) };
    if (options.sandbox) settings.notifications.allowList.push(...loopbackAllowList);
    if (options.sandbox && settings.tls === undefined && settings.httpsPort !== 'off') {
      settings.tls = { port: settings.httpsPort, ...(await ensureLocalTls(tlsDirectoryOf(settings.database))) };
    }
    const tokensFile = options.tokensFile ? resolve(options.tokensFile) : defaultTokensFile(settings.database);
    const handle = await openDatabase(settings.database);
    let server: RunningServer;
    let sandbox: KeptTokens = { users: [], issued: [] };
    try {
      await handle.migrate();
      if (options.sandbox)
        sandbox = await prepareSandbox(handle.db, {
          events: options.events,
          tokensFile,
          onProgress: progressBar('events'),
        });
      server = await startServer(settings, handle, {
        simulateRate: options.simulate,
        sandbox: options.sandbox ? { users: sandbox.users } : undefined,
      });
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
    closeOnSignals(() => server.close(), { graceMs: settings.shutdownGraceMs, log: server.app.log });
    if (options.sandbox)
      printSandboxReady(
        server,
        sandbox,
        tokensFile,
        settings.tls?.caFile,
        options.simulate,
        isLoopbackAddress(settings.host) ? undefined : settings.host,
      );
  });

addNotificationCommands(program, { withDatabase, runUntilSignal, print, config });
addTriggerCommand(program, { print });
addListenCommand(program);

try {
  await program.parseAsync();
} catch (error) {
  const { databaseUrl } = program.opts<GlobalOptions>();
  console.error(`error: ${describeFailure(error, { databaseUrl, host: environment?.host, port: environment?.port })}`);
  if (environment?.logLevel === 'debug') console.error(error);
  process.exit(1);
}
