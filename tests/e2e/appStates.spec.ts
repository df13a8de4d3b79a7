import { inviteLink } from './cli.ts';
import { articleIn, articlePath, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

const t = messages('en');

test('a failed chunk load reloads the page once, and not again within 10 seconds', async ({ page }) => {
  let loads = 0;
  page.on('load', () => (loads += 1));
  // The search island's code cannot be fetched: Astro retries once, then the page reloads once.
  await page.route('**/_astro/Search.*.js*', (route) => route.abort());
  await page.goto('/en/search');
  await expect.poll(() => loads, { timeout: 8000 }).toBe(2);
  await page.waitForTimeout(4000);
  expect(loads).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('foyer:chunk-reload'))).toMatch(/^\d+$/);
});

test('a changed latest.json shows the banner and makes the next navigation a full load', async ({ page }) => {
  await page.route('**/_astro/builds/latest.json*', (route) => route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }));
  await page.goto(articlePath('en', articleIn('en')));
  await expect(page.locator('meta[name="foyer-build"]')).toHaveAttribute('content', /.+/);
  const banner = page.getByRole('status').filter({ hasText: t['update.available']! });
  await expect(banner).toBeHidden();
  // The tab becoming visible again makes the page ask.
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: t['update.reload']! })).toBeVisible();
  await page.locator('.crumbs a').first().click();
  await expect(page).toHaveURL(/\/en$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('the same build shows no banner', async ({ page }) => {
  await page.goto('/en');
  const id = await page.locator('meta[name="foyer-build"]').getAttribute('content');
  const latest = await (await page.request.get(`/_astro/builds/latest.json?${Date.now()}`)).json();
  expect(latest.id).toBe(id);
  const meta = await (await page.request.get(`/_astro/builds/meta/${id}.json`)).json();
  expect(meta).toMatchObject({ id, matcher: { redirects: [] } });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(500);
  await expect(page.getByText(t['update.available']!)).toBeHidden();
});

for (const [who, userAgent, shown] of [
  ['a person', undefined, true],
  ['a bot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
] as const) {
  test(`an uncaught error ${shown ? 'shows' : 'does not show'} the error screen to ${who}`, async ({ browser }) => {
    const context = await browser.newContext(userAgent ? { userAgent } : {});
    const page = await context.newPage();
    const link = inviteLink();
    await page.goto(link.path);
    await expect(page.locator('.session-active')).toBeVisible();
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('Something broke in the page'))));
    const screen = page.getByRole('heading', { name: `${t['error.generic']} (500)` });
    if (shown) {
      await expect(screen).toBeVisible();
      await expect(page.getByText('Something broke in the page')).toBeVisible();
      await expect(page.getByRole('link', { name: t['error.backToHome']! })).toHaveAttribute('href', '/');
    } else {
      await page.waitForTimeout(500);
      await expect(screen).toHaveCount(0);
      await expect(page.locator('.session-active')).toBeVisible();
    }
    await context.close();
  });
}
