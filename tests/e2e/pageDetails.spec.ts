import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const box = async (locator: Locator) => (await locator.boundingBox())!;

test('helper text keeps its distance from the button above it, on the code form and the password page', async ({ page }) => {
  await page.goto('/en/chat');
  const codeButton = await box(page.locator('.session-form > .button'));
  const after = await box(page.locator('.session-form > .button + p'));
  expect(after.y - (codeButton.y + codeButton.height)).toBeGreaterThanOrEqual(12);

  await page.goto('/en/password');
  const sendButton = await box(page.locator('form[data-request] .button'));
  const backLink = await box(page.locator('p', { has: page.locator('a[href="/en/login"]') }));
  expect(backLink.y - (sendButton.y + sendButton.height)).toBeGreaterThanOrEqual(12);
});

test('the sign-in, password and chat pages end with the topics footer, the framed chat widget does not', async ({ page }) => {
  for (const path of ['/en/login', '/en/password', '/en/chat']) {
    await page.goto(path);
    await expect(page.locator('footer.site-footer'), path).toBeVisible();
  }
  await page.goto('/en/chatBox');
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
});

test('"Continue with Google" stays on one line on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/login');
  for (const provider of ['google', 'apple']) {
    const lines = await page.locator(`[data-provider="${provider}"]`).evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    });
    expect(lines, provider).toBe(1);
  }
});

test('every theme choice is a target of at least 24 × 24 px (WCAG 2.2)', async ({ page }) => {
  await page.goto('/en');
  await page.locator('summary', { has: page.locator('.sr-only', { hasText: 'Theme' }) }).click();
  const inputs = page.locator('.choices input');
  await expect(inputs).toHaveCount(18);
  for (const input of await inputs.all()) {
    const { width, height } = await box(input);
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
  }
});

/** How many rows the header's parts (home link, search, each tool) sit on: parts whose middles line up share one. */
async function headerRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll('.site-header .brand, .site-header .search, .site-header .tools > *')];
    const middles = parts
      .map((part) => part.getBoundingClientRect())
      .filter((rect) => rect.height > 0)
      .map((rect) => rect.top + rect.height / 2)
      .sort((a, b) => a - b);
    return middles.filter((middle, i) => i === 0 || middle - middles[i - 1]! > 12).length;
  });
}

for (const lang of ['en', 'ja', 'de', 'th', 'ar']) {
  test(`on a phone the header takes two rows in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/${lang}/search`);
    expect(await headerRows(page), 'without a search box').toBeLessThanOrEqual(2);
    await page.goto(`/${lang}/categories/codes-and-links`);
    await expect(page.locator('.site-header .search')).toBeVisible();
    expect(await headerRows(page), 'with the search box').toBeLessThanOrEqual(2);
  });
}
