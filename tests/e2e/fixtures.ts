/**
 * Playwright's `test` and `expect`, with one change: after each test, every browser context the test opened itself
 * (`browser.newContext()`, a second browser in a chat test) is closed. Playwright closes only the context it made for
 * the test; the others lived until the worker ended, and a chat page left open keeps its stream, heartbeats and
 * reconnects going: in a run whose Chromium stage took 42 min (on a machine also slowed by the kernel's page-out, see
 * playwright.config.ts), 41 renderer processes were alive at once on two workers.
 */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
