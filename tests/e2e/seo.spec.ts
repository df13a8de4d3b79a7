import { languages } from '../../src/lib/i18n/languages.ts';
import { articleIn, articleMissingIn, articlePath, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

const origin = 'http://localhost:4321';

test('an article has title, description, canonical, alternates, Open Graph and JSON-LD', async ({ page }) => {
  const article = articleIn('en', 'de');
  await page.goto(articlePath('de', article));
  await expect(page).toHaveTitle(new RegExp(`\\| ${messages('de')['site.title']}$`));
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', origin + articlePath('de', article));
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
  expect(alternates).toEqual(
    expect.arrayContaining([
      ['en', origin + articlePath('en', article)],
      ['de', origin + articlePath('de', article)],
      ['x-default', origin + articlePath('en', article)],
    ]),
  );
  expect(alternates.map(([lang]) => lang).sort()).toEqual([...article.languages, 'x-default'].sort());
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', origin + articlePath('de', article));
  const data = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent!)));
  expect(data.map((d) => d['@type'])).toEqual(['Article', 'BreadcrumbList']);
  expect(data[1].itemListElement).toHaveLength(3);
});

test('a fallback page says so, points its canonical at the original and is nobody’s alternate', async ({ page }) => {
  const article = articleMissingIn('fr');
  await page.goto(articlePath('fr', article));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('note')).toContainText(messages('fr')['article.fallbackNotice']!.split('{{')[0]!.trim());
  await expect(page.locator('article')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', origin + articlePath('en', article));
  await expect(page.locator('link[hreflang="fr"]')).toHaveCount(0);
  const [articleData] = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent!)));
  expect(JSON.stringify(articleData.mainEntityOfPage)).toContain(origin + articlePath('en', article));
  expect(articleData.inLanguage).toBe('en');

  await page.goto(articlePath('en', article));
  await expect(page.locator('link[hreflang="fr"]')).toHaveCount(0);
});

test('the home page lists all 25 languages and x-default as alternates', async ({ page }) => {
  await page.goto('/ja');
  const hreflangs = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
  expect(hreflangs).toEqual([...languages, 'x-default']);
  await page.goto('/zh-Hant');
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'zh_TW');
});

test('the sitemap lists translations with alternates and leaves fallback pages out', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const translated = articleIn('en', 'de');
  expect(xml).toContain(`<loc>${origin}${articlePath('de', translated)}</loc>`);
  expect(xml).toContain(`hreflang="de" href="${origin}${articlePath('de', translated)}"`);
  const missing = articleMissingIn('fr');
  expect(xml).not.toContain(`${origin}${articlePath('fr', missing)}`);
  for (const lang of languages) expect(xml).toContain(`<loc>${origin}/${lang}</loc>`);
  expect(xml).not.toMatch(/<loc>[^<]+\/<\/loc>/);
});

test('robots.txt allows the help centre and names the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
});
