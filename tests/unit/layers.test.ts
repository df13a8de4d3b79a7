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

// Tests are not layers (the server's test helpers are in tests/server/): they may start the Auth emulator through
// scripts/, as npm start does.
const files = (pattern: string) => globSync(pattern, { cwd: src, ignore: ['**/*.test.ts'] });

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

/** ARCHITECTURE.md's table: each row's folders (under src/) and the folders it may import, or null for anything. */
function layerTable(): { layers: string[]; mayImport: string[] | null }[] {
  const text = readFileSync(resolve(src, '../ARCHITECTURE.md'), 'utf8');
  const section = text.slice(text.indexOf('## The layers and what each may import'));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  const paths = (cell: string) => [...cell.matchAll(/`src\/([^`]*)`/g)].map((match) => match[1]!);
  return rows.map((row) => {
    const cells = row.split('|').map((cell) => cell.trim());
    return { layers: paths(cells[1]!), mayImport: cells[3] === 'anything' ? null : paths(cells[3]!) };
  });
}

describe('the layers', () => {
  const table = layerTable();
  const rows = table.filter((row) => row.layers.length);
  /** The most specific row a path under src/ belongs to (`lib/api/` before `lib/`); content.config.ts is build code. */
  const layerOfPath = (path: string) => {
    const file = path === 'content.config.ts' ? 'build/content.config.ts' : path;
    return rows
      .flatMap((row) => row.layers.map((layer) => ({ layer, row })))
      .filter(({ layer }) => file.startsWith(layer))
      .sort((a, b) => b.layer.length - a.layer.length)[0];
  };

  it('reads the whole table (every row of ARCHITECTURE.md, src/flows and src/embed among them)', () => {
    expect(rows.flatMap((row) => row.layers)).toEqual(
      expect.arrayContaining([
        'lib/api/',
        'lib/',
        'stores/',
        'flows/',
        'islands/',
        'client/',
        'embed/',
        'components/',
        'server/',
        'build/',
      ]),
    );
    expect(table.length).toBe(rows.length + 1);
  });

  it('every file belongs to a row, and imports only what its row allows', () => {
    const crossings = files('**/*.{ts,tsx,astro}')
      .filter((file) => file !== 'env.d.ts')
      .flatMap((file) => {
        const own = layerOfPath(file);
        if (!own) return [`${file}: in no row of the table`];
        const allowed = [own.layer, ...own.row.layers, ...(own.row.mayImport ?? [])];
        return importsOf(file)
          .filter((target) => !/^\.\.\/locales\/[\w-]+\.json$/.test(target))
          .filter((target) => {
            // A target in no row (styles/…) is allowed when a folder the row names holds it.
            const layer = layerOfPath(target)?.layer ?? target;
            return !allowed.some((may) => layer.startsWith(may));
          })
          .map((target) => `${file} → ${target}`);
      });
    expect(crossings).toEqual([]);
  });

  it('lib is pure: no store, component, island, flow, React or nanostores in it', () => {
    const impure = files('lib/**/*.ts').filter((file) =>
      /from '(react|nanostores|@nanostores\/react)'/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(impure).toEqual([]);
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
