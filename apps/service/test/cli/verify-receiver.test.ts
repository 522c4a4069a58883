/**
 * `street-events verify-receiver` against a running service: a scorecard, one line a check, exit
 * code 0 when every check passed; the failed checks with what was expected and where the docs
 * are, then one line on stderr and exit code 1, when one failed; `--json` prints the scorecard.
 */
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureSigningKey } from '../../src/deliveries/messages/keys.js';
import { startCarelessReceiver, startExampleReceiver } from '../deliveries/check-receivers.js';
import { runCli as cli } from '../support/cli.js';
import { describeEachDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import type { RunningService } from '../support/http.js';
import { startNotificationService } from '../subscriptions/harness.js';

describeEachDatabase('street-events verify-receiver', (database) => {
  let service: RunningService;
  let target: string[];
  let example: { endpoint: string; child: ChildProcess };
  let careless: { endpoint: string; server: Server };

  beforeAll(async () => {
    service = await startNotificationService(database.db);
    await ensureSigningKey(database.db);
    const operator = await tokenFor(database.db, await promoter(database.db), 'Operator');
    target = ['--service', new URL(service.baseUrl).origin, '--token', operator];
    example = await startExampleReceiver(service.baseUrl);
    careless = await startCarelessReceiver();
  }, 60_000);
  afterAll(async () => {
    example?.child.kill();
    careless?.server.close();
    await service?.close();
  });

  test('prints a line a check and exits 0 when the receiver passes every one', async () => {
    const { code, stdout, stderr } = await cli(['verify-receiver', example.endpoint, ...target]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^ {2}pass {2}tampered_body +answered 401 in \d+ ms$/m);
    expect(stdout).toMatch(/13 of 13 checks passed\.\n$/);
  }, 60_000);

  test('shows what a failed check expected and where the docs are, then exits 1 with one line', async () => {
    const { code, stdout, stderr } = await cli(['verify-receiver', careless.endpoint, ...target]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^ {2}FAIL {2}unknown_key +answered 200 in \d+ ms: it accepted the message$/m);
    expect(stdout).toMatch(/expected: refuses signatures by keys the service never published/);
    expect(stdout).toMatch(/see https:\S+sandbox\.html#check-unknown_key/);
    expect(stderr).toBe('error: 7 of 13 checks failed\n');
  }, 60_000);

  test('--json prints the scorecard of the operator API', async () => {
    const { code, stdout } = await cli(['verify-receiver', careless.endpoint, '--json', ...target]);
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
