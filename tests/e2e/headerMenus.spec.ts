import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Where the header wraps (phones, tablets, 200 % zoom) its buttons can sit anywhere on a row; each menu's panel
// must still open inside the screen, in left-to-right and right-to-left languages alike.
const widths = [1280, 768, 640, 390, 320];
const langs = ['en', 'ar', 'ja', 'de', 'th'];

async function panelEdges(page: Page, menuIndex: number) {
  const menu = page.locator('.site-header details.menu').nth(menuIndex);
  await menu.locator('summary').click();
  const panel = menu.locator('.menu-panel');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  // Every choice inside is reachable too: the last one is within the screen's width.
  const last = (await panel.locator('a, label').last().boundingBox())!;
  await menu.locator('summary').click();
  return { start: Math.min(box.x, last.x), end: Math.max(box.x + box.width, last.x + last.width) };
}

for (const lang of langs) {
  test(`the language and theme menus open inside the screen at every width in ${lang}`, async ({ page }) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/${lang}`);
      for (const [index, name] of ['language', 'theme'].entries()) {
        const { start, end } = await panelEdges(page, index);
        expect(start, `${name} menu at ${width} px starts on screen`).toBeGreaterThanOrEqual(0);
        expect(end, `${name} menu at ${width} px ends on screen`).toBeLessThanOrEqual(width);
      }
    }
  });
}
