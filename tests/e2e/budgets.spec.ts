/**
 * Size budgets (docs/performance.md, Budgets; the numbers in tests/budgets.ts): what Chromium transfers for a first visit to a
 * help-centre page, from the real server with compression, prefetches left out; then what the built files weigh
 * (gzip): the article's HTML and CSS, the scripts of help-centre pages and of the login page, and each island's own
 * JavaScript. Sizes, not timings: those live in `npm run bench`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { budgets, bytesOf, countOf } from '../budgets.ts';
import { builtFile, clientDir, gzipped, weigh } from './builtFiles.ts';
import { inviteLink } from './cli.ts';
import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const firstRoundTripBytes = bytesOf(budgets.articleWire);
const firstLoadBytes = bytesOf(budgets.firstLoad);
const maxRequests = countOf(budgets.requests);

interface Load {
  type: string;
  path: string;
  bytes: number;
}

/** Every request of a first visit, with what crossed the wire for its answer (headers and encoded body). */
async function firstVisit(page: Page, path: string): Promise<Load[]> {
  const loads: Promise<Load | undefined>[] = [];
  page.on('requestfinished', (request) => {
    loads.push(
      (async () => {
        const headers = await request.allHeaders();
        if (headers['sec-purpose']?.includes('prefetch') || headers['purpose'] === 'prefetch') return undefined;
        const sizes = await request.sizes();
        const type = request.resourceType();
        return { type, path: new URL(request.url()).pathname, bytes: sizes.responseHeadersSize + sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  return (await Promise.all(loads)).filter((load): load is Load => load !== undefined);
}

const total = (loads: Load[], ...types: string[]) =>
  loads.filter((load) => !types.length || types.includes(load.type)).reduce((sum, load) => sum + load.bytes, 0);

for (const [name, path] of [
  ['English article', articlePath('en', articleIn('en'))],
  ['Arabic article', articlePath('ar', articleIn('ar'))],
  ['home', '/en'],
] as const) {
  test(`${name}: HTML and CSS fit one round trip, the whole first load ${firstLoadBytes / 1024} KB, in ${maxRequests} requests`, async ({
    page,
  }) => {
    const loads = await firstVisit(page, path);
    const summary = loads.map((load) => `${load.type} ${load.path} ${load.bytes} B`).join('\n');
    expect(loads.length, summary).toBeLessThanOrEqual(maxRequests);
    expect(total(loads, 'document', 'stylesheet'), summary).toBeLessThanOrEqual(firstRoundTripBytes);
    expect(total(loads), summary).toBeLessThanOrEqual(firstLoadBytes);
    // Compressed, or these budgets would mean nothing.
    const html = await page.request.get(path, { headers: { 'Accept-Encoding': 'br' } });
    expect(html.headers()['content-encoding']).toBe('br');
  });
}

/** The conversation island's own JavaScript (gzip), beyond the renderer and the shell script every page has. */
const conversationBudgetBytes = bytesOf(budgets.islands.Chat);

test(`the conversation island's own JavaScript is at most ${conversationBudgetBytes / 1024} KB gzip beyond the renderer`, async ({
  page,
}) => {
  const invitation = inviteLink();
  const scripts = new Set<string>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(invitation.path);
  await expect(page.getByRole('log')).toBeVisible();
  await page.waitForTimeout(500);
  // The renderer (React and Astro's client for it, as the search page loads them) and the shell script of every
  // page are not the island's.
  const shared = withStaticImports([
    ...renderersOf(await html(page.request, '/en/search')),
    ...scriptsOf(await html(page.request, articlePath('en', articleIn('en')))),
  ]);
  const own = [...scripts].filter((path) => !shared.has(path));
  const { total, summary } = weigh(own);
  expect(
    own.some((path) => /^\/_astro\/Chat\.[\w-]+\.js$/.test(path)),
    summary,
  ).toBe(true);
  expect(total, summary).toBeLessThanOrEqual(conversationBudgetBytes);
  // Contacts never download Firebase.
  expect(
    own.filter((path) => /firebase/i.test(path)),
    summary,
  ).toEqual([]);
});

/** A page's HTML as served, uncompressed. */
async function html(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
  expect(answer.status(), path).toBe(200);
  return answer.text();
}

/** The attributes of every `<name …>` tag in the markup. */
function tags(markup: string, name: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((tag) =>
    Object.fromEntries([...tag[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((attribute) => [attribute[1]!, attribute[2] ?? ''])),
  );
}

const pathOf = (url: string) => new URL(url.replaceAll('&amp;', '&'), 'http://x').pathname;
const stylesheetsOf = (markup: string) =>
  tags(markup, 'link')
    .filter((tag) => tag['rel'] === 'stylesheet')
    .map((tag) => pathOf(tag['href']!));
const renderersOf = (markup: string) => tags(markup, 'astro-island').map((tag) => pathOf(tag['renderer-url']!));

/** The script files a page asks for itself: module scripts, preloads, and islands' components and renderers. */
function scriptsOf(markup: string): string[] {
  return [
    ...new Set([
      ...tags(markup, 'script').flatMap((tag) => (tag['src'] ? [pathOf(tag['src'])] : [])),
      ...tags(markup, 'link').flatMap((tag) => (tag['rel'] === 'modulepreload' ? [pathOf(tag['href']!)] : [])),
      ...tags(markup, 'astro-island').flatMap((tag) => [pathOf(tag['component-url']!), pathOf(tag['renderer-url']!)]),
    ]),
  ];
}

/** Every script file the given ones load before running, following static imports (not import()). */
function withStaticImports(entries: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (path: string) => {
    if (found.has(path)) return;
    found.add(path);
    const code = builtFile(path).toString('utf8');
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) visit(new URL(match[1]!, `http://x${path}`).pathname);
  };
  for (const entry of entries) visit(entry);
  return found;
}

test('pages with an island preload every script it loads before it runs, so none waits for another', async ({ request }) => {
  for (const path of ['/en/search', '/en/chat', '/ar/chatBox', '/en/staff']) {
    const markup = await html(request, path);
    const islandScripts = withStaticImports(
      tags(markup, 'astro-island').flatMap((tag) => [pathOf(tag['component-url']!), pathOf(tag['renderer-url']!)]),
    );
    const preloaded = tags(markup, 'link').flatMap((tag) => (tag['rel'] === 'modulepreload' ? [pathOf(tag['href']!)] : []));
    expect(islandScripts.size, path).toBeGreaterThan(2);
    expect(
      [...islandScripts].filter((script) => !preloaded.includes(script)),
      path,
    ).toEqual([]);
  }
});

const helpCentrePages = () => [
  ['home', '/en'],
  ['category', `/en/categories/${articleIn('en').category}`],
  ['article', articlePath('en', articleIn('en'))],
];

test(`the English article's HTML and CSS are at most ${bytesOf(budgets.articleGzip) / 1024} KB gzip`, async ({ request }) => {
  const path = articlePath('en', articleIn('en'));
  const page = await html(request, path);
  const stylesheets = stylesheetsOf(page);
  expect(stylesheets).toHaveLength(1);
  const bytes = gzipped(Buffer.from(page)) + weigh(stylesheets).total;
  expect(bytes, `${path} + ${stylesheets.join(', ')}`).toBeLessThanOrEqual(bytesOf(budgets.articleGzip));
});

test('help-centre pages load one script file, and never the island renderer', async ({ request }) => {
  const renderer = withStaticImports(renderersOf(await html(request, '/en/search')));
  expect(renderer.size).toBeGreaterThan(0);
  for (const [name, path] of helpCentrePages()) {
    const page = await html(request, path!);
    const scripts = withStaticImports(scriptsOf(page));
    expect(page, `${name} mounts no island`).not.toContain('<astro-island');
    expect(scripts.size, `${name} ${path}:\n${weigh(scripts).summary}`).toBeLessThanOrEqual(countOf(budgets.helpCentreScripts));
    expect(
      [...scripts].filter((script) => renderer.has(script) || /react/i.test(script)),
      `${name} loads the island renderer`,
    ).toEqual([]);
  }
});

test(`the login page's JavaScript is at most ${bytesOf(budgets.loginJavaScript) / 1024} KB gzip`, async ({ request }) => {
  const scripts = withStaticImports(scriptsOf(await html(request, '/en/login')));
  expect(scripts.size).toBeGreaterThan(0);
  const { total, summary } = weigh(scripts);
  expect(total, summary).toBeLessThanOrEqual(bytesOf(budgets.loginJavaScript));
});

test(`embed.js, all another site loads before the launcher is pressed, is at most ${bytesOf(budgets.embedScript) / 1024} KB gzip`, () => {
  const bytes = gzipped(builtFile('/embed.js'));
  expect(bytes).toBeLessThanOrEqual(bytesOf(budgets.embedScript));
});

test(`the staff workspace loads at most ${bytesOf(budgets.workspaceJavaScript) / 1024} KB gzip of JavaScript to its first row`, async ({
  browser,
  request,
}) => {
  const staff = await signedIn(browser, '/en/chat');
  await expect(staff.locator('.inbox-entry').first()).toBeVisible({ timeout: 30_000 });
  const scripts = new Set<string>();
  staff.on('requestfinished', (finished) => {
    if (finished.resourceType() === 'script') scripts.add(new URL(finished.url()).pathname);
  });
  await staff.reload();
  await expect(staff.locator('.inbox-entry').first()).toBeVisible({ timeout: 30_000 });
  // Beyond the renderer and the shell script, as for the islands; Firebase, the panes and the conversation count.
  const shared = withStaticImports([
    ...renderersOf(await html(request, '/en/search')),
    ...scriptsOf(await html(request, articlePath('en', articleIn('en')))),
  ]);
  const own = [...scripts].filter((path) => !shared.has(path));
  const { total, summary } = weigh(own);
  expect(
    own.some((path) => /\/WorkspaceScreen\.[\w-]+\.js$/.test(path)),
    summary,
  ).toBe(true);
  expect(total, summary).toBeLessThanOrEqual(bytesOf(budgets.workspaceJavaScript));
});

test('every island keeps its own JavaScript within its budget (gzip, beyond the renderer and the shell script)', async ({ request }) => {
  // What any island page has anyway: the renderer (from the search page) and the shell script.
  const search = await html(request, '/en/search');
  const shared = withStaticImports([...renderersOf(search), ...scriptsOf(await html(request, articlePath('en', articleIn('en'))))]);
  const files = readdirSync(join(clientDir, '_astro'));
  // Every island a page body mounts (`<Name client:…`) has a stated budget.
  const pagesDir = join(import.meta.dirname, '../../src/components/pages');
  const mounted = readdirSync(pagesDir).flatMap((file) =>
    [...readFileSync(join(pagesDir, file), 'utf8').matchAll(/<(\w+)\s+client:/g)].map((match) => match[1]!),
  );
  expect(mounted.length).toBeGreaterThan(0);
  expect(mounted.filter((name) => !(name in budgets.islands))).toEqual([]);
  for (const [name, budget] of Object.entries(budgets.islands)) {
    const chunk = files.find((file) => new RegExp(`^${name}\\.[\\w-]+\\.js$`).test(file));
    expect(chunk, `the ${name} island's chunk in dist/client/_astro`).toBeDefined();
    const own = [...withStaticImports([`/_astro/${chunk}`])].filter((path) => !shared.has(path));
    const { total, summary } = weigh(own);
    expect(total, `${name}:\n${summary}`).toBeLessThanOrEqual(bytesOf(budget));
  }
});
