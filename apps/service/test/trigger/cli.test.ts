/**
 * `street-events trigger` on both backends: it prints the events it recorded (the asked-for
 * kind last) and exits 0; an unknown kind is one line on stderr and exit code 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServerDatabase } from '../support/databases.js';

const serviceDirectory = fileURLToPath(new URL('../..', import.meta.url));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { cwd: serviceDirectory, env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

for (const backend of ['pglite', 'postgres'] as const) {
  describe(`trigger against ${backend}`, { timeout: 120_000 }, () => {
    let target: string[] = [];
    let cleanUp: () => Promise<void> | void = () => undefined;
    beforeAll(async () => {
      if (backend === 'postgres') {
        const created = await createServerDatabase();
        target = ['--database-url', created.url];
        cleanUp = created.drop;
      } else {
        const directory = mkdtempSync(join(tmpdir(), 'street-events-trigger-'));
        target = ['--data-dir', directory];
        cleanUp = () => rmSync(directory, { recursive: true, force: true });
      }
      expect((await cli([...target, 'seed', '--events', '0'])).code).toBe(0);
    }, 120_000);
    afterAll(() => cleanUp());

    test('prints the events it recorded, the asked-for kind last, and exits 0', async () => {
      const { code, stdout, stderr } = await cli([...target, 'trigger', 'fpn_paid', '--org', 'Northern Water']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^update_id\s+update_date_time\s+event_type\s+object_type/);
      expect(lines.slice(1).map((line) => line.split(/\s+/)[2])).toEqual([
        'permit_submitted',
        'work_start_logged',
        'fpn_submitted',
        'fpn_paid',
      ]);
    });

    test('--json prints the events as JSON', async () => {
      const { code, stdout } = await cli([...target, 'trigger', 'organisation_updated', '--org', '4720', '--json']);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual([
        expect.objectContaining({ event_type: 'organisation_updated', object_reference_number: '4720' }),
      ]);
    });

    test('an unknown kind is one line on stderr and exit code 1', async () => {
      const { code, stdout, stderr } = await cli([...target, 'trigger', 'permit_exploded', '--org', '7001']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: .*permit_exploded/)]);
    });

    test('an unknown organisation is one line on stderr and exit code 1', async () => {
      const { code, stderr } = await cli([...target, 'trigger', 'permit_granted', '--org', 'Nobody Water']);
      expect(code).toBe(1);
      expect(stderr).toBe('error: no organisation Nobody Water\n');
    });
  });
}
