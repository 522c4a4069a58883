/**
 * `street-events scenario run` as a user runs it: the built command line against a sandbox started
 * with `serve --sandbox` (PGlite, a process of its own), over real sockets, with the Operator token
 * the sandbox kept in its data directory. The failing-endpoint example prints each step, and the
 * notification to an endpoint that answers 503 is tried again at each retry as the clock moves on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotificationMessage } from '@street-events/types';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../support/cli.js';
import { assertBuilt, startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { startReceiver, type Receiver } from '../deliveries/receiver.js';

const example = fileURLToPath(new URL('../../../../packages/sandbox/scenarios/failing-endpoint.yaml', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'street-events-scenario-sandbox-'));
const dataDir = join(directory, 'pglite');
let sandbox: ServiceProcess;
let failing: Receiver;

beforeAll(async () => {
  assertBuilt();
  failing = await startReceiver();
  failing.answer = { status: 503 };
  sandbox = await startServiceProcess(['--data-dir', dataDir], {}, 180_000, [
    '--sandbox',
    '--events',
    '0',
    '--log-format',
    'json',
  ]);
}, 200_000);

afterAll(async () => {
  await sandbox?.stop();
  await failing?.close();
  rmSync(directory, { recursive: true, force: true });
});

test(
  'the failing-endpoint example prints each step, the retries of its notification included',
  { timeout: 120_000 },
  async () => {
    const service = new URL(sandbox.baseUrl).origin;
    const { code, stdout, stderr } = await runCli([
      '--data-dir',
      dataDir,
      'scenario',
      'run',
      example,
      '--service',
      service,
      '--var',
      `endpoint=${failing.url}`,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^1\. subscribed Leeds City Council at http:\/\/127\.0\.0\.1:\d+\/hook: subscription SUB-\w+, confirmed$/m,
    );
    expect(stdout).toMatch(/^2\. trigger permit_submitted for Leeds City Council: work \w+$/m);
    expect(stdout).toMatch(/^10\. clock advanced 12h: sandbox time \S+$/m);
    expect(stdout).toMatch(/^11\. deliveries to Leeds City Council's subscription SUB-\w+ settled$/m);
    expect(stdout).toMatch(/^notification\s+permit_submitted\s+\d+\s+pending\s+5\s+503 503 503 503 503\s+\S+$/m);
    const notified = failing.received.filter(
      (request) => (JSON.parse(request.body) as NotificationMessage).Type === 'Notification',
    );
    expect(notified).toHaveLength(5);
    expect(new Set(notified.map((request) => request.headers['webhook-id'])).size).toBe(1);
  },
);
