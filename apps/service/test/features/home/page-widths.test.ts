/**
 * The service's pages at a phone's width (390 px) and a laptop's (1280 px) in headless Chromium:
 * the start page, the console (in the sandbox, with its tables of tokens and a long endpoint) and
 * the API reference it serves never scroll sideways: the document is no wider than the window.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { referencePath } from '../../../src/features/home/reference.js';
import { loadDocument } from '../../../src/shared/documents.js';
import { openBrowser, type Browser } from '../../support/browser.js';
import { describeEachDatabase } from '../../support/databases.js';
import { promoter, tokenFor } from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';
import { loopbackPolicy } from '../notifications/harness.js';
import { sandboxLayer } from '../../../src/sandbox/layer.js';

const artifactsDir = fileURLToPath(new URL('../../../artifacts/', import.meta.url));
const widths = [390, 1280] as const;
const latest = loadDocument().info.version;

/** Each page, and what shows it is drawn in full (the reference's logo: its page has been hydrated). */
const pages = [
  { name: 'start', path: '/', drawn: 'main .card' },
  { name: 'console', path: '/console', drawn: '#organisations table' },
  { name: 'reference', path: referencePath, drawn: 'li[data-version]' },
  {
    name: `reference-${latest}`,
    path: `${referencePath}${latest}/index.html`,
    drawn: '#redoc img[alt="redocly logo"]',
  },
];

const cases = pages.flatMap((page) => widths.map((width) => ({ ...page, width })));

describeEachDatabase('the pages in Chromium at 390 and 1280 px', (database) => {
  let service: RunningService;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    const owner = await promoter(database.db);
    const token = await tokenFor(database.db, owner, 'Operator');
    service = await startService({
      db: database.db,
      listen: database.listen,
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => service.baseUrl },
      layer: sandboxLayer({
        db: database.db,
        users: [{ username: 'ops', role: 'Operator', email: '', password: '', token, organisation: owner.name }],
      }),
      console: true,
    });
    origin = new URL(service.baseUrl).origin;
    const endpoint = `http://127.0.0.1:9/${'a-long-path-segment-'.repeat(8)}hook`;
    const subscribed = await service.internalRequest('PUT', `/organisations/${owner.swaCode}/subscription`, {
      token,
      body: { api_endpoint: endpoint, status: 'confirmed' },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBeLessThan(300);
    browser = await openBrowser(origin);
    await mkdir(artifactsDir, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it.for(cases)(
    '$name is no wider than a $width px window',
    { timeout: 60_000 },
    async ({ name, path, drawn, width }) => {
      const { page } = browser;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      // Attached, not visible: at 390 px the reference's sidebar, which holds its logo, is folded away.
      await page.locator(drawn).first().waitFor({ state: 'attached', timeout: 30_000 });
      const measured = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      await page.screenshot({ path: `${artifactsDir}width-${name}-${width}-${database.kind}.png`, fullPage: true });
      expect(measured.innerWidth).toBe(width);
      expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
      expect(browser.outside).toEqual([]);
    },
  );
});
