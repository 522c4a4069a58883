/**
 * `street-events trigger` against a running service (on both backends): it prints the events
 * the service recorded (the asked-for kind last) and exits 0; an unknown kind, an unknown
 * organisation or no service is one line on stderr and exit code 1.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedSandbox } from '../../../src/sandbox/seed/sandbox.js';
import { describeEachDatabase } from '../../support/databases.js';
import { startService, type RunningService } from '../../support/http.js';

const serviceDirectory = fileURLToPath(new URL('../../..', import.meta.url));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', ...args],
      {
        cwd: serviceDirectory,
        env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: '', STREET_EVENTS_URL: '', STREET_EVENTS_TOKEN: '' },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describeEachDatabase('street-events trigger', (database) => {
  let service: RunningService;
  let target: string[];

  beforeAll(async () => {
    const { users } = await seedSandbox(database.db, { events: 0 });
    service = await startService({ db: database.db });
    const operator = users.find((user) => user.role === 'Operator')!;
    target = ['--service', new URL(service.baseUrl).origin, '--token', operator.token];
  }, 60_000);
  afterAll(() => service?.close());

  test('prints the events the service recorded, the asked-for kind last, and exits 0', async () => {
    const { code, stdout, stderr } = await cli(['trigger', 'fpn_paid', '--org', 'Northern Water', ...target]);
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
    const { code, stdout } = await cli(['trigger', 'organisation_updated', '--org', '4720', '--json', ...target]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ event_type: 'organisation_updated', object_reference_number: '4720' }),
    ]);
  });

  test('an unknown kind is one line on stderr and exit code 1', async () => {
    const { code, stdout, stderr } = await cli(['trigger', 'permit_exploded', '--org', '7001', ...target]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: .*permit_exploded/)]);
  });

  test('an unknown organisation is one line on stderr and exit code 1', async () => {
    const { code, stderr } = await cli(['trigger', 'permit_granted', '--org', 'Nobody Water', ...target]);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: .*Nobody Water/)]);
  });

  test('no service at the address is one line on stderr and exit code 1', async () => {
    const { code, stderr } = await cli([
      'trigger',
      'permit_granted',
      '--org',
      '7001',
      '--service',
      'http://127.0.0.1:9',
      '--token',
      'se_x',
    ]);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^error: the service at http:\/\/127\.0\.0\.1:9 cannot be reached/),
    ]);
  });
});
