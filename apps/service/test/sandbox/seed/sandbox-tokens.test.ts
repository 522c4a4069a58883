/**
 * `serve --sandbox` keeps its tokens in a file it names at start, and a restarted sandbox
 * reuses them; a user whose token no longer works gets a new one, and the output says so.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { assertBuilt, serviceDirectory } from '../../support/service-process.js';

const run = promisify(execFile);
const env = { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

interface SavedTokens {
  users: { username: string; token: string }[];
}

/** Runs `serve --sandbox` until it is ready, stops it, and returns what it printed. */
async function sandboxRun(dataDir: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['dist/cli/main.js', '--data-dir', dataDir, 'serve', '--sandbox', '--events', '0'],
    {
      cwd: serviceDirectory,
      env,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('Ctrl-C stops')) return resolve();
      if (child.exitCode !== null) return reject(new Error(`the sandbox did not start:\n${output}`));
      setTimeout(check, 50);
    };
    check();
  });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return output;
}

/** The token printed for a user in the sandbox's table. */
function printedToken(output: string, username: string): string {
  return new RegExp(`\\s${username.replace('.', '\\.')}\\s+(se_[A-Za-z0-9_-]{43})$`, 'm').exec(output)![1]!;
}

const scratch = mkdtempSync(join(tmpdir(), 'street-events-sandbox-tokens-'));
const dataDir = join(scratch, 'pglite');
const tokensFile = join(dataDir, 'sandbox-tokens.json');
beforeAll(() => assertBuilt());
// Only the scratch directory this file made, whatever failed before.
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test(
  'the first start names the tokens file and writes every printed token to it, readable by its owner only',
  { timeout: 60_000 },
  async () => {
    const output = await sandboxRun(dataDir);
    expect(output).toContain(`kept in ${tokensFile}`);
    const saved = JSON.parse(readFileSync(tokensFile, 'utf8')) as SavedTokens;
    expect(saved.users.length).toBeGreaterThan(1);
    for (const user of saved.users) expect(printedToken(output, user.username)).toBe(user.token);
    expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
  },
);

test('a restart prints the same tokens and issues none', { timeout: 60_000 }, async () => {
  const before = readFileSync(tokensFile, 'utf8');
  const output = await sandboxRun(dataDir);
  const saved = JSON.parse(before) as SavedTokens;
  for (const user of saved.users) expect(printedToken(output, user.username)).toBe(user.token);
  expect(output).not.toContain('New tokens');
  expect(readFileSync(tokensFile, 'utf8')).toBe(before);
});

test(
  'a user whose kept token was revoked gets a new one, said so and written to the file',
  { timeout: 60_000 },
  async () => {
    const saved = JSON.parse(readFileSync(tokensFile, 'utf8')) as SavedTokens;
    const revoked = saved.users.find((user) => user.username === 'nw.planner')!.token;
    await run(process.execPath, ['dist/cli/main.js', '--data-dir', dataDir, 'token', 'revoke', revoked.slice(0, 10)], {
      cwd: serviceDirectory,
      env,
    });
    const output = await sandboxRun(dataDir);
    expect(output).toContain('New tokens issued for nw.planner:');
    const renewed = printedToken(output, 'nw.planner');
    expect(renewed).not.toBe(revoked);
    const after = JSON.parse(readFileSync(tokensFile, 'utf8')) as SavedTokens;
    expect(after.users.find((user) => user.username === 'nw.planner')!.token).toBe(renewed);
    expect(printedToken(output, 'pg.planner')).toBe(saved.users.find((user) => user.username === 'pg.planner')!.token);
  },
);
