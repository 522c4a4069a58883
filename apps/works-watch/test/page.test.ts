/**
 * The web page in headless Chromium, served by the app running against the service: it lists
 * the works with their permit status and history, and follows changes without a reload. Every
 * request the page makes must go to the app. Leaves a screenshot in artifacts/works-watch.png.
 */
import { chromiumArgs, chromiumPath, missingChromium } from '../../../scripts/chromium.mjs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appPicture } from './support/app-status.js';
import { eventually, type AppProcess } from './support/processes.js';
import { Sandbox } from './support/sandbox.js';

const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

let sandbox: Sandbox;
let app: AppProcess;
let context: BrowserContext;
let page: Page;
let userDataDir: string | undefined;
const outside: string[] = [];
const pageErrors: string[] = [];

test('Chromium is installed', () => {
  const problem = missingChromium();
  if (problem) throw new Error(problem);
});

describe('the works page in Chromium', () => {
  beforeAll(async () => {
    sandbox = await Sandbox.start(400);
    const { env } = await sandbox.appSettings({ WATCH_POLL_INTERVAL_SECONDS: '3600' });
    app = await sandbox.startApp(env);
    await eventually('the app has the seeded works and their permits', async () => {
      const { status } = await appPicture(app.url, 1);
      return status.counts.works > 0 && status.counts.stale_works === 0 && status.subscription.state === 'confirmed'
        ? true
        : undefined;
    });

    await mkdir(artifactsDir, { recursive: true });
    userDataDir = await mkdtemp(join(tmpdir(), 'works-watch-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1440, height: 1000 },
      serviceWorkers: 'block',
    });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === app.url) return route.continue();
      outside.push(url);
      return route.abort('blockedbyclient');
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
    await sandbox?.close();
  });

  test('lists the most recently updated works with their permit status and update history', async () => {
    const expected = await appPicture(app.url, 50);
    await page.goto(app.url, { waitUntil: 'load' });
    await page.locator('tr[data-work]').first().waitFor();

    const shown = await page
      .locator('tr[data-work]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-work')));
    expect(shown).toEqual(expected.works.map((work) => work.work_reference_number));

    const first = expected.works[0]!;
    const row = page.locator(`tr[data-work="${first.work_reference_number}"]`);
    expect(await row.locator('.permit-status').innerText()).toBe(first.permit!.status_string);
    expect(await row.locator('.latest-event').innerText()).toBe(first.events[0]!.event_type_string);
    await row.locator('details summary').click();
    const history = await row
      .locator('ol.history li')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-update-id'))));
    expect(history).toEqual(first.events.map((event) => event.update_id));

    expect(await page.locator('#works-count').innerText()).toBe(expected.status.counts.works.toLocaleString('en-GB'));
    expect(await page.locator('#cursor').innerText()).toBe(String(expected.status.cursor));
    expect(await page.locator('#push').innerText()).toContain('Confirmed');
    expect(outside, 'requests to anything but the app').toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('shows new activity as it happens, without a reload', async () => {
    await page.goto(app.url, { waitUntil: 'load' });
    await expect.poll(() => page.locator('#live').getAttribute('data-state'), { timeout: 30_000 }).toBe('live');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The cursor reads "–" until the page has the app's first status.
    const cursor = async () => Number(await page.locator('#cursor').innerText());
    await expect.poll(cursor, { timeout: 30_000 }).not.toBeNaN();
    const before = await cursor();
    const pushed = () => page.locator('#push').evaluate((element) => Number(element.firstChild?.textContent));
    const pushedBefore = await pushed();

    const simulation = sandbox.startSimulation(5);
    try {
      await expect.poll(cursor, { timeout: 90_000 }).toBeGreaterThan(before);
      await expect.poll(pushed, { timeout: 90_000 }).toBeGreaterThanOrEqual(pushedBefore + 3);
    } finally {
      await sandbox.stop(simulation, 'SIGINT');
    }
    const { works, status } = await eventually('the app settles', async () => {
      const picture = await appPicture(app.url, 50);
      return picture.status.counts.stale_works === 0 && !picture.status.reconciler.running ? picture : undefined;
    });
    await expect.poll(() => page.locator('#cursor').innerText(), { timeout: 30_000 }).toBe(String(status.cursor));
    const top = page.locator('tr[data-work]').first();
    expect(await top.getAttribute('data-work')).toBe(works[0]!.work_reference_number);
    await expect
      .poll(() => top.locator('.permit-status').innerText(), { timeout: 30_000 })
      .toBe(works[0]!.permit!.status_string);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await top.locator('details summary').click();
    await page.screenshot({ path: join(artifactsDir, 'works-watch.png'), fullPage: false });
    expect(outside).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
