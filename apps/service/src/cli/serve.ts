/** The `serve` command of `street-events`: the service, or the sandbox with its tokens printed. */
import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { ServiceConfig } from '../config.js';
import type { SandboxCommands } from '../features/operator/sandbox.js';
import { defaultPgliteDataDir, openDatabase, type DatabaseConfig } from '../db/database.js';
import { isLoopbackAddress } from '../http/served-hosts.js';
import { progressBar } from '../sandbox/seed/progress.js';
import { defaultTokensFile, prepareSandbox, type KeptTokens } from '../sandbox/seed/sandbox-tokens.js';
import { sandboxEmail, sandboxPassword, type SandboxUser } from '../sandbox/seed/sandbox.js';
import { startServer, type RunningServer } from '../server.js';
import { ensureLocalTls } from '../shared/local-ca.js';
import { closeOnSignals } from '../shutdown.js';
import { loopbackAllowList } from '../subscriptions/config.js';
import type { ChaosSettings } from '../sandbox/chaos/sandbox-chaos.js';
import { ChaosProfileError, chaosSettingsOf, percent } from './chaos-profile.js';
import { runInSandbox } from './in-sandbox.js';
import { printLine } from './output.js';
import { announceSandbox } from './sandbox-file.js';
import { config, databaseConfig, refuseBesideRunningSandbox, wholeNumber, type GlobalOptions } from './support.js';

/** Where the sandbox keeps its certificate authority: in the PGlite data directory, or the default one on PostgreSQL. */
const tlsDirectoryOf = (database: DatabaseConfig): string =>
  join(database.kind === 'pglite' && database.dataDir ? database.dataDir : defaultPgliteDataDir, 'tls');

/** What the sandbox's start says besides its URLs. */
interface SandboxStart {
  sandbox: KeptTokens;
  tokensFile: string | undefined;
  caFile: string | undefined;
  simulateRate: number | undefined;
  network: string | undefined;
  logFormat: 'json' | 'lines' | undefined;
  chaos: ChaosSettings | undefined;
}

/** Where everything is: the interface, login, the console, the start page, the CA to trust. */
function sandboxPlaces(server: RunningServer, caFile: string | undefined): string[] {
  const origin = new URL(server.baseUrl).origin;
  const places: [string, string][] = [
    ['Event interface', `${server.baseUrl}${server.httpsBaseUrl ? `   (HTTPS: ${server.httpsBaseUrl})` : ''}`],
    [
      'Log in',
      `POST ${origin}/v7/work/authenticate  {"emailAddress": "<username>@${sandboxEmail('').slice(1)}", "password": "${sandboxPassword}"}`,
    ],
    ['Console', `${origin}/console   (trigger events, see each delivery and its attempts, replay)`],
    ['Start page', `${origin}/   (the OpenAPI documents, the API reference)`],
  ];
  if (caFile) places.push(['Trust the CA', `${caFile}   (NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE or SSL_CERT_FILE)`]);
  return places.map(([name, place]) => `  ${name.padEnd(16)} ${place}`);
}

/** A token per sandbox user: role, organisation, username and token, one line each. */
function tokenLines({ users, issued }: KeptTokens, tokensFile: string | undefined): string[] {
  const kept = tokensFile ? `kept in ${tokensFile}` : 'not kept: --tokens-file <file> keeps them across restarts';
  const width = (pick: (user: SandboxUser) => string) => Math.max(...users.map((user) => pick(user).length));
  const [role, organisation, username] = [width((u) => u.role), width((u) => u.organisation), width((u) => u.username)];
  const lines = users.map(
    (user) =>
      `  ${user.role.padEnd(role)}  ${user.organisation.padEnd(organisation)}  ${user.username.padEnd(username)}  ${user.token}`,
  );
  const held = tokensFile ? ': the file held none that still works for them' : '';
  const renewed = issued.length > 0 ? [`New tokens issued for ${issued.join(', ')}${held}.`] : [];
  return [`Tokens (send one as the "token" header), ${kept}:`, ...lines, ...renewed];
}

/** The sandbox's start, short: where everything is, a token per user, what to try first, what the log shows. */
function printSandboxReady(server: RunningServer, start: SandboxStart): void {
  const planner = start.sandbox.users.find((user) => user.role === 'Planner');
  const lines = [
    '',
    'Sandbox ready.',
    '',
    ...sandboxPlaces(server, start.caFile),
    '',
    ...tokenLines(start.sandbox, start.tokensFile),
    '',
    'Try first:',
    `  curl -H "token: ${planner?.token ?? ''}" ${server.baseUrl}/works/updates`,
    `  Webhook endpoints on loopback (${loopbackAllowList.join(', ')}) are allowed in the sandbox.`,
  ];
  if (start.simulateRate !== undefined) lines.push('', `Simulating ${start.simulateRate} activities a second.`);
  if (start.chaos) lines.push('', ...chaosLines(start.chaos));
  if (start.network)
    lines.push(
      '',
      `Warning: the sandbox listens on ${start.network}, beyond this machine: anyone who reaches it can use the tokens above. The console asks for an Operator token there.`,
    );
  const below = start.logFormat === 'lines' ? 'Below, one line per request and per delivery attempt. ' : '';
  lines.push('', `${below}Ctrl-C stops the sandbox.`);
  printLine(`${lines.join('\n')}\n`);
}

