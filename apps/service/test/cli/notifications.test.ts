/**
 * The notification commands of the CLI, each run as its own process (as built): `serve --sandbox` with
 * its worker delivering to a loopback receiver, the stand-alone `worker`, the signing keys,
 * and dead letters listed and replayed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDatabase, type DatabaseConfig } from '../../src/db/database.js';
import { deliveries } from '../../src/db/schema.js';
import { subscribe } from '../../src/features/notifications/subscribe.js';
import { startReceiver, type Receiver } from '../deliveries/receiver.js';
import { runCli, startCli } from '../support/cli.js';
import { createServerDatabase } from '../support/databases.js';
import { callerOf, promoter } from '../support/fixtures.js';
import { loopbackPolicy } from '../features/notifications/harness.js';

/** The status of an https GET that trusts only the given certificate authority. */
function statusTrustingOnly(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) =>
    httpsGet(url, { ca }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject),
  );
}

const env = { LOG_LEVEL: 'warn' };
const cli = (args: string[], extra: NodeJS.ProcessEnv = {}) => runCli(args, { ...env, ...extra });
const start = (args: string[], extra: NodeJS.ProcessEnv = {}) => startCli(args, { ...env, ...extra });

for (const backend of ['pglite', 'postgres'] as const) {
  describe(`notification commands against ${backend}`, { timeout: 180_000 }, () => {
    let target: string[] = [];
    let config: DatabaseConfig;
    let cleanUp: () => Promise<void> | void = () => undefined;
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
      if (backend === 'postgres') {
        const created = await createServerDatabase();
        target = ['--database-url', created.url];
        config = { kind: 'postgres', url: created.url };
        cleanUp = created.drop;
      } else {
        const directory = mkdtempSync(join(tmpdir(), 'street-events-notify-cli-'));
        target = ['--data-dir', directory];
        config = { kind: 'pglite', dataDir: directory };
        cleanUp = () => rmSync(directory, { recursive: true, force: true });
      }
    });
    afterAll(async () => {
      await receiver?.close();
      await cleanUp();
    });

    /** Runs `work` on the database from this process, closing it before the next command runs. */
    async function withDatabase<T>(work: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
      const handle = await openDatabase(config);
      try {
        await handle.migrate();
        return await work(handle);
      } finally {
        await handle.close();
      }
    }

    test('serve --sandbox allows loopback endpoints, says so, and delivers the confirmation from its own worker', async () => {
      const served = start([...target, 'serve', '--sandbox', '--events', '0'], { PORT: '0' });
      try {
        await vi.waitFor(() => expect(served.output()).toContain('Ctrl-C stops'), { timeout: 60_000, interval: 25 });
        expect(served.output()).toMatch(/loopback .* allowed/);
        const baseUrl = /Event interface\s+(\S+)/.exec(served.output())![1]!;
        const token = /nw\.planner.*?(se_[A-Za-z0-9_-]{43})/.exec(served.output())![1]!;
        const response = await fetch(`${baseUrl}/api-notifications/subscribe`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify({ api_endpoint: receiver.url }),
        });
        expect(response.status).toBe(200);
        const confirmation = await vi.waitFor(
          () => {
            const got = receiver.received.find((request) => request.body.includes('SubscriptionConfirmation'));
            expect(got).toBeDefined();
            return JSON.parse(got!.body) as { SubscribeURL: string };
          },
          { timeout: 20_000, interval: 25 },
        );
        const httpsBaseUrl = /\(HTTPS: (https:\/\/\S+)\)/.exec(served.output())![1]!;
        const caFile = /Trust the CA\s+(\S+)/.exec(served.output())![1]!;
        expect(confirmation.SubscribeURL.startsWith(`${httpsBaseUrl}/api-notifications/confirm?token=`)).toBe(true);
        expect(await statusTrustingOnly(confirmation.SubscribeURL, readFileSync(caFile, 'utf8'))).toBe(200);
        const keys = (await (await fetch(new URL('/.well-known/webhook-keys', baseUrl))).json()) as { keys: unknown[] };
        expect(keys.keys).toHaveLength(1);
      } finally {
        served.child.kill('SIGTERM');
        expect(await served.exited).toBe(0);
      }
      receiver.received.length = 0;
    });

    test('keys rotate adds a signing key, keys retire retires one but never the last', async () => {
      const before = JSON.parse((await cli([...target, 'keys', 'list', '--json'])).stdout) as { kid: string }[];
      const rotated = await cli([...target, 'keys', 'rotate']);
      expect(rotated.code).toBe(0);
      const kid = rotated.stdout.trim();
      const listed = JSON.parse((await cli([...target, 'keys', 'list', '--json'])).stdout) as {
        kid: string;
        retiredAt: string | null;
      }[];
      expect(listed.map((key) => key.kid)).toEqual([...before.map((key) => key.kid), kid]);
      for (const old of before) expect(await cli([...target, 'keys', 'retire', old.kid])).toMatchObject({ code: 0 });
      const last = await cli([...target, 'keys', 'retire', kid]);
      expect(last.code).toBe(1);
      expect(last.stderr).toContain('only active signing key');
    });

    test('keys retire takes a key id that begins with a dash as the key id, not an option', async () => {
      const retired = await cli([...target, 'keys', 'retire', '-nXYM0e9X0y97lYkgl7']);
      expect(retired.code).toBe(1);
      expect(retired.stderr).toContain('no active signing key -nXYM0e9X0y97lYkgl7');
    });

    test('the worker command delivers; dead letters are listed and replayed with the same message id', async () => {
      const reference = await withDatabase(async ({ db }) => {
        const owner = await promoter(db);
        const created = await subscribe(
          db,
          await callerOf(db, owner, 'Planner'),
          { api_endpoint: receiver.url },
          {
            policy: loopbackPolicy,
            publicBaseUrl: () => 'http://127.0.0.1:1/v7',
          },
        );
        return created.subscription_reference_number;
      });
      receiver.answer = { status: 500 };
      const worker = start([...target, 'worker'], { WEBHOOK_ALLOW: '127.0.0.0/8', WEBHOOK_RETRY_SCHEDULE: '0,100ms' });
      try {
        await vi.waitFor(() => expect(receiver.received.length).toBe(2), { timeout: 60_000, interval: 25 });
      } finally {
        worker.child.kill('SIGINT');
        expect(await worker.exited).toBe(0);
      }
      const dead = await cli([...target, 'deliveries', 'dead', '--subscription', reference, '--json']);
      const [letter] = JSON.parse(dead.stdout) as { messageId: string; attempts: number; lastError: string }[];
      expect(letter).toMatchObject({ attempts: 2, lastError: 'HTTP 500 Internal Server Error' });
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
        letter!.messageId,
        letter!.messageId,
      ]);

      expect(await cli([...target, 'deliveries', 'replay', letter!.messageId])).toMatchObject({ code: 0 });
      expect(await cli([...target, 'deliveries', 'replay', letter!.messageId])).toMatchObject({ code: 1 });
      const status = await withDatabase(async ({ db }) =>
        db
          .select({ status: deliveries.status, attempts: deliveries.attempts })
          .from(deliveries)
          .where(eq(deliveries.messageId, letter!.messageId)),
      );
      expect(status).toEqual([{ status: 'pending', attempts: 0 }]);
      const bySubscription = await cli([
        ...target,
        'deliveries',
        'replay',
        '--subscription',
        reference,
        '--since',
        '2020-01-01T00:00:00Z',
      ]);
      expect(bySubscription.code).toBe(1); // nothing dead any more
      expect((await cli([...target, 'deliveries', 'replay'])).code).toBe(1);
      receiver.answer = { status: 200 };
    });

    // Last: its activity is notified to the subscription made above, and leaves deliveries behind.
    test('serve --sandbox --simulate records activity in the serving process and stops with it', async () => {
      const served = start([...target, 'serve', '--sandbox', '--events', '0', '--simulate', '20'], { PORT: '0' });
      try {
        await vi.waitFor(() => expect(served.output()).toContain('Ctrl-C stops'), { timeout: 60_000, interval: 25 });
        expect(served.output()).toContain('Simulating 20 activities a second.');
        const baseUrl = /Event interface\s+(\S+)/.exec(served.output())![1]!;
        const tokens = [...served.output().matchAll(/\.highways\s.*?(se_[A-Za-z0-9_-]{43})/g)].map(
          (match) => match[1]!,
        );
        const polled = async () => {
          let rows = 0;
          for (const token of tokens) {
            const page = (await (
              await fetch(`${baseUrl}/works/updates?page_size=250`, { headers: { token } })
            ).json()) as { rows: unknown[] };
            rows += page.rows.length;
          }
          return rows;
        };
        await vi.waitFor(async () => expect(await polled()).toBeGreaterThan(0), { timeout: 30_000, interval: 25 });
      } finally {
        served.child.kill('SIGTERM');
        expect(await served.exited).toBe(0);
      }
    });
  });
}
