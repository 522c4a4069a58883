/**
 * The command line beside a running PGlite sandbox, which holds the data directory: a command
 * that needs the directory runs in the sandbox and prints what it prints without one, with the
 * same exit code; what it changes, the running sandbox sees. Runs the built CLI
 * (`node dist/cli/main.js`) and a sandbox it started (`serve --sandbox`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readSandboxTokens } from '../../src/sandbox/seed/tokens-file.js';
import { runCli, type CliRun } from '../support/cli.js';
import { assertBuilt, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

let scratch = '';
const directory = () => join(scratch, 'pglite');

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(['--data-dir', directory(), ...args], { LOG_LEVEL: 'warn', ...env });

/** What the sandbox says about itself in its data directory. */
const sandboxFile = () =>
  JSON.parse(readFileSync(join(directory(), 'sandbox.json'), 'utf8')) as { pid: number; service: string };

describe('commands beside a running sandbox', { timeout: 180_000 }, () => {
  let sandbox: ServiceProcess;
  /** What commands printed before the sandbox started, by their arguments. */
  const without = new Map<string, CliRun>();
  const commands = [['org', 'list'], ['user', 'list', '--json'], ['token', 'issue', 'nobody-at-all'], ['orgg']];

  beforeAll(async () => {
    assertBuilt();
    scratch = mkdtempSync(join(tmpdir(), 'street-events-through-sandbox-'));
    expect(await cli(['seed', '--events', '20'])).toMatchObject({ code: 0 });
    for (const command of commands) without.set(command.join(' '), await cli(command));
    sandbox = await startServiceProcess(['--data-dir', directory()], { HTTPS_PORT: 'off' }, 120_000, [
      '--sandbox',
      '--log-format',
      'json',
    ]);
    await vi.waitFor(() => expect(sandboxFile().pid).toBe(sandbox.child.pid), { timeout: 30_000, interval: 100 });
  }, 240_000);
  afterAll(async () => {
    await sandbox?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a directory command prints what it prints without a sandbox', async () => {
    for (const command of [
      ['org', 'list'],
      ['user', 'list', '--json'],
    ])
      expect(await cli(command)).toEqual(without.get(command.join(' ')));
  });

  test('a failed command prints the one line and exit code it has without a sandbox', async () => {
    const run = await cli(['token', 'issue', 'nobody-at-all']);
    expect(run).toEqual(without.get('token issue nobody-at-all'));
    expect(run).toMatchObject({ code: 1, stderr: 'error: no user nobody-at-all\n' });
  });

  test('a command that talks to a running service finds the sandbox where it listens, with its Operator token', async () => {
    const env = { STREET_EVENTS_URL: '', STREET_EVENTS_TOKEN: '' };
    const shown = await cli(['clock', 'show', '--json'], env);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(shown.stdout)).toMatchObject({ offset_seconds: 0 });
  });

  test('a command that changes state changes the running sandbox', async () => {
    const rotated = await cli(['keys', 'rotate']);
    expect(rotated.code).toBe(0);
    const kid = rotated.stdout.trim();
    const published = (await (await fetch(`${sandboxFile().service}/.well-known/webhook-keys`)).json()) as {
      keys: { kid: string }[];
    };
    expect(published.keys.map((key) => key.kid)).toContain(kid);
  });

  test('the sandbox answers a malformed command line as the command line does', async () => {
    const operator = readSandboxTokens(join(directory(), 'sandbox-tokens.json')).find(
      (user) => user.role === 'Operator',
    )!;
    const response = await fetch(`${sandboxFile().service}/internal/sandbox/commands`, {
      method: 'POST',
      headers: { token: operator.token, 'content-type': 'application/json' },
      body: JSON.stringify({ argv: ['orgg'] }),
    });
    const { code, stdout, stderr } = without.get('orgg')!;
    expect(await response.json()).toEqual({ exit_code: code, stdout, stderr });
  });

  test('a command that runs until interrupted is refused in one line naming the sandbox', async () => {
    const run = await cli(['simulate']);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: the sandbox at http://127\\.0\\.0\\.1:\\d+ \\(process ${sandbox.child.pid}\\) holds .*"simulate" does not run through it`,
      ),
    );
  });

  test('once the sandbox has stopped, commands open the directory themselves', async () => {
    expect(await sandbox.stop()).toBe(0);
    expect(existsSync(join(directory(), 'sandbox.json'))).toBe(false);
    expect(await cli(['org', 'list'])).toEqual(without.get('org list'));
  });
});
