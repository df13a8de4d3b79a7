import { tokenColour } from '../../src/lib/themes/themes.ts';
import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('a chosen theme is stored for 365 days and survives a reload and client navigation', async ({ page, context }) => {
  await page.goto('/en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light14');
  await page.locator('summary', { has: page.locator('.sr-only', { hasText: 'Theme' }) }).click();
  await page.getByLabel('Teal').check();
  await page.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark6');
  const cookie = (await context.cookies()).find((c) => c.name === 'theme');
  expect(cookie).toMatchObject({ value: 'dark6', sameSite: 'Lax', path: '/' });
  expect((cookie!.expires - Date.now() / 1000) / 86400).toBeGreaterThan(364);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark6');
  await page.locator('.card a').first().click();
  await expect(page.locator('.crumbs')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark6');
});

test('the theme is in the HTML before any script file runs', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'theme', value: 'dark3', url: baseURL! }]);
  // No script file may run: only the inline script in <head> can have applied the cookie.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(articlePath('en', articleIn('en')));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark3');
  const dark = await background(page);

  await context.clearCookies();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light14');
  expect(await background(page)).not.toBe(dark);
});

test('an invalid theme cookie falls back to light14', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'theme', value: 'dark16', url: baseURL! }]);
  await page.goto('/en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light14');
});

for (const [scheme, theme] of [
  ['dark', 'dark14'],
  ['light', 'light14'],
] as const) {
  test(`with no choice made, a system preferring ${scheme} gets ${theme} before any script file runs`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    // Only the inline script in <head> runs: what it sets is what the first paint shows.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(articlePath('en', articleIn('en')));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const [r, g, b] = (await background(page)).match(/\d+/g)!.map(Number) as [number, number, number];
    expect((r + g + b) / 3 < 128, 'a dark page background').toBe(scheme === 'dark');
    await context.close();
  });
}

test('brightness follows the system until the reader picks light or dark, and again after "System"', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark14');
  await page.locator('summary', { has: page.locator('.sr-only', { hasText: 'Theme' }) }).click();
  await expect(page.getByLabel('System')).toBeChecked();

  // A colour alone leaves brightness to the system; the cookie still holds one of the 30 theme names.
  await page.getByLabel('Teal').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark6');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light6');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light6');

  await page.locator('summary', { has: page.locator('.sr-only', { hasText: 'Theme' }) }).click();
  await page.getByLabel('Dark').check();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark6');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ theme: 'dark6' });
  expect(cookies['themeMode']).toBeUndefined();

  await page.locator('summary', { has: page.locator('.sr-only', { hasText: 'Theme' }) }).click();
  await page.getByLabel('System').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light6');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark6');
});

test('the browser paints each theme’s accent where the theme model puts it, depth included', async ({ page, context, baseURL }) => {
  for (const theme of ['light9', 'dark9', 'light10', 'dark10', 'light14'] as const) {
    await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    await page.goto('/en/search');
    const painted = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--accent)';
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    const [l, c, h] = painted.match(/[\d.]+/g)!.map(Number) as [number, number, number];
    const expected = tokenColour(theme, 'accent');
    expect(l, `${theme} lightness`).toBeCloseTo(expected.l, 3);
    expect(c, `${theme} chroma`).toBeCloseTo(expected.c, 3);
    if (expected.c > 0.02) expect(h, `${theme} hue`).toBeCloseTo(expected.h, 1);
  }
});
