import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli as cli } from '../support/cli.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandboxPassword } from '../../src/sandbox/seed/sandbox.js';
import { createServerDatabase } from '../support/databases.js';

test('--help names every command', async () => {
  const { code, stdout } = await cli(['--help']);
  expect(code).toBe(0);
  for (const command of ['migrate', 'seed', 'org', 'user', 'token', 'contract', 'simulate'])
    expect(stdout).toContain(command);
});

test('a usage error is reported on stderr with a non-zero exit code', async () => {
  const { code, stdout, stderr } = await cli(['org', 'create', '--name', 'Nameless']);
  expect(code).not.toBe(0);
  expect(stdout).toBe('');
  expect(stderr).toContain('--kind');
});

for (const backend of ['pglite', 'postgres'] as const) {
  describe(`against ${backend}`, { timeout: 180_000 }, () => {
    let target: string[] = [];
    let cleanUp: () => Promise<void> | void = () => undefined;
    beforeAll(async () => {
      if (backend === 'postgres') {
        const created = await createServerDatabase();
        target = ['--database-url', created.url];
        cleanUp = created.drop;
      } else {
        const directory = mkdtempSync(join(tmpdir(), 'street-events-cli-'));
        target = ['--data-dir', directory];
        cleanUp = () => rmSync(directory, { recursive: true, force: true });
      }
    });
    afterAll(() => cleanUp());

    test('seed --json prints the organisations, users and tokens; seeding again is refused', async () => {
      const first = await cli([...target, 'seed', '--events', '200', '--json']);
      expect(first.code).toBe(0);
      const summary = JSON.parse(first.stdout) as {
        organisations: { name: string }[];
        users: { role: string; token: string; email: string; password: string }[];
      };
      expect(summary.organisations.map((organisation) => organisation.name)).toContain('Leeds City Council');
      expect(summary.users.every((user) => user.token.startsWith('se_'))).toBe(true);
      expect(
        summary.users.map(({ email, password }) => [email.endsWith('@sandbox.street-events.example'), password]),
      ).toEqual(summary.users.map(({ role }) => (role === 'Operator' ? [false, ''] : [true, sandboxPassword])));
      const second = await cli([...target, 'seed']);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('error: the database holds organisations already');
    });

    test('a seeded database is current: the next start rewrites none of its polling rows', async () => {
      const { code, stderr } = await cli([...target, 'migrate']);
      expect(code).toBe(0);
      expect(stderr).toBe('migrations applied\n');
    });

    test('administration commands create organisations, users, tokens and contracts', async () => {
      const steps = [
        ['org', 'create', '--kind', 'promoter', '--name', 'Calder Water', '--swa-code', '7101'],
        ['org', 'create', '--kind', 'contractor', '--name', 'Holme Civils'],
        ['user', 'create', '--username', 'holme.one', '--role', 'Contractor', '--org', 'Holme Civils'],
        ['contract', 'add', '--contractor', 'Holme Civils', '--promoter', '7101'],
      ];
      for (const step of steps) expect(await cli([...target, ...step])).toMatchObject({ code: 0 });
      const issued = await cli([...target, 'token', 'issue', 'holme.one']);
      expect(issued.stdout.trim()).toMatch(/^se_[A-Za-z0-9_-]{43}$/);
      const contracts = await cli([...target, 'contract', 'list', '--json']);
      expect(JSON.parse(contracts.stdout)).toContainEqual({
        contractor: 'Holme Civils',
        promoter: 'Calder Water',
        promoterSwaCode: '7101',
        status: 'active',
      });
    });
  });
}