/** What the chaos profile does, and how to repeat it and follow it. */
function chaosLines({ profile, seed, preset }: ChaosSettings): string[] {
  return [
    `Chaos profile ${preset ?? '(from a file)'}, seed ${seed} (--chaos-seed ${seed} repeats its decisions):`,
    `  notifications ${percent(profile.drop_rate)} dropped, ${percent(profile.duplicate_rate)} duplicated, ${percent(profile.delay_rate)} delayed up to ${profile.max_delay_ms} ms${profile.reorder_within_work ? ' (even within a work)' : ''};`,
    `  polls and searches ${percent(profile.unavailable_rate)} 503, ${percent(profile.throttled_rate)} 429 (Retry-After ${profile.retry_after_seconds} s); polling ${profile.visibility_lag_ms} ms behind.`,
    '  `street-events chaos status` compares what was sent with where each poller has reached.',
  ];
}

interface ServeOptions {
  sandbox?: boolean;
  chaos?: string;
  chaosSeed?: number;
  events: number;
  simulate?: number;
  tokensFile?: string;
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
      'also produce N activities a second on the sandbox in this process, as `simulate` does (works on PGlite too)',
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

/**
 * Says where the sandbox on a PGlite data directory listens, so that commands on the directory
 * run in it (see running-sandbox.ts); returns the function that unsays it.
 */
function announce(server: RunningServer, database: DatabaseConfig, tokensFile: string | undefined): () => void {
  if (database.kind !== 'pglite' || !database.dataDir || !tokensFile) return () => undefined;
  return announceSandbox(database.dataDir, { service: new URL(server.baseUrl).origin, tokens_file: tokensFile });
}

/** Migrates, prepares the sandbox when asked, serves until SIGINT or SIGTERM, and prints the sandbox's URLs and tokens. */
/** The chaos profile of `--chaos` (or `SANDBOX_CHAOS`), in the sandbox only; refused elsewhere. */
function chaosOf(options: ServeOptions, environment: ServiceConfig['sandboxChaos']): ChaosSettings | undefined {
  if (options.chaos !== undefined && !options.sandbox)
    throw new ChaosProfileError('--chaos needs --sandbox: the chaos profile exists only in the sandbox');
  const profile = options.chaos ?? environment.profile;
  if (options.chaosSeed !== undefined && profile === undefined)
    throw new ChaosProfileError('--chaos-seed needs a chaos profile: --chaos <preset-or-file>');
  if (!options.sandbox || profile === undefined) return undefined;
  return chaosSettingsOf(profile, options.chaosSeed ?? environment.seed);
}

async function serve(options: ServeOptions, command: Command, build: () => Command): Promise<void> {
  refuseBesideRunningSandbox(command);
  const settings = { ...config(), database: databaseConfig(command.optsWithGlobals<GlobalOptions>(), true) };
  const chaos = chaosOf(options, settings.sandboxChaos);
  settings.logFormat = options.logFormat ?? settings.logFormat ?? (options.sandbox ? 'lines' : 'json');
  if (options.sandbox) settings.notifications.allowList.push(...loopbackAllowList);
  if (options.sandbox) settings.rateLimit.max ??= 0;
  if (options.sandbox && settings.tls === undefined && settings.httpsPort !== 'off') {
    settings.tls = { port: settings.httpsPort, ...(await ensureLocalTls(tlsDirectoryOf(settings.database))) };
  }
  const tokensFile = options.tokensFile ? resolve(options.tokensFile) : defaultTokensFile(settings.database);
  const handle = await openDatabase(settings.database);
  const commands: SandboxCommands = (argv) => runInSandbox(build, argv, { handle, database: settings.database });
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
      sandbox: options.sandbox ? { users: sandbox.users, commands, chaos } : undefined,
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const unannounce = options.sandbox ? announce(server, settings.database, tokensFile) : () => undefined;
  const close = async () => {
    unannounce();
    await server.close();
  };
  closeOnSignals(close, { graceMs: settings.shutdownGraceMs, log: server.app.log });
  if (options.sandbox)
    printSandboxReady(server, {
      sandbox,
      tokensFile,
      caFile: settings.tls?.caFile,
      simulateRate: options.simulate,
      network: isLoopbackAddress(settings.host) ? undefined : settings.host,
      logFormat: settings.logFormat,
      chaos,
    });
}
