/**
 * The console in headless Chromium against a running sandbox service and delivery worker, with
 * every other origin blocked: trigger an event, see its delivery with the attempt as sent and as
 * answered, replay it, see the second attempt; and the sign-in outside the sandbox.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/directory/users.js';
import { SandboxClock } from '../../src/sandbox/clock/sandbox-clock.js';
import { SandboxChaos } from '../../src/sandbox/chaos/sandbox-chaos.js';
import { chaosPresets } from '../../src/sandbox/chaos/presets.js';
import { issueToken } from '../../src/directory/tokens.js';
import { startReceiver, type Receiver } from '../deliveries/receiver.js';
import { loopbackPolicy, startTestWorker, type MovableWorker } from '../features/notifications/harness.js';
import { openBrowser, type Browser } from '../support/browser.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { highwayAuthority, promoter, tokenFor } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

const artifactsDir = fileURLToPath(new URL('../../artifacts/', import.meta.url));
let sequence = 0;

/** The service with the console; with `sandbox`, the sandbox Operator (token and organisation). */
async function consoleService(
  database: TestDatabase,
  sandbox?: { token: string; organisation: string },
): Promise<RunningService> {
  let baseUrl = '';
  const clock = sandbox && (await SandboxClock.open(database.db));
  const service = await startService({
    db: database.db,
    listen: database.listen,
    clock: clock?.now,
    notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
    layer:
      sandbox &&
      sandboxLayer({
        db: database.db,
        users: [{ username: 'ops', role: 'Operator', email: '', password: '', ...sandbox }],
        clock,
        // The mild preset's figures, none of its refusals: the console's polls and searches are the test's own.
        chaos: new SandboxChaos(
          database.db,
          { profile: { ...chaosPresets.mild, unavailable_rate: 0, throttled_rate: 0 }, seed: 9, preset: 'mild' },
          clock!.now,
        ),
      }),
    console: true,
  });
  baseUrl = service.baseUrl;
  return service;
}

