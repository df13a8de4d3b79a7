/**
 * The layers of ARCHITECTURE.md, checked: browser-side code (lib, stores, islands, components, pages, layouts,
 * client scripts) and Astro's middleware never import the server; the server imports shared code from src/lib only;
 * and no module imports itself through others (an import circle).
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

/** The import circles of a graph (Tarjan's strongly connected components of more than one file), each as a line. */
function circles(graph: Map<string, string[]>): string[] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    lowest.set(file, order.get(file)!);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) visit(target);
      if (stack.includes(target)) lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) found.push(component.join(' → '));
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

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

  it('has no import circle: every file can be understood from what it imports', () => {
    const graph = new Map(files('**/*.{ts,tsx,astro}').map((file) => [file, importsOf(file)]));
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle where there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(circles(graph)).toEqual(['a.ts → b.ts → c.ts']);
  });

  it('finds imports at all (the check itself works)', () => {
    expect(importsOf('server/main.ts')).toContain('server/config.ts');
    expect(importsOf('components/pages/ChatPage.astro').some((target) => target.startsWith('lib/'))).toBe(true);
  });
});
