/**
 * Size budgets on the wire (README, Budgets): what Chromium transfers for a first visit to a help-centre page, from
 * the real server with compression, prefetches left out. Sizes, not timings: those live in `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { inviteLink } from './cli.ts';
import { articleIn, articlePath } from './content.ts';

const clientDir = join(import.meta.dirname, '../../dist/client');

/** HTML and CSS fit the first TCP round trip (10 segments of about 1.4 KB). */
const firstRoundTripBytes = 14 * 1024;
const firstLoadBytes = 24 * 1024;
const maxRequests = 3;

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

/** The conversation island's own JavaScript (gzip), beyond React and the shell script every page has. */
const conversationBudgetBytes = 40 * 1024;

test(`the conversation island's own JavaScript is at most ${conversationBudgetBytes / 1024} KB gzip beyond React`, async ({ page }) => {
  const invitation = inviteLink();
  const scripts = new Set<string>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(invitation.path);
  await expect(page.getByRole('log')).toBeVisible();
  await page.waitForTimeout(500);
  // React (the renderer's client and React itself) and the shell script of every page are not the island's.
  const shared = /^\/_astro\/(client|react|Router\.astro_astro_type_script_index_0_lang)\.[\w-]+\.js$/;
  const own = [...scripts].filter((path) => !shared.test(path));
  const sizes = own.map((path) => [path, gzipSync(readFileSync(join(clientDir, path)), { level: 9 }).length] as const);
  const summary = sizes.map(([path, bytes]) => `${path} ${bytes} B`).join('\n');
  expect(
    own.some((path) => path.includes('ContactSession')),
    summary,
  ).toBe(true);
  expect(
    sizes.reduce((sum, [, bytes]) => sum + bytes, 0),
    summary,
  ).toBeLessThanOrEqual(conversationBudgetBytes);
  // Contacts never download Firebase.
  expect(
    own.filter((path) => /firebase/i.test(path)),
    summary,
  ).toEqual([]);
});
