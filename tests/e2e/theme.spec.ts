import { expect, test } from '@playwright/test';
import { articleIn, articlePath } from './content.ts';

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
