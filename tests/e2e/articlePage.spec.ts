import type { Page } from '@playwright/test';
import { articlePath, articles, messages, sectionCount } from './content.ts';
import { expect, test } from './fixtures.ts';

// An article long enough to have "On this page", written in English and Arabic.
const article = articles.find(
  (candidate) => ['en', 'ar'].every((lang) => candidate.languages.includes(lang)) && sectionCount('en', candidate.slug) >= 3,
);
if (!article) throw new Error('The demo content has no article with three sections in English and Arabic');

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

for (const lang of ['en', 'ar']) {
  test(`on a phone, "On this page" in ${lang} comes closed before the text and opens`, async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(articlePath(lang, article));
    const contents = page.locator('details.toc');
    await expect(contents).toBeVisible();
    await expect(contents).not.toHaveAttribute('open');
    await expect(contents.getByRole('link').first()).toBeHidden();
    await expect(page.locator('.toc-side')).toBeHidden();
    // Before the first section of the text, after the title.
    const details = await box(page, 'details.toc');
    expect(details.y + details.height).toBeLessThanOrEqual((await box(page, '.prose h2')).y);
    expect(details.y).toBeGreaterThan((await box(page, '.prose h1')).y);

    await contents.locator('summary').click();
    await expect(contents).toHaveAttribute('open');
    const links = contents.getByRole('link');
    await expect(links).toHaveCount(sectionCount(lang, article.slug));
    const target = (await links.nth(1).getAttribute('href'))!;
    await links.nth(1).click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(target);
    await expect(page.locator(`[id="${target.slice(1)}"]`)).toBeInViewport();
  });

  test(`on a wide screen, "On this page" in ${lang} is open beside the text and marks the section being read`, async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto(articlePath(lang, article));
    await expect(page.locator('details.toc')).toBeHidden();
    const side = page.locator('nav.toc-side');
    await expect(side.getByRole('link').first()).toBeVisible();
    // Beside the text: after it in the reading direction, at the same height.
    const list = await box(page, 'nav.toc-side');
    const text = await box(page, '.prose');
    if (lang === 'ar') expect(list.x + list.width).toBeLessThanOrEqual(text.x);
    else expect(list.x).toBeGreaterThanOrEqual(text.x + text.width);
    expect(list.y).toBeLessThan(text.y + text.height / 2);

    const links = side.getByRole('link');
    for (const index of [2, 1]) {
      const id = (await links.nth(index).getAttribute('href'))!.slice(1);
      await page.evaluate((id) => document.getElementById(id)!.scrollIntoView({ block: 'start', behavior: 'instant' }), id);
      await expect(links.nth(index)).toHaveAttribute('aria-current', 'location');
      await expect(side.locator('[aria-current]')).toHaveCount(1);
    }
  });
}

test('the current section is followed on an article reached by in-page navigation too', async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto(`/en/categories/${article.category}`);
  // A mark on the window: it survives only if the article is swapped into this document, not loaded anew.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.locator(`main a[href="${articlePath('en', article)}"]`).click();
  await expect(page).toHaveURL(articlePath('en', article));
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  const links = page.locator('nav.toc-side').getByRole('link');
  const id = (await links.nth(1).getAttribute('href'))!.slice(1);
  await page.evaluate((id) => document.getElementById(id)!.scrollIntoView({ block: 'start', behavior: 'instant' }), id);
  await expect(links.nth(1)).toHaveAttribute('aria-current', 'location');
});

for (const lang of ['en', 'ar']) {
  test(`every article in ${lang} ends with "Still need help?" and a way to the reader's conversations`, async ({ request }) => {
    const t = messages(lang);
    for (const each of articles) {
      const html = await (await request.get(articlePath(lang, each))).text();
      const section = html.match(/<section class="need-help"[\s\S]*?<\/section>/)?.[0] ?? '';
      expect(section, each.slug).toContain(t['article.needHelp']!);
      expect(section, each.slug).toContain(`href="/${lang}/chat"`);
    }
  });
}

test('"Still need help?" follows the article text and leads to the conversations page', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto(articlePath('en', article));
  const t = messages('en');
  const help = page.getByRole('region', { name: t['article.needHelp']! });
  await expect(help).toContainText(t['article.needHelpText']!);
  const text = await box(page, '.prose');
  expect((await help.boundingBox())!.y).toBeGreaterThanOrEqual(text.y + text.height);
  await help.getByRole('link', { name: t['session.titlePage']! }).click();
  await expect(page).toHaveURL(/\/en\/chat$/);
});
