// The examples of the README, run against a fake of the interface on loopback.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleErrorsExample } from '../examples/handle-errors.js';
import { pollUpdatesExample } from '../examples/poll-updates.js';
import { receiveNotificationsExample } from '../examples/receive-notifications.js';
import { reconcileUpdatesExample } from '../examples/reconcile-updates.js';
import { searchPermitsExample } from '../examples/search-permits.js';
import type { NotificationPayload } from '../src/index.js';
import { permitSummary, startFakeEventsService, updateRow, type FakeEventsService } from '../src/testing.js';
import {
  confirmationMessage,
  generateTestKey,
  notificationMessage,
  payload,
  signedDelivery,
  subscription,
} from './support/webhook-signer.js';

let service: FakeEventsService;
let dir: string;

beforeAll(async () => {
  service = await startFakeEventsService();
  dir = await mkdtemp(join(tmpdir(), 'events-examples-'));
});
afterAll(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => service.reset());

describe('examples', () => {
  it('poll-updates: builds the local picture, stores the cursor, and resumes from it on the next run', async () => {
    service.state.updates = Array.from({ length: 300 }, (_, i) => updateRow(i + 1, i % 2 ? '001' : '002'));
    const cursorFile = join(dir, 'cursor');
    const first = await pollUpdatesExample({ baseUrl: service.baseUrl, token: 'tok', cursorFile });

    expect(first.size).toBe(300);
    expect(await readFile(cursorFile, 'utf8')).toBe('300');

    service.state.updates.push(updateRow(301));
    const second = await pollUpdatesExample({ baseUrl: service.baseUrl, token: 'tok', cursorFile });
    expect([...second.keys()]).toEqual([updateRow(301).work_reference_number]);
    expect(await readFile(cursorFile, 'utf8')).toBe('301');
  });

  it('search-permits: fetches the permits of the works that changed', async () => {
    service.state.updates = [updateRow(1), updateRow(2), updateRow(3)];
    service.state.permits = [updateRow(2), updateRow(3), updateRow(9)].map((row) =>
      permitSummary(row.work_reference_number),
    );
    const permits = await searchPermitsExample({ baseUrl: service.baseUrl, token: 'tok', cursor: 0 });

    expect(permits.map((permit) => permit.work_reference_number)).toEqual(
      [updateRow(2), updateRow(3)].map((row) => row.work_reference_number),
    );
  });

  it('receive-notifications: confirms the subscription and handles a notification', async () => {
    const key = generateTestKey();
    service.state.webhookKeys = [key.publicJwk];
    const events: NotificationPayload[] = [];
    const server = receiveNotificationsExample({
      serviceUrl: service.baseUrl,
      onEvent: (event) => void events.push(event),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/street-works`;
    try {
      const confirmation = confirmationMessage(`${service.baseUrl}/api-notifications/confirm?token=cnf_token`);
      const confirmed = await fetch(endpoint, { method: 'POST', ...signedDelivery(confirmation, [key]) });
      const notified = await fetch(endpoint, { method: 'POST', ...signedDelivery(notificationMessage(), [key]) });

      expect([confirmed.status, notified.status]).toEqual([200, 200]);
      expect(service.confirmedTokens).toEqual(['cnf_token']);
      expect(events).toEqual([payload]);
    } finally {
      server.close();
    }
  });

  it('reconcile-updates: a notification brings the poll forward, each update is handed on once, and the cursor is kept in its file', async () => {
    const key = generateTestKey();
    service.state.webhookKeys = [key.publicJwk];
    service.state.updates = [updateRow(1), updateRow(2)];
    const cursorFile = join(dir, 'reconcile-cursor');
    const seen: number[] = [];
    const controller = new AbortController();
    const { reconciler, server } = reconcileUpdatesExample({
      baseUrl: service.baseUrl,
      token: 'tok',
      cursorFile,
      onUpdate: (update) => void seen.push(update.update_id),
      signal: controller.signal,
      subscriptions: [subscription],
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/street-works`;
    try {
      await reconciler.poll();
      service.state.updates.push(updateRow(3));
      const notification = notificationMessage({ ...payload, ...updateRow(3) });
      for (const delivery of [notification, notification, notificationMessage({ ...payload, ...updateRow(2) })]) {
        expect((await fetch(endpoint, { method: 'POST', ...signedDelivery(delivery, [key]) })).status).toBe(200);
      }

      await expect.poll(() => seen).toEqual([1, 2, 3]);
      await expect.poll(() => readFile(cursorFile, 'utf8')).toBe('3');
      expect(service.requestsTo('/works/updates')).toHaveLength(2);
    } finally {
      controller.abort();
      await reconciler.done;
      server.close();
    }
  });

  it('handle-errors: returns the data, or says what went wrong', async () => {
    const subscription = {
      subscription_reference_number: 'SUB-1',
      subscription_description: '',
      subscription_url: 'https://hooks.example',
    };
    service.state.subscriptions = [subscription];
    expect(await handleErrorsExample({ baseUrl: service.baseUrl, token: 'tok' })).toEqual([subscription]);

    service.failNext({ status: 401 });
    expect(await handleErrorsExample({ baseUrl: service.baseUrl, token: 'tok' })).toBe(
      'the token is missing, unknown or revoked',
    );

    service.failNext(...Array.from({ length: 5 }, () => ({ status: 429, headers: { 'retry-after': '0' } })));
    expect(await handleErrorsExample({ baseUrl: service.baseUrl, token: 'tok' })).toBe('rate limited; retry in 0 ms');
  });
});

const clientDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs an example file as the README says, `npx tsx examples/<name>.ts`, with this package's tsx. */
function runExample(name: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(clientDir, 'node_modules/.bin/tsx'),
      [`examples/${name}.ts`],
      { cwd: clientDir, env: { ...process.env, EVENTS_TOKEN: 'tok', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('examples run as scripts', () => {
  it('poll-updates ends once caught up and keeps its cursor in the temporary directory, not the working directory', async () => {
    // The script's first run starts a day back.
    service.state.updates = [updateRow(1), updateRow(2)].map((row) => ({
      ...row,
      update_date_time: new Date().toISOString(),
    }));
    const before = await readdir(clientDir);
    const { code, stdout } = await runExample('poll-updates', { EVENTS_BASE_URL: service.baseUrl, TMPDIR: dir });

    expect(code).toBe(0);
    expect(stdout).toContain('works changed: 2');
    expect(await readFile(join(dir, 'street-events-example-cursor'), 'utf8')).toBe('2');
    expect(await readdir(clientDir)).toEqual(before);
    expect(existsSync(join(clientDir, '.events-cursor'))).toBe(false);
  }, 40_000);

  it.each(['search-permits', 'handle-errors'])(
    '%s ends with its answer',
    async (name) => {
      service.state.updates = [updateRow(1)];
      service.state.permits = [permitSummary(updateRow(1).work_reference_number)];
      const { code, stderr } = await runExample(name, { EVENTS_BASE_URL: service.baseUrl });
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    },
    40_000,
  );
});
