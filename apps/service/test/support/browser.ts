/**
 * Headless Debian Chromium (playwright-core) for the console's tests: one page, every request to
 * another origin than the service's blocked and recorded, so the page is proven to need no network.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, missingChromium } from '../../../../scripts/chromium.mjs';

export interface Browser {
  page: Page;
  /** Requests the page tried to make to another origin (all blocked). */
  outside: string[];
  /** Uncaught errors of the page's scripts, and messages logged as errors. */
  errors: string[];
  close(): Promise<void>;
}

/** Opens Chromium on a page that may reach `origin` only. Fails, with how to fix it, when Chromium is missing. */
export async function openBrowser(origin: string): Promise<Browser> {
  const problem = missingChromium();
  if (problem) throw new Error(problem);
  const userDataDir = await mkdtemp(join(tmpdir(), 'street-events-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1400, height: 1000 },
    serviceWorkers: 'block',
  });
  const outside: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  return {
    page,
    outside,
    errors,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
