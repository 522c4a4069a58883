// Opens the built documentation in headless Chromium, served from a loopback
// HTTP server, with every request to any other host blocked: the pages must
// render without the network.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHANGES_PAGE,
  DECISIONS_ANCHOR,
  SANDBOX_PAGE,
  SITE_TITLE,
  SIZING_PAGE,
  loadVersions,
} from '../scripts/build.mjs';
import { startStaticServer, type StaticServer } from '../scripts/static-server.mjs';
// The decorator that writes the sentence when the documents are bundled.
import { rolesSentence } from '../../../openapi/plugins/street-events.mjs';
import { chromiumArgs, chromiumPath, missingChromium } from '../../../scripts/chromium.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appDir, 'dist');
const artifactsDir = join(appDir, 'artifacts');

/**
 * How long a page load or a wait for an element may take. Generous: on a shared
 * two-core runner Chromium competes with the service's tests for the CPU.
 */
const PAGE_WAIT = 60_000;

const LATEST = '7.7';
const ALL_7X = ['7.0', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.7'];
/** Sidebar group of the 7.7 reference → the operations (by summary) under it. */
const OPERATIONS_7_7: Record<string, string[]> = {
  Polling: ['List updates to works'],
  Permits: ['Search permit summaries'],
  Notifications: ['Subscribe an endpoint to notifications', 'Remove a subscription', 'List subscriptions'],
  Webhooks: ['Subscription confirmation', 'Notification of an event'],
};

let server: StaticServer;
let context: BrowserContext;
let page: Page;
let userDataDir: string | undefined;
let versions: string[];

/** Requests the page tried to make to anything but the loopback server. */
const outside: string[] = [];
/** Loopback requests answered with an error status. */
const failed: string[] = [];
const pageErrors: string[] = [];

const missingBuild = (): string | undefined =>
  existsSync(join(distDir, 'index.html'))
    ? undefined
    : `No built documentation in ${distDir}. Build it first: pnpm turbo run build --filter=@street-events/docs`;

// Reported as failures of their own, never skipped.
describe('prerequisites', () => {
  it('Chromium is installed', () => {
    const problem = missingChromium();
    if (problem) throw new Error(problem);
  });

  it('the documentation is built', () => {
    const problem = missingBuild();
    if (problem) throw new Error(problem);
  });

  it('every operation of every version states its allowed roles at the end of its description', async () => {
    for (const { version, document } of await loadVersions()) {
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(item) as [
          string,
          { description?: string; 'x-allowed-roles'?: string[] },
        ][]) {
          expect(operation['x-allowed-roles'], `${version} ${method} ${path}`).toBeDefined();
          expect(operation.description, `${version} ${method} ${path}`).toMatch(
            new RegExp(`${escapeRegExp(rolesSentence(operation['x-allowed-roles']!))}$`),
          );
        }
      }
    }
  });

  it('every 7.x version is exported by @street-events/openapi', async () => {
    const exported = (await loadVersions()).map((entry) => entry.version);
    expect(exported).toEqual(expect.arrayContaining(ALL_7X));
    expect(exported.at(-1)).toBe(LATEST);
  });
});

/** Everything the page needed came from the loopback server, without errors. */
function expectSelfContained(): void {
  expect(outside, 'requests to hosts other than the loopback server').toEqual([]);
  expect(failed, 'loopback requests that failed').toEqual([]);
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
}

/** Waits until the prerendered Redoc page has been hydrated (its effects have run). */
async function waitForRedoc(): Promise<void> {
  await page.locator('#redoc').waitFor({ state: 'attached' });
  // The attribution badge's logo is rendered by an effect, i.e. only once hydrated.
  await page.locator('#redoc img[alt="redocly logo"]').waitFor({ state: 'visible' });
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The heading of the reference whose text is exactly `text`, followed by the
 * badge `badge` if given (webhooks carry a "Webhook" badge). Matched on the
 * text: the accessible name also carries the label of the deep-link anchor.
 */
function heading(text: string, badge?: string): Locator {
  const pattern = `^\\s*${escapeRegExp(text)}\\s*${badge ? `${escapeRegExp(badge)}\\s*` : ''}$`;
  return page
    .locator('#redoc')
    .locator('h1, h2, h3')
    .filter({ hasText: new RegExp(pattern) })
    .first();
}

async function expectInViewport(locator: Locator, what: string): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await expect
    .poll(
      () =>
        locator.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }),
      { message: `${what} is scrolled into view`, timeout: PAGE_WAIT },
    )
    .toBe(true);
}

