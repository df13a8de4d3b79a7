import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { languages } from '../../src/lib/i18n/languages.ts';
import { articlePath, articles, categories } from './content.ts';
import { expect, test } from './fixtures.ts';

// The narrowest phone screen WCAG reflow asks for (320 CSS px): nothing may make the page scroll sideways; code
// blocks and tables scroll inside themselves.
const width = 320;
const withCode = articles.find((article) => article.slug === 'enter-code-by-hand') ?? articles[0]!;

const pages: [string, (lang: string) => string, (page: Page) => Promise<void>][] = [
  ['home', (lang) => `/${lang}`, async () => {}],
  ['topic', (lang) => `/${lang}/categories/${categories[0]!.slug}`, async () => {}],
  ['article with code', (lang) => articlePath(lang, withCode), async () => {}],
  // The islands draw their forms after the shell: wait for the widest part of each.
  ['search', (lang) => `/${lang}/search`, (page) => expect(page.locator('.search-filter select')).toBeVisible()],
  ['chat code form', (lang) => `/${lang}/chat`, (page) => expect(page.locator('.session-form')).toBeVisible()],
  ['staff sign-in', (lang) => `/${lang}/login`, async () => {}],
  ['not found', (lang) => `/${lang}/no-such-page`, async () => {}],
];

async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5 || element.getBoundingClientRect().left < -0.5)
      .filter((element) => element.checkVisibility() && !element.closest('pre, table, .sr-only, .skip-link, .astro-route-announcer'))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
}

for (const lang of languages) {
  test(`no page scrolls sideways at ${width} px in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 640 });
    for (const [name, path, ready] of pages) {
      await page.goto(path(lang));
      await ready(page);
      const { scrollWidth, clientWidth, wide } = await sidewaysOverflow(page);
      expect(scrollWidth, `${name} (${path(lang)}) is ${scrollWidth} px wide; too wide: ${wide.join(', ')}`).toBeLessThanOrEqual(
        clientWidth,
      );
    }
  });
}

// Chinese and Japanese may break between any two characters: a header squeezed by a long column would stand one
// character a line. Every article with a table, on the narrowest phone.
const withTables = (lang: string) =>
  articles.filter(
    (article) => article.languages.includes(lang) && /^\| /m.test(readFileSync(`src/content/articles/${lang}/${article.slug}.md`, 'utf8')),
  );

for (const lang of ['ja', 'zh-Hans']) {
  test(`table headers keep their words whole at ${width} px in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 640 });
    const broken: string[] = [];
    for (const article of withTables(lang)) {
      await page.goto(articlePath(lang, article));
      const headers = await page.locator('main table th').evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          return { text: cell.textContent ?? '', lines, characters: [...(cell.textContent ?? '')].length };
        }),
      );
      // One character a line, or near it: more lines than half its characters (and more than two).
      for (const header of headers)
        if (header.lines > 2 && header.lines * 2 > header.characters)
          broken.push(`${article.slug}: ${header.text} (${header.lines} lines)`);
    }
    expect(broken).toEqual([]);
  });
}

// On a phone the header's search is its button; pressed, the field opens across the header, wide enough to read.
test(`the header's search opens across the header at ${width} px`, async ({ page }) => {
  await page.setViewportSize({ width, height: 640 });
  await page.goto(articlePath('en', withCode));
  const field = page.locator('#header-search');
  expect((await field.boundingBox())?.width ?? 0).toBeLessThan(2);
  await page.locator('.site-header .search button').click();
  await expect(field).toBeFocused();
  expect((await field.boundingBox())!.width).toBeGreaterThan(width * 0.7);
  await field.fill('code');
  await field.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/en/search' && url.searchParams.get('q') === 'code');
});
