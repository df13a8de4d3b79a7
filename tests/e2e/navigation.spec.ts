import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';

test('help-centre pages ship no framework JavaScript and no islands', async ({ page }) => {
  const article = articleIn('en');
  for (const path of ['/en', `/en/categories/${article.category}`, articlePath('en', article)]) {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('astro-island').count(), path).toBe(0);
    expect(scripts.length, `${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(1);
    for (const script of scripts) {
      const body = await (await page.request.get(script)).text();
      // No framework: React's renderer would bring these names.
      expect(body, script).not.toMatch(/dangerouslySetInnerHTML|__reactFiber|createRoot/);
    }
    page.removeAllListeners('request');
  }
});

test('links never end with a slash', async ({ page }) => {
  const article = articleIn('en');
  for (const path of ['/en', articlePath('en', article)]) {
    await page.goto(path);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(10);
    expect(hrefs.filter((href) => href !== '/' && /\/($|[?#])/.test(href))).toEqual([]);
  }
});

test('navigation happens in the page, with a polite announcer and the loading flag', async ({ page }) => {
  await page.goto('/en');
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
    const states: boolean[] = [];
    (window as unknown as { loadingStates: boolean[] }).loadingStates = states;
    new MutationObserver(() => states.push(document.documentElement.hasAttribute('data-loading'))).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-loading'],
    });
  });
  const link = page.locator('.card a').first();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page.locator('h1')).toHaveText(title);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  const announcer = page.locator('.astro-route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toContainText(title);
  const states = await page.evaluate(() => (window as unknown as { loadingStates: boolean[] }).loadingStates);
  expect(states[0]).toBe(true);
  expect(states.at(-1)).toBe(false);
  await expect(page.locator('html')).not.toHaveAttribute('data-loading');
});

test('the header search box submits to the search page from an article', async ({ page }) => {
  await page.goto(articlePath('en', articleIn('en')));
  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('code');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?q=code$/);
  await expect(page.getByRole('searchbox')).toHaveValue('code');
});

test('a link with a hash scrolls to its heading', async ({ page }) => {
  const path = articlePath('en', articleIn('en'));
  await page.goto(path);
  const target = page.locator('.toc a').last();
  const id = (await target.getAttribute('href'))!.slice(1);
  await page.goto('/en');
  await page.goto(`${path}#${id}`);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});