describe('static API reference in Chromium, offline', () => {
  beforeAll(async () => {
    const missing = missingChromium() ?? missingBuild();
    if (missing) throw new Error(missing);
    versions = (await loadVersions()).map((entry) => entry.version);
    await mkdir(artifactsDir, { recursive: true });

    server = await startStaticServer({ root: distDir, host: '127.0.0.1', port: 0 });
    userDataDir = await mkdtemp(join(tmpdir(), 'street-events-docs-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1400, height: 900 },
      serviceWorkers: 'block',
    });

    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === server.origin) return route.continue();
      outside.push(url);
      return route.abort('blockedbyclient');
    });
    await context.routeWebSocket(/.*/, (socket) => {
      outside.push(socket.url());
      return socket.close();
    });

    context.setDefaultTimeout(PAGE_WAIT);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.status() >= 400 && url.pathname !== '/favicon.ico') {
        failed.push(`${response.status()} ${url.pathname}`);
      }
    });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    outside.length = 0;
    failed.length = 0;
    pageErrors.length = 0;
  });

  it('index lists every version, marks the latest, says what changed and links to the decisions', async () => {
    const response = await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(SITE_TITLE);
    expect(await page.locator('h1').innerText()).toBe(SITE_TITLE);

    const items = page.locator('li[data-version]');
    const listed = await items.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-version')),
    );
    expect(listed).toEqual([...versions].reverse());
    for (const version of versions) {
      const link = page.locator(`li[data-version="${version}"] a.version-link`);
      expect(await link.getAttribute('href')).toBe(`${version}/index.html`);
      expect(await link.innerText()).toContain(version);
    }

    const latest = page.locator('li.latest');
    expect(await latest.count()).toBe(1);
    expect(await latest.getAttribute('data-version')).toBe(LATEST);
    expect(await latest.innerText()).toMatch(/latest/i);

    expect(await page.locator('#whats-new').innerText()).toContain(`What changed in ${LATEST}`);
    expect((await page.locator('#latest-change').innerText()).trim()).toMatch(/contract/i);
    expect(await page.locator('#decisions-link').getAttribute('href')).toBe(`${LATEST}/index.html${DECISIONS_ANCHOR}`);

    await page.screenshot({ path: join(artifactsDir, 'index.png'), fullPage: true });
    expectSelfContained();
  });

  it('the login link of the index opens the login document’s reference, with both operations, offline', async () => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.locator('#login-link').click();
    await waitForRedoc();
    const text = await page.locator('#redoc').innerText();
    expect(text).toContain('/work/authenticate');
    expect(text).toContain('/party/refresh');
    expectSelfContained();
  });

  // One test per version: each loads a 2.6 MB page, so each gets the whole time allowed to a test.
  it.for(ALL_7X)('the index link of %s opens that version’s reference', async (version) => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.locator(`li[data-version="${version}"] a.version-link`).click();
    await page.waitForURL(`${server.origin}/${version}/index.html`, { waitUntil: 'load' });
    expect(await page.title()).toBe(`${SITE_TITLE} ${version}`);
    await waitForRedoc();
    expect(await page.locator('#redoc h1').first().innerText()).toContain(`(${version})`);
    expectSelfContained();
  });

  it(`${LATEST} reference renders offline: overview, decisions, every operation and webhook`, async () => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.getByRole('link', { name: `Open the ${LATEST} reference` }).click();
    await page.waitForURL(`${server.origin}/${LATEST}/index.html`);
    await waitForRedoc();

    expect(await page.locator('#redoc h1').first().innerText()).toBe(`${SITE_TITLE} (${LATEST})`);
    await page.screenshot({ path: join(artifactsDir, `v${LATEST}.png`) });

    await page.getByRole('link', { name: 'Decisions', exact: true }).first().click();
    await expectInViewport(heading('Decisions'), 'the Decisions heading');

    for (const [group, summaries] of Object.entries(OPERATIONS_7_7)) {
      await page.getByRole('link', { name: group, exact: true }).first().click();
      await expectInViewport(heading(group), `the ${group} heading`);
      for (const summary of summaries) {
        // The sidebar entry of the operation (its name also carries the HTTP method).
        await page.locator('a[href^="#/"]', { hasText: summary }).first().click();
        const badge = group === 'Webhooks' ? 'Webhook' : undefined;
        await expectInViewport(heading(summary, badge), `the heading "${summary}"`);
      }
    }
    expectSelfContained();
  });

  it('the changes page, linked from the index, compares each pair of consecutive versions offline', async () => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    expect(await page.locator('#changes-link').getAttribute('href')).toBe(CHANGES_PAGE);
    await page.locator('#changes-link').click();
    await page.waitForURL(`${server.origin}/${CHANGES_PAGE}`);
    expect(await page.locator('h1').innerText()).toBe('What changed between versions');

    const pairs = await page
      .locator('section.comparison')
      .evaluateAll((sections) =>
        sections.map((section) => `${section.getAttribute('data-from')}→${section.getAttribute('data-to')}`),
      );
    const consecutive = versions.slice(1).map((version, index) => `${versions[index]}→${version}`);
    expect(pairs).toEqual(consecutive.reverse());

    // 7.0 and 7.1 differ only in their version (each pair is compared afresh, not from a previous comparison).
    expect(await page.locator('section.comparison[data-to="7.1"] tbody tr').count()).toBe(1);
    // 7.7 added the contractor-without-contract refusal to every operation's 403.
    const latest = page.locator(`section.comparison[data-to="${LATEST}"]`);
    expect(await latest.locator('h2').innerText()).toBe(`${versions.at(-2)} → ${LATEST}`);
    expect(await latest.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await latest.innerText()).toContain('contractor_without_active_contract');
    await page.screenshot({ path: join(artifactsDir, 'changes.png'), fullPage: true });
    expectSelfContained();
  });

  it('the sizing page, linked from the index, turns measured costs into processes and standbys, and plans partitioning, offline', async () => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.locator('#sizing-link').click();
    await page.waitForURL(`${server.origin}/${SIZING_PAGE}`);
    expect(await page.locator('h1').innerText()).toBe('Sizing a deployment');
    const costs = page.locator('article.sizing table').first();
    expect(await costs.locator('th').allInnerTexts()).toContain('CPU per request');
    expect(await costs.locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
    const text = await page.locator('article.sizing').innerText();
    for (const topic of ['tail poll', 'permit search', 'worker', 'standby', 'partition']) expect(text).toContain(topic);
    await page.screenshot({ path: join(artifactsDir, 'sizing.png'), fullPage: true });
    expectSelfContained();
  });

  it('the sandbox page, linked from the index, starts from an empty folder and explains the clock, offline', async () => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.locator('#sandbox-link').click();
    await page.waitForURL(`${server.origin}/${SANDBOX_PAGE}`);
    expect(await page.locator('h1').innerText()).toBe('The sandbox');
    const text = await page.locator('article.sandbox').innerText();
    for (const topic of ['npx @street-events/sandbox', 'clock advance 49h', 'permit_deemed', 'webhook-timestamp'])
      expect(text).toContain(topic);
    await page.screenshot({ path: join(artifactsDir, 'sandbox.png'), fullPage: true });
    expectSelfContained();
  });

  it(`an operation of the ${LATEST} reference shows its allowed roles`, async () => {
    await page.goto(`${server.origin}/${LATEST}/index.html`, { waitUntil: 'load' });
    await waitForRedoc();
    await page.getByRole('link', { name: 'Polling', exact: true }).first().click();
    await page.locator('a[href^="#/"]', { hasText: 'List updates to works' }).first().click();
    await expectInViewport(heading('List updates to works'), 'the operation "List updates to works"');
    // The roles end the operation's description, which may run past the first screen.
    const roles = page.locator('#redoc').getByText('Allowed roles:').first();
    await roles.scrollIntoViewIfNeeded();
    await expectInViewport(roles, 'the allowed roles of "List updates to works"');
    expect(await roles.locator('xpath=..').innerText()).toContain(
      'Allowed roles: Planner, Contractor, HighwayAuthority.',
    );
    expectSelfContained();
  });

  // The reference pages are Redoc's, and the service's own test measures the latest one it serves.
  it.for(['index.html', CHANGES_PAGE, SIZING_PAGE, SANDBOX_PAGE])(
    '%s is no wider than a 390 px or a 1280 px window',
    async (name) => {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.origin}/${name}`, { waitUntil: 'load' });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({ width: 1400, height: 900 });
      expectSelfContained();
    },
  );

  it('the Decisions link of the index lands on the Decisions section', async () => {
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.locator('#decisions-link').click();
    await page.waitForURL(`${server.origin}/${LATEST}/index.html${DECISIONS_ANCHOR}`);
    await waitForRedoc();
    await expectInViewport(heading('Decisions'), 'the Decisions heading');
    expectSelfContained();
  });
});
