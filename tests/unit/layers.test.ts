/**
 * The layers of ARCHITECTURE.md, checked: browser-side code (lib, stores, islands, components, pages, layouts,
 * client scripts) and Astro's middleware never import the server; the server imports shared code from src/lib only.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '../../src');

/** Every relative import of a file (static, dynamic, re-export, Astro frontmatter), as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => relative(src, resolve(join(src, dirname(file)), specifier)));
}

const layer = (path: string) => path.split('/')[0]!;
// Tests and the server's test helpers (src/server/testing/) are not layers: they may start the Auth emulator through
// scripts/, as npm start does.
const files = (pattern: string) => globSync(pattern, { cwd: src, ignore: ['**/*.test.ts', 'server/testing/**'] });

describe('the layers', () => {
  it('browser-side code and the site around it import nothing from src/server', () => {
    const crossings = files('{lib,stores,islands,components,pages,layouts,client,middleware}/**/*.{ts,tsx,astro}').flatMap((file) =>
      importsOf(file)
        .filter((target) => layer(target) === 'server')
        .map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the server imports shared code from src/lib only (and the locale files, for the e-mails it writes)', () => {
    const crossings = files('server/**/*.ts').flatMap((file) =>
      importsOf(file)
        .filter((target) => !['server', 'lib'].includes(layer(target)) && !/^\.\.\/locales\/[\w-]+\.json$/.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('finds imports at all (the check itself works)', () => {
    expect(importsOf('server/main.ts')).toContain('server/config.ts');
    expect(importsOf('components/pages/ChatPage.astro').some((target) => target.startsWith('lib/'))).toBe(true);
  });
});
