// Debian's Chromium for the browser checks of every app (playwright-core launches it): where it
// is, the flags that make it run headless here with no network of its own, and the one-line
// reason a check fails when it is missing.
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why Chromium cannot be used, with how to fix it; undefined when it is installed. */
export function missingChromium() {
  return existsSync(chromiumPath)
    ? undefined
    : `Chromium is needed for this test and was not found at ${chromiumPath}. Install it ` +
        '(Debian: apt-get install -y --no-install-recommends chromium) or point CHROMIUM_PATH at a Chromium binary.';
}
