import { articleIn, articlePath, fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

for (const lang of ['de', 'ja']) {
  test(`an unknown path under /${lang} is a 404 in ${lang}`, async ({ page }) => {
    const path = `/${lang}/no-such-page`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const t = messages(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The address is isolated (U+2068 … U+2069): in a right-to-left sentence its slashes stay where they are.
    const isolated = `\u2068${path}\u2069`;
    await expect(page.locator('h1')).toHaveText(`${fill(t['error.pageNotFound']!, { path: isolated })} (404)`);
    await expect(page.getByText(fill(t['error.notFound']!, { path: isolated }))).toBeVisible();
    const home = page.getByRole('link', { name: t['error.backToHome']! });
    await expect(home).toHaveAttribute('href', '/');
  });
}

test('unknown categories, articles and languages are 404s', async ({ request }) => {
  const article = articleIn('en');
  for (const path of [
    '/en/categories/no-such-topic',
    `/en/categories/${article.category}/articles/no-such-article`,
    `/en/categories/no-such-topic/articles/${article.slug}`,
    '/xx',
    '/zh-hans',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('(404)');
  }
});

test('the error screen in Arabic is right-to-left', async ({ page }) => {
  await page.goto('/ar/nothing-here');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('a trailing slash gets a 301 to the bare path, query kept', async ({ request }) => {
  const article = articlePath('en', articleIn('en'));
  for (const [from, to] of [
    ['/en/', '/en'],
    [`${article}/`, article],
    ['/en/?q=1', '/en?q=1'],
    ['/en/no-such-page/', '/en/no-such-page'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(
      new URL(response.headers()['location']!, 'http://x').pathname + new URL(response.headers()['location']!, 'http://x').search,
    ).toBe(to);
  }
});

test('the English 404 says exactly what the seed says, with its status', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBe(404);
  const screen = page.locator('section.error');
  await expect(screen.locator('h1')).toHaveText('Page not found: \u2068/en/no-such-page\u2069 (404)');
  await expect(screen.locator('p')).toHaveText('The requested URL "\u2068/en/no-such-page\u2069" was not found on this server.');
});

for (const lang of ['en', 'ja', 'ar']) {
  test(`below its sentences, the 404 in ${lang} offers the search box and popular articles in ${lang}`, async ({ page }) => {
    const t = messages(lang);
    await page.goto(`/${lang}`);
    const popularOnHome = await page
      .locator('section[aria-labelledby="popular-title"] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));

    const response = await page.goto(`/${lang}/no-such-page`);
    expect(response?.status()).toBe(404);
    const sentence = (await page.locator('section.error p').boundingBox())!;
    const search = page.getByRole('search');
    await expect(search).toHaveCount(1);
    expect((await search.boundingBox())!.y).toBeGreaterThan(sentence.y);

    const popular = page.getByRole('region', { name: t['home.popular']! });
    const links = await popular.getByRole('link').evaluateAll((all) => all.map((link) => link.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(popularOnHome).toContain(href);
    expect((await popular.boundingBox())!.y).toBeGreaterThan(sentence.y);

    await search.getByRole('searchbox').fill('code');
    await search.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${lang}/search\\?q=code$`));
  });
}
