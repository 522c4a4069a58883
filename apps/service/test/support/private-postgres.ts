/**
 * A PostgreSQL cluster of a test's own, in a temporary directory on a free port, that the
 * test may stop and start again (the machine's shared server is never restarted). It uses
 * Debian's server binaries (`/usr/lib/postgresql/<version>/bin`, the newest installed, or
 * `PG_BIN`); as root they run as the `postgres` user, who owns the directory.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** `immediate` is a crash (no checkpoint, recovery at the next start); `fast` a clean shutdown. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Stops the cluster if it runs and removes its directory. */
  destroy(): Promise<void>;
  /**
   * A streaming standby of this cluster (`pg_basebackup -R`), started on a port of its own;
   * read-only. `applyDelayMs` holds back each transaction's replay (`recovery_min_apply_delay`).
   */
  standby(options?: { applyDelayMs?: number }): Promise<PrivatePostgres>;
}

function serverBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server binaries under ${root}; set PG_BIN`);
  return join(root, newest, 'bin');
}

/** A port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

type PgRun = (program: string, args: string[]) => Promise<unknown>;

/** A directory the server's user owns, and how to run a server binary as that user. */
async function serverDirectory(): Promise<{ directory: string; pgRun: PgRun }> {
  const bin = serverBinaries();
  const directory = mkdtempSync(join(tmpdir(), 'street-events-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(directory, Number(stdout.trim()), Number(group.trim()));
  }
  const pgRun: PgRun = (program, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  return { directory, pgRun };
}

/** The cluster whose data is in `directory`/data, started on a free port. */
async function startedCluster(directory: string, pgRun: PgRun, settings = ''): Promise<PrivatePostgres> {
  const data = join(directory, 'data');
  const port = await freePort();
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off ${settings}`.trim();
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgRun('pg_ctl', [
        '-D',
        data,
        '-l',
        join(directory, 'server.log'),
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      running = true;
    },
    async stop(mode = 'fast') {
      await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
    async standby({ applyDelayMs = 0 } = {}) {
      const replica = await serverDirectory();
      // initdb's pg_hba.conf with trust lets replication connections from 127.0.0.1 in.
      await replica.pgRun('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        join(replica.directory, 'data'),
        '-R',
        '-X',
        'stream',
      ]);
      return startedCluster(replica.directory, replica.pgRun, `-c recovery_min_apply_delay=${applyDelayMs}ms`);
    },
  };
  await cluster.start();
  return cluster;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const { directory, pgRun } = await serverDirectory();
  await pgRun('initdb', ['-D', join(directory, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  return startedCluster(directory, pgRun);
}
