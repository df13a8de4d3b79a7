import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { articleIn, articleMissingIn, articlePath, articles, fill, messages, titleOf } from './content.ts';
import { expect, test } from './fixtures.ts';

async function search(page: Page, lang: string, query: string) {
  await page.goto(`/${lang}/search`);
  await page.getByRole('searchbox').fill(query);
  // Pagefind's first search fetches its WebAssembly and index: with chat tests running beside it on two cores it
  // was seen still "searching" after 5 s. Speed is the bench's to measure, not this test's.
  await expect(page.locator('.results li').first()).toBeVisible({ timeout: 20_000 });
}

// Every script the help centre is written in: a query in it finds the article written in it.
for (const lang of ['en', 'ja', 'ar', 'zh-Hans', 'zh-Hant', 'ko', 'th', 'he', 'el', 'ru']) {
  test(`a search in ${lang} finds the article written in ${lang}`, async ({ page }) => {
    const article = articleIn('en', lang);
    const title = titleOf(lang, article.slug);
    await search(page, lang, title);
    const link = page.locator('.results a', { hasText: title }).first();
    await expect(link).toHaveAttribute('href', articlePath(lang, article));
    await expect(page.locator('.results mark').first()).toBeVisible();
  });
}

test('result links have no trailing slash and keep the exact-case prefix', async ({ page }) => {
  const article = articleIn('en', 'zh-Hans');
  await search(page, 'zh-Hans', titleOf('zh-Hans', article.slug));
  const hrefs = await page.locator('.results a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) expect(href).toMatch(/^\/zh-Hans\/categories\/[a-z0-9-]+\/articles\/[a-z0-9-]+$/);
});

test('the address keeps the query, and a shared address brings the results back', async ({ page, context }) => {
  const article = articleIn('en');
  await search(page, 'en', article.title);
  await expect(page).toHaveURL(/\/en\/search\?q=/);
  const shared = page.url();
  const other = await context.newPage();
  await other.goto(shared);
  await expect(other.getByRole('searchbox')).toHaveValue(article.title);
  await expect(other.locator('.results a', { hasText: article.title }).first()).toBeVisible();
});

/** What the status should say for a query and a count, in the page's own plural form. */
function statusFor(lang: string, query: string, count: number): string {
  const t = messages(lang);
  const form = new Intl.PluralRules(lang).select(count);
  const countText =
    t[`search.resultCount_${count === 0 && t['search.resultCount_zero'] ? 'zero' : form}`] ?? t['search.resultCount_other']!;
  return `${fill(t['search.resultsFor']!, { query: `\u2068${query}\u2069` })} ${fill(countText, { count })}`;
}

test('the result count is announced politely, with the query, also when a new query finds as many', async ({ page }) => {
  // A word only a few articles use: one page of results, so the list shows them all.
  const query = 'reCAPTCHA';
  await search(page, 'en', query);
  const status = page.locator('.search-status');
  const count = await page.locator('.results li').count();
  expect(count).toBeLessThan(10);
  await expect(status).toHaveText(statusFor('en', query, count));
  await expect(status).toHaveAttribute('role', 'status');
  // Same results, another query: the text changes, so a screen reader hears it again.
  await page.getByRole('searchbox').fill(`${query} `);
  await page.getByRole('searchbox').fill(query.toUpperCase());
  await expect(status).toHaveText(statusFor('en', query.toUpperCase(), count));
});

test('a search in Arabic announces its count in Arabic plural forms', async ({ page }) => {
  const article = articleIn('en', 'ar');
  const query = titleOf('ar', article.slug);
  await search(page, 'ar', query);
  // The count is of every article found (more than the ten shown, when there are): its plural form follows it.
  const status = page.locator('.search-status');
  await expect(status).toHaveText(/\d/);
  const count = Number((await status.textContent())!.match(/\d+/)![0]);
  await expect(status).toHaveText(statusFor('ar', query, count));
});

test('when search cannot load, the page says so in its language', async ({ page }) => {
  await page.route('**/pagefind/pagefind.js', (route) => route.abort());
  await page.goto('/de/search?q=code');
  await expect(page.locator('.search-status')).toHaveText(messages('de')['search.unavailable']!);
  // A route still handling a request when the context closes can hold the close up (a clean clone's run waited out
  // its two minutes there once): the handler goes first.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('an article shown in English for want of a translation is found, and labelled with its language', async ({ page }) => {
  const article = articleMissingIn('fr');
  await search(page, 'fr', article.title);
  const result = page.locator('.results li', { has: page.locator(`a[href="${articlePath('fr', article)}"]`) });
  await expect(result.locator('.badge')).toHaveText(fill(messages('fr')['search.inLanguage']!, { language: 'anglais' }));
  await expect(result.locator('a')).toHaveAttribute('lang', 'en');
});

test('a search without results suggests the topics', async ({ page }) => {
  await page.goto('/en/search?q=qqqzzzxxx');
  await expect(page.getByText(messages('en')['search.tryTopics']!)).toBeVisible();
  await expect(page.locator('.no-results a').first()).toHaveAttribute('href', /^\/en\/categories\//);
});

test('a misspelt word is searched as the nearest word the articles use, and says so; a word no article holds finds nothing', async ({
  page,
}) => {
  const t = messages('en');
  const article = articles.find((each) => each.slug === 'reset-or-change-your-password')!;
  await search(page, 'en', 'pasword');
  await expect(page.locator('.search-corrected')).toHaveText(
    fill(t['search.correctedTo']!, { query: '\u2068pasword\u2069', corrected: '\u2068password\u2069' }),
  );
  await expect(page.locator('.results a').first()).toHaveAttribute('href', articlePath('en', article));
  await expect(page.locator('.search-status')).toContainText('\u2068password\u2069');

  // "invoice" is in no article: Pagefind alone matched it by its first letters ("in"), 35 articles.
  await page.getByRole('searchbox').fill('invoice');
  await expect(page.getByText(fill(t['search.noResults']!, { query: '\u2068invoice\u2069' }))).toBeVisible();
  await expect(page.locator('.results')).toHaveCount(0);
});

test('the topic filter narrows results to one topic', async ({ page }) => {
  const article = articleIn('en');
  await page.goto(`/en/search?q=${encodeURIComponent(article.title)}&topic=${article.category}`);
  await expect(page.locator('.results li').first()).toBeVisible();
  const hrefs = await page.locator('.results a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) expect(href).toContain(`/categories/${article.category}/`);
});

test('arrow keys move through results, Enter opens one, Escape clears', async ({ page }) => {
  await search(page, 'en', articleIn('en').title);
  const links = page.locator('.results a');
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(0)).toBeFocused();
  if ((await links.count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(links.nth(0)).toBeFocused();
  }
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.locator('.results')).toHaveCount(0);

  await search(page, 'en', articleIn('en').title);
  await page.keyboard.press('ArrowDown');
  const href = await links.nth(0).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('/ and Ctrl+K focus the search box from any page', async ({ page }) => {
  await page.goto(articlePath('en', articleIn('en')));
  await page.locator('h1').click();
  await page.keyboard.press('/');
  await expect(page.locator('#header-search')).toBeFocused();
  await page.locator('h1').click();
  await page.keyboard.press('Control+k');
  await expect(page.locator('#header-search')).toBeFocused();
  // A Russian layout: the K key types "л", and Ctrl+K still means search.
  await page.locator('h1').click();
  await page.locator('h1').dispatchEvent('keydown', { key: 'л', code: 'KeyK', ctrlKey: true, bubbles: true });
  await expect(page.locator('#header-search')).toBeFocused();
});

test('only the search page loads Pagefind', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(articlePath('en', articleIn('en')));
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => path.startsWith('/pagefind/'))).toEqual([]);
  // The island starts Pagefind once it has hydrated, which on a busy machine may come after the network was idle.
  await page.goto('/en/search');
  await expect.poll(() => fetched.filter((path) => path.startsWith('/pagefind/')).length).toBeGreaterThan(0);
});

for (const lang of ['en', 'ar']) {
  for (const theme of ['light14', 'dark14']) {
    test(`the search page in ${lang} (${theme}) with results passes axe`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      const article = articleIn('en', lang);
      await search(page, lang, titleOf(lang, article.slug));
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(violationsOf(results)).toEqual([]);
    });
  }
}

