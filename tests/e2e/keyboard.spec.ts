import type { Page } from '@playwright/test';
import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';

async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}` : '';
  });
}

test('keyboard alone reaches every header control, in order', async ({ page }) => {
  await page.goto(articlePath('en', articleIn('en')));
  const seen: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
  }
  expect(seen).toEqual([
    'a:Skip to content',
    'a:Foyer Help Centre, home page',
    'input:',
    'button:Search',
    'summary:EnglishLanguage: English',
    'summary:Theme',
    'a:Your conversations',
    'a:Staff sign-in',
  ]);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/en');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('menus open with Enter, close with Escape and give focus back', async ({ page }) => {
  await page.goto('/en');
  const summary = page.locator('summary', { hasText: 'English' });
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('details.menu[open]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'English', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('details.menu[open]')).toHaveCount(0);
  await expect(summary).toBeFocused();
});

test('theme colours can be chosen with the arrow keys', async ({ page }) => {
  await page.goto('/en');
  await page.locator('summary', { has: page.locator('.sr-only', { hasText: 'Theme' }) }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Grey')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light15');
});
