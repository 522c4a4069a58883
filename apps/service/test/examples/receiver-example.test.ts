/**
 * The README's sandbox receiver (examples/receiver.mjs), run as written against the sandbox over
 * HTTPS, trusting the sandbox's printed certificate authority through `NODE_EXTRA_CA_CERTS`: it
 * confirms its subscription by the https link, prints the notifications that arrive, rejects a
 * request whose signature is not the service's, and refuses a body too large to be a notification.
 * Pointed at by `street-events listen`, which confirms on its behalf, it confirms by the link too
 * and accepts what arrives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { assertBuilt, serviceDirectory } from '../support/service-process.js';

interface Running {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
}

function run(args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, args, { cwd: serviceDirectory, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const check = () => {
        const found = pattern.exec(output);
        if (found) return resolve(found);
        if (child.exitCode !== null || Date.now() > deadline) return reject(new Error(`no ${pattern} in:\n${output}`));
        setTimeout(check, 50);
      };
      check();
    });
  return { child, output: () => output, waitFor };
}

let directory = '';
let service: Running;
let receiver: Running;
let baseUrl = '';
let endpoint = '';
let operator = '';

beforeAll(async () => {
  assertBuilt();
  directory = mkdtempSync(join(tmpdir(), 'street-events-receiver-'));
  service = run(
    [
      'dist/cli/main.js',
      '--data-dir',
      join(directory, 'pglite'),
      'serve',
      '--sandbox',
      '--events',
      '0',
      '--simulate',
      '20',
    ],
    {
      DATABASE_URL: '',
      PGLITE_DATA_DIR: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  );
  baseUrl = (await service.waitFor(/Event interface\s+(\S+)/))[1]!;
  const token = (await service.waitFor(/\snw\.planner\s+(se_[A-Za-z0-9_-]{43})$/m))[1]!;
  operator = (await service.waitFor(/\soperator\s+(se_[A-Za-z0-9_-]{43})$/m))[1]!;
  const httpsBaseUrl = (await service.waitFor(/\(HTTPS: (https:\/\/\S+)\)/))[1]!;
  const caFile = (await service.waitFor(/Trust the CA\s+(\S+)/))[1]!;
  receiver = run(['examples/receiver.mjs'], { EVENTS_BASE_URL: httpsBaseUrl, NODE_EXTRA_CA_CERTS: caFile, PORT: '0' });
  endpoint = (await receiver.waitFor(/receiving at (\S+),/))[1]!;
  const subscribed = await fetch(`${baseUrl}/api-notifications/subscribe`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ api_endpoint: endpoint, subscription_description: 'receiver example' }),
  });
  expect(subscribed.status).toBe(200);
}, 90_000);

afterAll(async () => {
  for (const running of [receiver, service]) {
    if (running?.child.exitCode === null) {
      const exited = new Promise((resolve) => running.child.on('exit', resolve));
      running.child.kill('SIGTERM');
      await exited;
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

test(
  'the receiver confirms its subscription and prints the signed notifications that arrive',
  { timeout: 60_000 },
  async () => {
    await receiver.waitFor(/subscription \S+ confirmed/);
    await receiver.waitFor(/update \d+: \w+ on NW/);
    expect(receiver.output()).not.toContain('rejected');
  },
);

test('the receiver rejects a message whose signature is not the service’s', async () => {
  const body = JSON.stringify({ Type: 'Notification', MessageId: 'msg_forged', Message: '{}' });
  const forged = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': 'msg_forged',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': `v1a,${Buffer.alloc(64).toString('base64')}`,
    },
    body,
  });
  expect(forged.status).toBe(401);
  await receiver.waitFor(/rejected a request: no valid signature/);
  expect(receiver.output()).not.toContain('msg_forged');
});

test('the receiver refuses a body larger than a notification can be, without reading it', async () => {
  const oversized = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'x'.repeat(300 * 1024),
  });
  expect(oversized.status).toBe(413);
  expect(receiver.child.exitCode).toBeNull();
});

test(
  'pointed at by listen, which confirms on its behalf, the receiver confirms by the link too and accepts what arrives',
  { timeout: 90_000 },
  async () => {
    const listening = run(
      ['dist/cli/main.js', 'listen', '--org', '7002', '--forward-to', endpoint, '--service', new URL(baseUrl).origin],
      { STREET_EVENTS_TOKEN: operator, DATABASE_URL: '', PGLITE_DATA_DIR: '' },
    );
    try {
      const reference = (await listening.waitFor(/forwarding .* \((SUB-\w+), confirmed\)/))[1]!;
      await receiver.waitFor(new RegExp(`subscription \\S+:${reference} confirmed`));
      await listening.waitFor(/ permit_\w+ {2}update_id \d+ {2}2\d\d /);
      expect(receiver.output()).not.toContain(`rejected a notification of ${reference}`);
      expect(receiver.output()).not.toMatch(new RegExp(`rejected a notification of \\S+:${reference}`));
    } finally {
      const exited = new Promise((resolve) => listening.child.on('exit', resolve));
      listening.child.kill('SIGINT');
      await exited;
    }
  },
);