describeEachDatabase('the console in Chromium', (database) => {
  describe('in the sandbox', () => {
    let service: RunningService;
    let worker: MovableWorker;
    let receiver: Receiver;
    let browser: Browser;
    let origin: string;
    let organisation: string;

    beforeAll(async () => {
      const owner = await promoter(database.db);
      await highwayAuthority(database.db);
      organisation = owner.swaCode!;
      const operator = await createUser(database.db, {
        username: `console-operator-${++sequence}`,
        role: 'Operator',
        organisation: owner.name,
      });
      const { token } = await issueToken(database.db, operator.username);
      receiver = await startReceiver();
      service = await consoleService(database, { token, organisation: owner.name });
      worker = await startTestWorker(database);
      origin = new URL(service.baseUrl).origin;
      const pointed = await service.internalRequest('PUT', `/organisations/${organisation}/subscription`, {
        token,
        body: { api_endpoint: receiver.url, status: 'confirmed' },
      });
      expect(pointed.status).toBeLessThan(300);
      browser = await openBrowser(origin);
      await mkdir(artifactsDir, { recursive: true });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await worker?.stop();
      await service?.close();
      await receiver?.close();
    });

    test('triggering an event shows its delivery with the attempt; replaying it shows a second attempt', async () => {
      const { page } = browser;
      await page.goto(`${origin}/console`);
      await page.getByLabel('Organisation (name or SWA code)').fill(organisation);
      await page.getByLabel('Event kind').selectOption('permit_submitted');
      await page.getByRole('button', { name: 'Trigger' }).click();
      await expect.poll(() => page.locator('#trigger-result').innerText(), { timeout: 15_000 }).toMatch(/^Recorded/);

      const message = page
        .locator('li[data-message-id][data-state="delivered"]')
        .filter({ hasText: 'Permit submitted' });
      await message.first().waitFor({ timeout: 20_000 });
      const first = message.first();
      expect(await first.locator('details.attempt').count()).toBe(1);
      await first.locator('details.attempt summary').first().click();
      expect(await first.locator('details.attempt').first().innerText()).toContain('webhook-signature');

      await first.getByRole('button', { name: 'Replay' }).click();
      const id = await first.getAttribute('data-message-id');
      await expect
        .poll(() => page.locator(`li[data-message-id="${id}"] details.attempt`).count(), { timeout: 20_000 })
        .toBe(2);
      expect(receiver.received.filter((request) => request.headers['webhook-id'] === id)).toHaveLength(2);
      await page.screenshot({ path: join(artifactsDir, `console-${database.kind}.png`), fullPage: true });
      expect(browser.outside).toEqual([]);
    });

    test('lists the sandbox Operator and its token', async () => {
      await browser.page.goto(`${origin}/console`);
      await browser.page.locator('#organisations table').waitFor();
      expect(await browser.page.locator('#organisations').innerText()).toContain('Operator');
    });

    test("checks a receiver at a click and shows every check's result with a link to its docs", async () => {
      const { page } = browser;
      await page.goto(`${origin}/console`);
      await page.getByLabel('Receiver endpoint').fill(receiver.url);
      await page.getByRole('button', { name: 'Check the receiver' }).click();
      await expect
        .poll(() => page.locator('#check-result').innerText(), { timeout: 30_000 })
        .toMatch(/^\d+ of 13 checks passed/);
      expect(await page.locator('#check-scorecard tbody tr').count()).toBe(13);
      const handshake = page.locator('#check-scorecard tr[data-check="handshake"] a');
      expect(await handshake.getAttribute('href')).toMatch(/sandbox\.html#check-handshake$/);
    }, 60_000);

    test('moves the sandbox clock 49 hours forward at a click, and back to the wall clock', async () => {
      const { page } = browser;
      await page.goto(`${origin}/console`);
      await page.getByRole('button', { name: '+49h' }).click();
      await expect.poll(() => page.locator('#clock-result').innerText()).toContain('Moved 49h forward.');
      expect(await page.locator('#clock-now').innerText()).toContain('2 d 1 h ahead of the wall clock');
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => page.locator('#clock-now').innerText()).toContain('on the wall clock');
      expect(browser.errors).toEqual([]);
    });

    test('shows the chaos profile, and an organisation caught up once its poll reached its head', async () => {
      const { page } = browser;
      const owner = await promoter(database.db);
      const planner = await tokenFor(database.db, owner, 'Planner');
      expect((await service.request('GET', '/works/updates', { token: planner })).status).toBe(200);
      await page.goto(`${origin}/console`);
      await expect.poll(() => page.locator('#chaos-profile').innerText()).toContain('mild, seed 9');
      const row = page.locator(`#chaos tr[data-organisation="${owner.name}"]`);
      await expect.poll(() => row.innerText()).toContain('caught up');
      expect(browser.errors).toEqual([]);
    });
  });

  describe('outside the sandbox', () => {
    let service: RunningService;
    let browser: Browser;
    let origin: string;

    beforeAll(async () => {
      service = await consoleService(database);
      origin = new URL(service.baseUrl).origin;
      browser = await openBrowser(origin);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await service?.close();
    });

    test('a Planner token is refused at the sign-in, and an Operator token opens the console without the sandbox’s cards', async () => {
      const owner = await promoter(database.db);
      const { page } = browser;
      await page.goto(`${origin}/console`);
      await page.getByLabel('Operator token').fill(await tokenFor(database.db, owner, 'Planner'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.locator('#sign-in-problem').innerText()).toContain('not allowed');
      expect(await page.locator('#trigger-form').count()).toBe(0);

      await page.getByLabel('Operator token').fill(await tokenFor(database.db, owner, 'Operator'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#check-form').waitFor();
      // The sandbox's own cards are not shown: triggering, the clock, its organisations.
      expect(await page.locator('#trigger-form').count()).toBe(0);
      expect(await page.locator('#organisations').count()).toBe(0);
    });
  });
});
