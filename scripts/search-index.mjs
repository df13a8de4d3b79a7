/**
 * Indexes the built help centre with Pagefind: article pages only, one index per language (Pagefind splits by
 * <html lang>). Runs after `astro build` as its own process, so the
 * indexer's memory does not add to the build's. Usage: node scripts/search-index.mjs [client folder]
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, createIndex } from 'pagefind';
import { globSync } from 'tinyglobby';

const articlePages = '*/categories/*/articles/*/index.html';

export async function indexSite(clientDir) {
  const started = performance.now();
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  // Pagefind reads the files itself (faster than sending each one); its addresses end with a slash,
  // which the search page strips (src/lib/search/pagefind.ts).
  const added = await index.addDirectory({ path: clientDir, glob: articlePages });
  if (added.errors.length) throw new Error(`Pagefind could not index ${clientDir}: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: join(clientDir, 'pagefind') });
  if (written.errors.length) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
  await close();
  const languages = new Set(globSync(articlePages, { cwd: clientDir }).map((page) => page.split('/')[0]));
  return { pages: added.page_count, languages: languages.size, seconds: (performance.now() - started) / 1000 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = process.argv[2] ?? join(process.env.FOYER_OUT_DIR ?? 'dist', 'client');
  try {
    const { pages, languages, seconds } = await indexSite(clientDir);
    console.log(`Search: indexed ${pages} articles in ${languages} languages in ${seconds.toFixed(1)} s.`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
