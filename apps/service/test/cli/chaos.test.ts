/**
 * The chaos profile on the command line: `serve --chaos` refused without `--sandbox`, a profile
 * file that breaks the operator document's schema refused in one line naming the field, and
 * `street-events chaos status` against a running sandbox, as a table or as JSON.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chaosPresets } from '../../src/sandbox/chaos/presets.js';
import { SandboxChaos } from '../../src/sandbox/chaos/sandbox-chaos.js';
import { seedSandbox } from '../../src/sandbox/seed/sandbox.js';
import { runCli as cli } from '../support/cli.js';
import { describeEachDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

describe('serve --chaos', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'chaos-cli-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  /** `serve` with `args` on a PGlite directory of its own; one line on stderr and exit code 1 expected. */
  async function refused(args: string[]): Promise<string> {
    const { code, stdout, stderr } = await cli(['--data-dir', join(directory, 'pglite'), 'serve', ...args]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    return lines[0]!;
  }

  test('without --sandbox is refused in one line', async () => {
    expect(await refused(['--chaos', 'flaky'])).toBe(
      'error: --chaos needs --sandbox: the chaos profile exists only in the sandbox',
    );
  });

  test('--chaos-seed without a profile is refused in one line', async () => {
    expect(await refused(['--sandbox', '--chaos-seed', '7'])).toBe(
      'error: --chaos-seed needs a chaos profile: --chaos <preset-or-file>',
    );
  });

  test('a file whose rate is out of bounds is refused in one line naming the field', async () => {
    const file = join(directory, 'rates.json');
    await writeFile(file, JSON.stringify({ drop_rate: 0.2, duplicate_rate: 1.5 }));
    expect(await refused(['--sandbox', '--chaos', file])).toBe(`error: --chaos ${file}: duplicate_rate must be <= 1`);
  });

  test('a YAML file with a field the schema does not have is refused naming it', async () => {
    const file = join(directory, 'unknown.yaml');
    await writeFile(file, 'drop_rate: 0.2\nlag: 2000\n');
    expect(await refused(['--sandbox', '--chaos', file])).toBe(`error: --chaos ${file}: unknown field lag`);
  });

  test('neither a preset nor a file is refused naming the presets', async () => {
    expect(await refused(['--sandbox', '--chaos', 'bad-day'])).toMatch(/^error: --chaos bad-day: .*mild, flaky, storm/);
  });
});

describeEachDatabase('street-events chaos status', (database) => {
  let service: RunningService;
  let target: string[];

  beforeAll(async () => {
    const { users } = await seedSandbox(database.db, { events: 0 });
    const chaos = new SandboxChaos(
      database.db,
      { profile: chaosPresets.flaky, seed: 5, preset: 'flaky' },
      () => new Date(),
    );
    service = await startService({ db: database.db, layer: sandboxLayer({ db: database.db, users, chaos }) });
    const operator = users.find((user) => user.role === 'Operator')!;
    const planner = users.find((user) => user.role === 'Planner')!;
    // Until one gets through the profile's refusals.
    for (let tries = 0; tries < 10; tries++)
      if ((await service.request('GET', '/works/updates', { token: planner.token })).status === 200) break;
    target = ['--service', new URL(service.baseUrl).origin, '--token', operator.token];
  }, 60_000);
  afterAll(() => service?.close());

  test('prints the profile and a line per organisation that polled', async () => {
    const { code, stdout, stderr } = await cli(['chaos', 'status', ...target]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(
      /^Chaos profile flaky, seed 5: notifications 20 % dropped, 10 % duplicated, 50 % delayed up to 5000 ms/,
    );
    expect(stdout).toMatch(/poller_position\s+head\s+caught_up/);
  });

  test('--json prints the operator API’s answer', async () => {
    const { code, stdout } = await cli(['chaos', 'status', '--json', ...target]);
    expect(code).toBe(0);
    const status = JSON.parse(stdout) as { seed: number; organisations: { caught_up: boolean }[] };
    expect(status.seed).toBe(5);
    expect(status.organisations).toHaveLength(1);
  });
});
