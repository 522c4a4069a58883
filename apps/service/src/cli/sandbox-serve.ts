/**
 * `serve --sandbox`, loaded only then: the sandbox's settings (loopback endpoints, no rate limit,
 * HTTPS with its own CA, readable log lines), its database seeded or its tokens kept, the layer it
 * serves (src/cli/sandbox-layer.ts), and what its start prints.
 */
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { ServiceConfig } from '../config.js';
import { defaultPgliteDataDir, type DatabaseConfig, type DatabaseHandle } from '../db/database.js';
import { isLoopbackAddress } from '../http/served-hosts.js';
import type { ChaosSettings } from '../sandbox/chaos/sandbox-chaos.js';
import { progressBar } from '../sandbox/seed/progress.js';
import { sandboxEmail, sandboxPassword, type SandboxUser } from '../sandbox/seed/sandbox.js';
import { prepareSandbox, type KeptTokens } from '../sandbox/seed/sandbox-tokens.js';
import { defaultTokensFile } from '../sandbox/seed/tokens-file.js';
import { sandboxServeLayer } from './sandbox-layer.js';
import type { RunningServer, ServeLayer } from '../server.js';
import { ensureLocalTls } from '../shared/local-ca.js';
import { loopbackAllowList } from '../features/notifications/config.js';
import { ChaosProfileError, chaosSettingsOf } from './chaos-profile.js';
import { runInSandbox } from './in-sandbox.js';
import { percent, printLine } from './output.js';
import { announceSandbox } from './sandbox-file.js';

/** The options of `serve` the sandbox reads. */
export interface SandboxServeFlags {
  chaos?: string;
  chaosSeed?: number;
  events: number;
  simulate?: number;
  tokensFile?: string;
}

/** The sandbox, ready to serve: its layer, and what to do once the server listens (which answers how to unsay it). */
export interface PreparedSandbox {
  layer: (handle: DatabaseHandle) => Promise<ServeLayer>;
  started: (server: RunningServer) => () => void;
}

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

/**
 * Says where the sandbox on a PGlite data directory listens, so that commands on the directory
 * run in it (see running-sandbox.ts); returns the function that unsays it.
 */
function announce(server: RunningServer, database: DatabaseConfig, tokensFile: string | undefined): () => void {
  if (database.kind !== 'pglite' || !database.dataDir || !tokensFile) return () => undefined;
  return announceSandbox(database.dataDir, { service: new URL(server.baseUrl).origin, tokens_file: tokensFile });
}

/** The chaos profile of `--chaos` (or `SANDBOX_CHAOS`), if any. */
function chaosOf(options: SandboxServeFlags, environment: ServiceConfig['sandboxChaos']): ChaosSettings | undefined {
  const profile = options.chaos ?? environment.profile;
  if (options.chaosSeed !== undefined && profile === undefined)
    throw new ChaosProfileError('--chaos-seed needs a chaos profile: --chaos <preset-or-file>');
  if (profile === undefined) return undefined;
  return chaosSettingsOf(profile, options.chaosSeed ?? environment.seed);
}

/**
 * The sandbox's settings over `settings` (its flags checked before any database is opened), then,
 * on the migrated database, the sandbox prepared (seeded when empty) and its layer; `build` is the
 * command line it runs for other processes.
 */
export async function configureSandbox(
  settings: ServiceConfig,
  options: SandboxServeFlags,
  build: () => Command,
): Promise<(handle: DatabaseHandle) => Promise<PreparedSandbox>> {
  const chaos = chaosOf(options, settings.sandboxChaos);
  settings.logFormat ??= 'lines';
  settings.notifications.allowList.push(...loopbackAllowList);
  settings.rateLimit.max ??= 0;
  if (settings.tls === undefined && settings.httpsPort !== 'off') {
    settings.tls = { port: settings.httpsPort, ...(await ensureLocalTls(tlsDirectoryOf(settings.database))) };
  }
  return (handle) => prepareSandboxServe(settings, handle, { ...options, chaos }, build);
}

async function prepareSandboxServe(
  settings: ServiceConfig,
  handle: DatabaseHandle,
  options: Omit<SandboxServeFlags, 'chaos'> & { chaos: ChaosSettings | undefined },
  build: () => Command,
): Promise<PreparedSandbox> {
  const { chaos } = options;
  const tokensFile = options.tokensFile ? resolve(options.tokensFile) : defaultTokensFile(settings.database);
  const sandbox = await prepareSandbox(handle.db, {
    events: options.events,
    tokensFile,
    onProgress: progressBar('events'),
  });
  const commands = (argv: string[]) => runInSandbox(build, argv, { handle, database: settings.database });
  return {
    layer: sandboxServeLayer(settings, { users: sandbox.users, commands, chaos, simulateRate: options.simulate }),
    started: (server) => {
      // Announced first: a command run once the start is printed finds the sandbox.
      const unannounce = announce(server, settings.database, tokensFile);
      printSandboxReady(server, {
        sandbox,
        tokensFile,
        caFile: settings.tls?.caFile,
        simulateRate: options.simulate,
        network: isLoopbackAddress(settings.host) ? undefined : settings.host,
        logFormat: settings.logFormat,
        chaos,
      });
      return unannounce;
    },
  };
}
