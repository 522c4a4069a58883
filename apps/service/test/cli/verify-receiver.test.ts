/**
 * `street-events verify-receiver` against a running service: a scorecard, one line a check, exit
 * code 0 when every check passed; the failed checks with what was expected and where the docs
 * are, then one line on stderr and exit code 1, when one failed; `--json` prints the scorecard.
 */
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCheckBench, type CheckBench } from '../deliveries/check-receivers.js';
import { runCli as cli } from '../support/cli.js';
import { describeEachDatabase } from '../support/databases.js';

describeEachDatabase('street-events verify-receiver', (database) => {
  let bench: CheckBench;
  let target: string[];

  beforeAll(async () => {
    bench = await startCheckBench(database.db);
    target = ['--service', new URL(bench.service.baseUrl).origin, '--token', bench.operator];
  }, 60_000);
  afterAll(() => bench?.close());

  test('prints a line a check and exits 0 when the receiver passes every one', async () => {
    const { code, stdout, stderr } = await cli(['verify-receiver', bench.example.endpoint, ...target]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^ {2}pass {2}tampered_body +answered 401 in \d+ ms$/m);
    expect(stdout).toMatch(/13 of 13 checks passed\.\n$/);
  }, 60_000);

  test('shows what a failed check expected and where the docs are, then exits 1 with one line', async () => {
    const { code, stdout, stderr } = await cli(['verify-receiver', bench.careless.endpoint, ...target]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^ {2}FAIL {2}unknown_key +answered 200 in \d+ ms: it accepted the message$/m);
    expect(stdout).toMatch(/expected: refuses signatures by keys the service never published/);
    expect(stdout).toMatch(/see https:\S+sandbox\.html#check-unknown_key/);
    expect(stderr).toBe('error: 7 of 13 checks failed\n');
  }, 60_000);

  test('--json prints the scorecard of the operator API', async () => {
    const { code, stdout } = await cli(['verify-receiver', bench.careless.endpoint, '--json', ...target]);
    expect(code).toBe(1);
    const scorecard = JSON.parse(stdout) as components['schemas']['InternalReceiverScorecard'];
    expect(scorecard.passed).toBe(false);
    expect(scorecard.checks).toHaveLength(13);
  }, 60_000);

  test('an endpoint that is not a URL is one line on stderr', async () => {
    const { code, stdout, stderr } = await cli(['verify-receiver', 'not a url', ...target]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: .*endpoint/)]);
  });
});
