import { existsSync, globSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { expect, test } from './fixtures.ts';

// Every link on every built page, in every language, lands on a page that exists (the site has no dead ends).
const client = join(import.meta.dirname, '../../dist/client');
// Rendered on demand, so not in dist: `/`, and the staff pages and the inbox (the signed-in menu links to it) in
// every language (checked by the request test below).
const onDemand = (path: string) => path === '/' || /^\/[A-Za-z-]+\/(login|password|chat|staff)$/.test(path);

function exists(path: string): boolean {
  if (onDemand(path)) return true;
  return existsSync(join(client, path, 'index.html')) || existsSync(join(client, path));
}

test('every internal link of the built site leads to a page', () => {
  const pages = globSync('**/index.html', { cwd: client });
  expect(pages.length).toBeGreaterThan(100);
  const broken = new Set<string>();
  for (const page of pages) {
    const here = `/${page.replace(/\/?index\.html$/, '')}`;
    const html = readFileSync(join(client, page), 'utf8');
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"#?]+)[^"]*"/g)) {
      if (/^[a-z]+:/.test(href!) || href!.startsWith('//')) continue;
      const target = href!.startsWith('/') ? href! : posix.join(posix.dirname(here), href!);
      if (target !== '/' && target.endsWith('/')) broken.add(`${here} → ${href} (trailing slash)`);
      else if (!exists(target)) broken.add(`${here} → ${href}`);
    }
  }
  expect([...broken]).toEqual([]);
});

test('the on-demand pages the built site links to answer', async ({ request }) => {
  for (const path of ['/en/login', '/ar/password', '/zh-Hans/login', '/pt-BR/password', '/he/chat', '/de/staff']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});
