/** The `serve` command of `street-events`: the service, or the sandbox with its tokens printed. */
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { defaultPgliteDataDir, openDatabase, type DatabaseConfig } from '../db/database.js';
import { isLoopbackAddress } from '../http/served-hosts.js';
import { progressBar } from '../sandbox/seed/progress.js';
import { defaultTokensFile, prepareSandbox, type KeptTokens } from '../sandbox/seed/sandbox-tokens.js';
import { startServer, type RunningServer } from '../server.js';
import { ensureLocalTls } from '../shared/local-ca.js';
import { closeOnSignals } from '../shutdown.js';
import { loopbackAllowList } from '../subscriptions/config.js';
import { config, databaseConfig, print, wholeNumber, type GlobalOptions } from './support.js';

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

export function addServeCommand(program: Command): void {
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
    .action(serve);
}

/** Migrates, prepares the sandbox when asked, serves until SIGINT or SIGTERM, and prints the sandbox's URLs and tokens. */
async function serve(options: ServeOptions, command: Command): Promise<void> {
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
}
