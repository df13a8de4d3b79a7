import { expect, test } from '@playwright/test';
import { articleIn, articlePath, messages } from './content.ts';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

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
