/**
 * `street-events clock` against a running sandbox: `show` prints the sandbox's time and how far
 * ahead it runs, `advance` moves it and prints what fell due, `reset` puts it back; a duration
 * that is not one is one line on stderr and exit code 1.
 */
import { runCli as cli } from '../support/cli.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SandboxClock } from '../../src/sandbox/clock/sandbox-clock.js';
import { seedSandbox } from '../../src/sandbox/seed/sandbox.js';
import { describeEachDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

describeEachDatabase('street-events clock', (database) => {
  let service: RunningService;
  let clock: SandboxClock;
  let target: string[];

  beforeAll(async () => {
    const { users } = await seedSandbox(database.db, { events: 0 });
    clock = await SandboxClock.open(database.db);
    service = await startService({
      db: database.db,
      clock: clock.now,
      layer: sandboxLayer({ db: database.db, users, clock }),
    });
    const operator = users.find((user) => user.role === 'Operator')!;
    target = ['--service', new URL(service.baseUrl).origin, '--token', operator.token];
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await clock?.reset(database.db);
  });

  test('advance moves the clock and show prints how far ahead it runs', async () => {
    const advanced = await cli(['clock', 'advance', '49h', ...target]);
    expect(advanced).toMatchObject({ code: 0, stderr: '' });
    expect(advanced.stdout).toMatch(/^Sandbox time \S+ \(2d 1h ahead of the wall clock\)\./);
    const shown = await cli(['clock', 'show', ...target]);
    expect(shown.stdout).toContain('(2d 1h ahead of the wall clock)');
  });

  test('--json prints the operator API’s answer', async () => {
    const { code, stdout } = await cli(['clock', 'show', '--json', ...target]);
    expect(code).toBe(0);
    const shown = JSON.parse(stdout) as { offset_seconds: unknown };
    expect(typeof shown.offset_seconds).toBe('number');
  });

  test('reset puts the clock back on the wall clock', async () => {
    const { code, stdout } = await cli(['clock', 'reset', ...target]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/\(on the wall clock\)\.\n$/);
  });

  test('a duration that is not one is one line on stderr and exit code 1', async () => {
    const { code, stdout, stderr } = await cli(['clock', 'advance', 'soon', ...target]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: .*by/)]);
  });
});
