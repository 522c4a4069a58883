/**
 * What a newcomer meets when something is off: the CLI finds the sandbox's data from any
 * directory, refuses in one line what it cannot do (no database, a directory another process
 * holds, a database it cannot reach or that is not migrated, a port in use), and never prints a
 * stack. Runs the built CLI (`node dist/cli/main.js`), as the README does.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, type CliRun } from '../support/cli.js';
import { createServerDatabase } from '../support/databases.js';
import { assertBuilt, serviceDirectory, startServiceProcess } from '../support/service-process.js';

type Run = CliRun;

const cli = (args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  runCli(args, { LOG_LEVEL: 'warn', ...options.env }, { cwd: options.cwd });

/** A failure as the CLI must report it: exit code 1 and exactly one line on stderr. */
function expectOneLineFailure(run: Run, pattern: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^error: /);
  expect(run.stderr).toMatch(pattern);
}

let scratch = '';
beforeAll(() => {
  assertBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'street-events-cli-failures-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the default PGlite directory is the service’s own .data/pglite, whatever the working directory', async () => {
  const { code, stdout } = await cli(['--help'], { cwd: scratch });
  expect(code).toBe(0);
  expect(stdout.replace(/\s+/g, '')).toContain(join(serviceDirectory, '.data/pglite'));
});

test('a command on a PGlite directory without a database refuses in one line and creates nothing', async () => {
  const directory = join(scratch, 'nothing-here');
  const run = await cli(['--data-dir', directory, 'deliveries', 'dead'], { cwd: scratch });
  expectOneLineFailure(run, /no database in .*nothing-here: start the sandbox first/);
  expect(existsSync(directory)).toBe(false);
});

describe('a PGlite directory held by a process', { timeout: 90_000 }, () => {
  const directory = () => join(scratch, 'held');

  test('a second process is refused in one line naming the holder, and let in once the holder has stopped', async () => {
    const holder = await startServiceProcess(['--data-dir', directory()], {});
    try {
      const refused = await cli(['--data-dir', directory(), 'keys', 'list']);
      expectOneLineFailure(
        refused,
        new RegExp(`PGlite data directory .*held is in use by process ${holder.child.pid}`),
      );
    } finally {
      expect(await holder.stop()).toBe(0);
    }
    const after = await cli(['--data-dir', directory(), 'keys', 'list']);
    expect(after).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(`${directory()}.lock`)).toBe(false);
  });

  test('a lock left by a process that has gone is taken over', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(`${directory()}.lock`, `${gone.pid}\n`);
    expect(await cli(['--data-dir', directory(), 'keys', 'list'])).toMatchObject({ code: 0, stderr: '' });
  });

  test('keys list prints ISO 8601 times', async () => {
    const { code, stdout } = await cli(['--data-dir', directory(), 'keys', 'list']);
    expect(code).toBe(0);
    const [, row] = stdout.trim().split('\n');
    expect(row).toMatch(/\s\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z(\s|$)/);
  });

  test('deliveries dead says so when there are none', async () => {
    const { code, stdout, stderr } = await cli(['--data-dir', directory(), 'deliveries', 'dead']);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe('no dead letters');
  });
});

test('a PostgreSQL server that cannot be reached is one line naming the URL without its password', async () => {
  const run = await cli(['--database-url', 'postgres://someone:secret@127.0.0.1:1/none', 'keys', 'list']);
  expectOneLineFailure(
    run,
    /cannot use the database at postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/none .*ECONNREFUSED/,
  );
  expect(run.stderr).not.toContain('secret');
});

test('serve with a PostgreSQL server that cannot be reached is one line too', async () => {
  const run = await cli(['serve'], { env: { DATABASE_URL: 'postgres://127.0.0.1:1/none', PORT: '0' } });
  expectOneLineFailure(run, /cannot use the database at postgres:\/\/127\.0\.0\.1:1\/none .*ECONNREFUSED/);
});

test('serve with a malformed variable refuses in one line naming it and what it accepts', async () => {
  const run = await cli(['serve'], { env: { PORT: '80 80' } });
  expectOneLineFailure(run, /^error: PORT must be a whole number from 0 to 65535, not "80 80"$/m);
});

test('a PostgreSQL database that is not migrated is one line asking to migrate', { timeout: 30_000 }, async () => {
  const database = await createServerDatabase();
  try {
    const run = await cli(['--database-url', database.url, 'deliveries', 'dead']);
    expectOneLineFailure(run, /the database is not migrated .*run "street-events migrate" first/);
  } finally {
    await database.drop();
  }
});

test('serve on a port in use is one line naming the port', { timeout: 60_000 }, async () => {
  const occupier: Server = createServer();
  await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
  const port = (occupier.address() as { port: number }).port;
  try {
    const run = await cli(['--data-dir', join(scratch, 'port-in-use'), 'serve'], {
      env: { PORT: String(port), HOST: '127.0.0.1' },
    });
    expectOneLineFailure(run, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use`));
  } finally {
    occupier.close();
  }
});

test('a usage error is one line pointing at --help', async () => {
  const run = await cli(['org', 'create', '--name', 'Nameless']);
  expectOneLineFailure(run, /required option '--kind <kind>' not specified \(--help shows the usage\)/);
});