test('more results load on request, and focus moves to the first new one', async ({ page }) => {
  // "you" is in nearly every English article: more than one page of results.
  await search(page, 'en', 'you');
  await expect(page.locator('.results li')).toHaveCount(10);
  await page.getByRole('button', { name: messages('en')['search.showMore']! }).click();
  await expect(page.locator('.results li')).toHaveCount(20);
  await expect(page.locator('.results li').nth(10).locator('a')).toBeFocused();
});

test('text typed before the search island wakes up is kept and searched', async ({ page }) => {
  const article = articleIn('en');
  // Hold the island's script back, type, then let it load.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/Search.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/search', { waitUntil: 'domcontentloaded' });
  await page.getByRole('searchbox').fill(article.title);
  release();
  await expect(page.locator('.results a', { hasText: article.title }).first()).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue(article.title);
});

test('excerpts mark the word without its punctuation, and show "…" where they cut a sentence', async ({ page }) => {
  // "code" is followed by commas and full stops across the demo articles: Pagefind marks "code," as a whole.
  await search(page, 'en', 'code');
  const marks = await page.locator('.results mark').allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  for (const mark of marks) expect(mark).toMatch(/^[^\p{P}](.*[^\p{P}])?$/su);
  const excerpts = (await page.locator('.results .excerpt').allTextContents()).map((text) => text.trim());
  // Every excerpt stops at a sentence's end or says it was cut; at least one was cut at its start.
  for (const excerpt of excerpts) expect(excerpt).toMatch(/[.!?…](\p{Pe}|\p{Pf}|["'])*$/u);
  expect(excerpts.some((excerpt) => excerpt.startsWith('… '))).toBe(true);
});
