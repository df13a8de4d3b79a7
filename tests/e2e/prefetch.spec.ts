/** Prefetching: help-centre pages only, each once, and nothing on a connection that asks to save data. */
import type { Page } from '@playwright/test';
import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';

/** Records the documents the page fetches by itself (prefetches), by path. */
function prefetched(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'document' && url.origin === new URL(page.url()).origin && !/\.\w+$/.test(url.pathname)) {
      if (!url.pathname.startsWith('/api/')) paths.push(url.pathname);
    }
  });
  return paths;
}

const settle = (page: Page) => page.waitForTimeout(1500);

test('an article prefetches help-centre pages, never sign-in, password, chat or search', async ({ page }) => {
  const paths = prefetched(page);
  await page.goto(articlePath('en', articleIn('en')));
  await settle(page);
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) expect(path).toMatch(/^\/[A-Za-z-]+(\/categories\/[^/]+(\/articles\/[^/]+)?)?$/);
  expect(new Set(paths).size).toBe(paths.length);
});

test('a page loaded again in the same tab does not prefetch the same addresses again', async ({ page }) => {
  const paths = prefetched(page);
  await page.goto(articlePath('en', articleIn('en')));
  await settle(page);
  const first = paths.length;
  expect(first).toBeGreaterThan(0);
  await page.reload();
  await settle(page);
  expect(paths.slice(first)).toEqual([]);
});

test('nothing is prefetched when the connection asks to save data, or is slow', async ({ browser, baseURL }) => {
  for (const connection of [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '3g' },
  ]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.addInitScript((value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }), connection);
    const paths = prefetched(page);
    await page.goto(articlePath('en', articleIn('en')));
    await settle(page);
    expect(paths, JSON.stringify(connection)).toEqual([]);
    await context.close();
  }
});
