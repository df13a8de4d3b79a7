import AxeBuilder from '@axe-core/playwright';
import { violationsOf } from './axe.ts';
import { articleIn, articlePath, articles } from './content.ts';
import { expect, test } from './fixtures.ts';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const article = articleIn('en', 'ar', 'ja');
const pages = {
  home: (lang: string) => `/${lang}`,
  category: (lang: string) => `/${lang}/categories/${article.category}`,
  article: (lang: string) => articlePath(lang, article),
  'error page': (lang: string) => `/${lang}/missing`,
};

for (const theme of ['light14', 'dark14']) {
  for (const lang of ['en', 'ar', 'ja']) {
    for (const [name, path] of Object.entries(pages)) {
      test(`${name} in ${lang}, ${theme}: axe finds no violations`, async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
        await page.goto(path(lang));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
        expect(violationsOf(results)).toEqual([]);
      });
    }
  }
}

// Every article of the content, as a wide and a phone screen shows it: code blocks and tables that scroll on one
// screen and not on the other, contents lists in both placements. One page goes through them all, to keep it quick.
// Each width once and each direction once (English wide, Arabic on a phone): an Arabic page lacking an article shows
// the English one, so the phone pass reads every article's content too.
for (const [lang, width] of [
  ['en', 1280],
  ['ar', 390],
] as const) {
  test(`every article in ${lang} at ${width} px passes axe`, async ({ page }) => {
    test.setTimeout(articles.length * 6_000);
    await page.setViewportSize({ width, height: 800 });
    const violations: string[] = [];
    for (const each of articles) {
      await page.goto(articlePath(lang, each));
      const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
      violations.push(...violationsOf(results).map((line) => `${each.slug}: ${line}`));
    }
    expect(violations).toEqual([]);
  });
}

test('the open menus pass axe too', async ({ page }) => {
  await page.goto('/en');
  for (const summary of await page.locator('details.menu > summary').all()) await summary.click();
  await page.locator('details.menu').evaluateAll((menus) => menus.forEach((m) => ((m as HTMLDetailsElement).open = true)));
  const results = await new AxeBuilder({ page }).analyze();
  expect(violationsOf(results)).toEqual([]);
});
