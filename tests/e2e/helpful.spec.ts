/**
 * "Was this article helpful?" at the end of an article: with the page's script (in place, announced, focus moved)
 * and without any JavaScript (plain form posts that come back to the article), in en and ar. Bots' votes are ignored
 * (src/server/api/helpCentre.test.ts); what staff see of the votes is in staffWorkspace.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { articleIn, articlePath, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

// A browser's own user agent: headless Chromium's says "HeadlessChrome", which counts as a bot.
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const article = articleIn('en', 'ar');
const section = (page: Page) => page.locator('[data-helpful]');

test.describe('with the page’s script', () => {
  test.use({ userAgent });

  test('"Yes" thanks the reader in place, announced; "No" asks what was missing, in Arabic, and passes axe', async ({ page }) => {
    const en = messages('en');
    await page.goto(articlePath('en', article));
    await section(page).getByRole('button', { name: en['helpful.yes']!, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: en['helpful.thanks']! })).toHaveText(en['helpful.thanks']!);
    await expect(section(page).getByText(en['helpful.thanks']!, { exact: true }).first()).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');

    const ar = messages('ar');
    await page.goto(articlePath('ar', article));
    await expect(section(page).getByRole('heading', { name: ar['helpful.question']! })).toBeVisible();
    await section(page).getByRole('button', { name: ar['helpful.no']!, exact: true }).click();
    const comment = section(page).getByRole('textbox', { name: ar['helpful.commentLabel']! });
    await expect(comment).toBeFocused();
    expect(violationsOf(await new AxeBuilder({ page }).include('[data-helpful]').analyze())).toEqual([]);
    await comment.fill('لم أجد الأسعار');
    await section(page).getByRole('button', { name: ar['helpful.send']! }).click();
    await expect(page.getByRole('status').filter({ hasText: ar['helpful.thanks']! })).toBeVisible();
    await expect(comment).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, userAgent });

  for (const lang of ['en', 'ar']) {
    test(`a vote and a comment post and come back to the article with a translated thank-you (${lang})`, async ({ page }) => {
      const t = messages(lang);
      const path = articlePath(lang, article);
      await page.goto(path);
      await expect(section(page).getByText(t['helpful.thanks']!)).toBeHidden();
      await section(page).getByRole('button', { name: t['helpful.no']!, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path && url.hash === '#helpful-comment');
      const comment = section(page).getByRole('textbox', { name: t['helpful.commentLabel']! });
      await expect(comment).toBeVisible();
      await comment.fill(lang === 'ar' ? 'الشرح غير واضح' : 'The screenshots are out of date');
      await section(page).getByRole('button', { name: t['helpful.send']! }).click();
      await expect(page).toHaveURL((url) => url.pathname === path && url.hash === '#helpful-thanks');
      await expect(section(page).getByText(t['helpful.thanks']!)).toBeVisible();
      await expect(comment).toBeHidden();
    });
  }
});
