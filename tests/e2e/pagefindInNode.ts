/**
 * The built site's Pagefind (its script, WebAssembly and index for one language, fetched from the test server) run
 * in the test's own process, so the search page's code (lib/search) can be asked hundreds of queries in seconds.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PagefindSearch } from '../../src/lib/search/pagefind.ts';
import { clientDir } from './builtFiles.ts';

interface PagefindModule extends PagefindSearch {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
}

export async function pagefindFor(lang: string, origin: string): Promise<PagefindSearch> {
  // One module per language (the address's query makes it another module): Pagefind keeps one index per module.
  const script = `${pathToFileURL(join(clientDir, 'pagefind/pagefind.js')).href}?lang=${lang}`;
  const pagefind = (await import(script)) as PagefindModule;
  // Pagefind picks the index by the page's <html lang>, read when it starts: a stand-in document says it.
  const global = globalThis as { document?: unknown };
  global.document = { querySelector: () => ({ getAttribute: () => lang }) };
  try {
    await pagefind.options({ basePath: `${origin}/pagefind/`, excerptLength: 24 });
    await pagefind.init();
    await pagefind.search('');
  } finally {
    delete global.document;
  }
  return pagefind;
}
