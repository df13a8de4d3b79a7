/**
 * A content loader for help-centre Markdown that keeps only frontmatter in Astro's data store.
 * Astro's glob loader stores every rendered article too, and the store is bundled into the build:
 * with 2,000 articles that alone pushed the build past 1 GiB. Bodies are rendered when a page is
 * (lib/content/markdown.ts), straight from the file.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader } from 'astro/loaders';
import { parseFrontmatter } from 'astro/markdown';
import { glob } from 'tinyglobby';

export function markdownFrontmatter({ base }: { base: string }): Loader {
  return {
    name: 'foyer-markdown-frontmatter',
    load: async ({ config, store, parseData, generateDigest, watcher, logger }) => {
      const root = fileURLToPath(config.root);
      const directory = resolve(root, base);

      async function loadFile(path: string) {
        const source = await readFile(path, 'utf8');
        const filePath = relative(root, path);
        const id = relative(directory, path).replace(/\\/g, '/').replace(/\.md$/, '');
        const digest = generateDigest(source);
        if (store.get(id)?.digest === digest) return id;
        const data = await parseData({ id, data: parseFrontmatter(source).frontmatter, filePath: path });
        store.set({ id, data, filePath, digest });
        return id;
      }

      async function loadAll() {
        const files = await glob('*/*.md', { cwd: directory, absolute: true });
        const ids = new Set(await Promise.all(files.map(loadFile)));
        for (const id of store.keys()) if (!ids.has(id)) store.delete(id);
      }

      await loadAll();
      watcher?.add(directory);
      watcher?.on('all', (_event, path) => {
        if (!path.startsWith(directory) || !path.endsWith('.md')) return;
        loadAll().catch((error: Error) => logger.error(error.message));
      });
    },
  };
}
