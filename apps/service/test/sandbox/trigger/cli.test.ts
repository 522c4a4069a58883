/**
 * `street-events trigger` against a running service (on both backends): it prints the events
 * the service recorded (the asked-for kind last) and exits 0; an unknown kind, an unknown
 * organisation or no service is one line on stderr and exit code 1.
 */
import type { PermitSearchReportingResponse } from '@street-events/types';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedSandbox } from '../../../src/sandbox/seed/sandbox.js';
import { runCli as cli } from '../../support/cli.js';
import { describeEachDatabase } from '../../support/databases.js';
import { startService, type RunningService } from '../../support/http.js';
import { sandboxLayer } from '../../../src/sandbox/layer.js';

describeEachDatabase('street-events trigger', (database) => {
  let service: RunningService;
  let target: string[];
  let planner: string;

  beforeAll(async () => {
    const { users } = await seedSandbox(database.db, { events: 0 });
    service = await startService({ db: database.db, layer: sandboxLayer({ db: database.db, users: [] }) });
    const operator = users.find((user) => user.role === 'Operator')!;
    planner = users.find((user) => user.username === 'nw.planner')!.token;
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

  test('--set gives field values of the permit it submits, each parsed as JSON when it parses', async () => {
    const { code, stdout, stderr } = await cli([
      'trigger',
      'permit_submitted',
      '--org',
      '7001',
      '--set',
      'work_category=minor',
      '--set',
      'traffic_management_type="road_closure"',
      '--json',
      ...target,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [submitted] = JSON.parse(stdout) as { parent_object_reference_number: string }[];
    const search = await service.request<PermitSearchReportingResponse>('POST', '/permits/search', {
      token: planner,
      body: { work_reference_numbers: [submitted!.parent_object_reference_number] },
    });
    expect(search.body.rows).toEqual([
      expect.objectContaining({ work_category: 'minor', traffic_management_type: 'road_closure' }),
    ]);
  });

  test('a value that does not apply is one line naming it, and exit code 1', async () => {
    const { code, stderr } = await cli([
      'trigger',
      'organisation_updated',
      '--org',
      '7001',
      '--set',
      'work_category=minor',
      ...target,
    ]);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: .*values\.work_category/)]);
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
