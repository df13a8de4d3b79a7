import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandScripts, withIslandPreloads } from './islandPreloads.ts';

let clientDir: string;
beforeAll(() => {
  clientDir = mkdtempSync(join(tmpdir(), 'foyer-preloads-'));
  mkdirSync(join(clientDir, '_astro'));
  const files = {
    'Chat.a1.js': 'import{r as e}from"./react.b2.js";import"./shell.c3.js";const l=()=>import("./CodeForm.d4.js");',
    'react.b2.js': 'export const r=1;',
    'shell.c3.js': 'import{r}from"./react.b2.js";',
    'client.e5.js': 'import{r}from"./react.b2.js";',
    'CodeForm.d4.js': 'import"./Field.f6.js";',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(clientDir, '_astro', name), code);
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const page = (island: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${island}</body></html>`;
const chatIsland = '<astro-island uid="a" component-url="/_astro/Chat.a1.js" renderer-url="/_astro/client.e5.js" ssr></astro-island>';

describe('module preloads for islands', () => {
  it('name every script an island loads before it runs, once each, and none it imports on demand', () => {
    expect(islandScripts(page(chatIsland), clientDir).sort()).toEqual(
      ['/_astro/Chat.a1.js', '/_astro/client.e5.js', '/_astro/react.b2.js', '/_astro/shell.c3.js'].sort(),
    );
  });

  it('take Astro’s island style out of the body into the head, unchanged', () => {
    const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    const html = withIslandPreloads(page(`<p>a</p>${style}${chatIsland}`), clientDir);
    expect(html).toMatch(
      /<link rel="modulepreload" href="[^"]+">(<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>)<\/head>/,
    );
    expect(html.split(style)).toHaveLength(2);
    expect(html).toContain(`<body><p>a</p>${chatIsland}</body>`);
  });

  it('go at the end of the head, and leave a page without islands as it was', () => {
    const html = withIslandPreloads(page(chatIsland), clientDir);
    expect(html).toMatch(
      /^<!DOCTYPE html><html><head><title>t<\/title>(<link rel="modulepreload" href="\/_astro\/[\w.]+\.js">){4}<\/head>/,
    );
    expect(withIslandPreloads(page('<p>no island</p>'), clientDir)).toBe(page('<p>no island</p>'));
  });

  it('preload a script that is not built (yet) without what it imports, and nothing outside the built assets', () => {
    const island = '<astro-island component-url="/_astro/Missing.x9.js" renderer-url="/src/islands/Dev.tsx"></astro-island>';
    expect(islandScripts(page(island), clientDir)).toEqual(['/_astro/Missing.x9.js']);
  });
});
