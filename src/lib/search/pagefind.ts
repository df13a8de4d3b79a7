/** The browser side of search: loads Pagefind (only the search page does) and turns its results into ours. */
import { excerptParts, type ExcerptPart } from './excerpt.ts';

interface PagefindResultData {
  url: string;
  excerpt: string;
  /** The page's whole indexed text, which the excerpt is a window of. */
  content: string;
  meta: Record<string, string | undefined>;
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string, options?: Record<string, unknown>): Promise<void>;
  search(term: string, options?: Record<string, unknown>): Promise<{ results: { id: string; data(): Promise<PagefindResultData> }[] }>;
}

export interface SearchResult {
  url: string;
  title: string;
  topic: string;
  excerpt: ExcerptPart[];
  /** Set when the result is a fallback page: the language its text is written in. */
  textLang: string | undefined;
}

export interface SearchAnswer {
  total: number;
  results: SearchResult[];
}

export const resultsPerPage = 10;

let loading: Promise<Pagefind> | undefined;

/** Loads and starts Pagefind once; the index language follows the page's <html lang>. */
export function loadPagefind(bundlePath = '/pagefind/'): Promise<Pagefind> {
  loading ??= (async () => {
    const pagefind = (await import(/* @vite-ignore */ `${bundlePath}pagefind.js`)) as Pagefind;
    await pagefind.options({ excerptLength: 24 });
    await pagefind.init();
    return pagefind;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Pagefind's addresses end with a slash; ours never do. */
export function cleanUrl(url: string): string {
  return url.length > 1 ? url.replace(/\/+(?=$|[?#])/, '') : url;
}

export async function searchArticles(query: string, topic: string, count = resultsPerPage): Promise<SearchAnswer> {
  const pagefind = await loadPagefind();
  const { results } = await pagefind.search(query, topic ? { filters: { topic } } : {});
  const data = await Promise.all(results.slice(0, count).map((result) => result.data()));
  return {
    total: results.length,
    results: data.map((item) => ({
      url: cleanUrl(item.url),
      title: item.meta['title'] ?? cleanUrl(item.url),
      topic: item.meta['topic'] ?? '',
      excerpt: excerptParts(item.excerpt, item.content),
      textLang: item.meta['textLang'],
    })),
  };
}
