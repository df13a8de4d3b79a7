/** Where Chromium is and how to start it here, for the browser tests and the benchmark alike. */
import { existsSync } from 'node:fs';

// Playwright cannot download browsers here: Debian's Chromium, or the one named in the environment.
export const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// As root without a sandbox; no background networking, whose connections this machine refuses.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
