/** The browser side of search: loads Pagefind (only the search page does) and turns its results into ours. */
import { excerptParts, type ExcerptPart } from './excerpt.ts';
import type { Lang } from '../i18n/languages.ts';
import { correctedQuery, type Vocabulary } from './didYouMean.ts';
import { rankPages } from './ranking.ts';
import { fold, matchesTerm, queryTerms, wordsAt } from './relevance.ts';
import { vocabularyAddress } from './vocabulary.ts';

interface PagefindResultData {
  url: string;
  excerpt: string;
  /** The page's whole indexed text, which the excerpt is a window of. */
  content: string;
  /** The same text as Pagefind split it into words: `locations` are indexes into it. */
  raw_content: string;
  locations: number[];
  meta: Record<string, string | undefined>;
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string, options?: Record<string, unknown>): Promise<void>;
  search(
    term: string,
    options?: Record<string, unknown>,
  ): Promise<{
    results: { id: string; score: number; words: number[]; matchedMetaFields?: string[]; data(): Promise<PagefindResultData> }[];
  }>;
  /** Every filter's values with how many pages have each. */
  filters(): Promise<Record<string, Record<string, number>>>;
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
  /** The query searched instead, when words of the reader's were not in any article and near ones were. */
  corrected?: string | undefined;
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

/** The Pagefind calls the search needs, so the same answer can come from the browser's Pagefind or a test's. */
export type PagefindSearch = Pick<Pagefind, 'search' | 'filters'>;

type PagefindResult = Awaited<ReturnType<Pagefind['search']>>['results'][number];

/** A query word's own search: its pages, and whether the index holds the word at all (relevance.ts says why not). */
interface TermSearch {
  held: boolean;
  /** Held as typed (a word starting with it), not only as a stem ("langauge" held by "lang" is not). */
  exact: boolean;
  results: PagefindResult[];
}

/**
 * What answers a query in one language: Pagefind, its searches for single words (kept for the page's life: typing
 * repeats the same words), and the articles' vocabulary.
 */
export interface Searcher {
  lang: string;
  pagefind: PagefindSearch;
  term: (term: string, topic: string) => Promise<TermSearch>;
  /** How many articles the index holds. */
  pages: () => Promise<number>;
  /** Fetched the first time a query holds a word the index does not. */
  vocabulary: () => Promise<Vocabulary>;
}

/** A promise kept once it succeeds, asked again after it failed. */
function kept<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    value.catch(() => (value = undefined));
    return value;
  };
}

export function searcher(lang: string, pagefind: PagefindSearch, loadVocabulary: () => Promise<Vocabulary>): Searcher {
  const terms = new Map<string, () => Promise<TermSearch>>();
  const term = (text: string, topic: string): Promise<TermSearch> => {
    const key = `${topic}\n${fold(text)}`;
    let search = terms.get(key);
    if (!search) {
      search = kept(async () => {
        if (topic) {
          const { held, exact } = await term(text, '');
          return { held, exact, results: held ? (await pagefind.search(text, { filters: { topic } })).results : [] };
        }
        const { results } = await pagefind.search(text);
        const [first] = results;
        // The result's own word positions: the page's data is one object Pagefind rewrites for every search.
        const matched = first ? wordsAt((await first.data()).raw_content, first.words) : [];
        const held = matched.some((word) => matchesTerm(text, word));
        const exact = matched.some((word) => fold(word).startsWith(fold(text)));
        // Pagefind answers a chunk it failed to fetch as "no such word": a word not held is asked again next time.
        if (!held) terms.delete(key);
        return { held, exact, results: held ? results : [] };
      });
      terms.set(key, search);
    }
    return search();
  };
  return {
    lang,
    pagefind,
    term,
    pages: kept(async () => {
      const topics = (await pagefind.filters())['topic'] ?? {};
      const pages = Object.values(topics).reduce((sum, count) => sum + count, 0);
      // None means the filter's chunk did not load (Pagefind does not say): asked again, not kept.
      if (!pages) throw new Error('Pagefind has no topic filter');
      return pages;
    }),
    vocabulary: kept(loadVocabulary),
  };
}

/**
 * The query's results, best first (ranking.ts), the first `count` of them read. Words the index does not hold are
 * corrected to the nearest word the articles use ("pasword" to "password", said in `corrected`); left as they are,
 * they weigh against every page.
 */
export async function answerQuery(
  search: Searcher,
  query: string,
  topic: string,
  count = resultsPerPage,
  coverage?: number,
): Promise<SearchAnswer> {
  const wordsOf = (text: string) => [...new Map(queryTerms(text, search.lang).map((term) => [fold(term), term])).values()];
  // One word at a time, each read before the next is asked: with searches (or reading one's results while another
  // ran) side by side, Pagefind was seen answering one word with another's pages, and precision fell by 0.1.
  const searchAll = async (terms: string[], within = topic) => {
    const searches: TermSearch[] = [];
    for (const term of terms) searches.push(await search.term(term, within));
    return searches;
  };
  let terms = wordsOf(query);
  let searches = await searchAll(terms);
  // Not held as typed: a near word the articles use is what was meant ("langauge", held only by "lang").
  const missed = terms.filter((_, index) => !searches[index]!.exact);
  let corrected: string | undefined;
  if (missed.length) {
    corrected = correctedQuery(query, search.lang, missed, await search.vocabulary().catch(() => []));
    if (corrected) {
      terms = wordsOf(corrected);
      searches = await searchAll(terms);
    }
  }
  // A word's weight is its rarity among all the articles, with a topic filter too: the filter narrows the pages
  // shown, not which pages answer.
  const everywhere = topic ? await searchAll(terms, '') : searches;
  const ranked = rankPages(
    searches.map(({ results }, index) => ({
      pagesWithWord: everywhere[index]!.results.length,
      hits: results.map((result) => ({
        id: result.id,
        score: result.score,
        inTitle: result.matchedMetaFields?.includes('title') ?? false,
      })),
    })),
    await search.pages(),
    coverage,
  );
  // Each page is read through the search for its rarest word: its excerpt is cut around that word.
  const rarest = [...searches].sort((a, b) => (a.results.length || Infinity) - (b.results.length || Infinity));
  const resultFor = (id: string) => rarest.flatMap(({ results }) => results.find((result) => result.id === id) ?? [])[0]!;
  const data = await Promise.all(ranked.slice(0, count).map((page) => resultFor(page.id).data()));
  return {
    total: ranked.length,
    corrected,
    results: data.map((item) => ({
      url: cleanUrl(item.url),
      title: item.meta['title'] ?? cleanUrl(item.url),
      topic: item.meta['topic'] ?? '',
      excerpt: excerptParts(item.excerpt, item.content),
      textLang: item.meta['textLang'],
    })),
  };
}

let current: Searcher | undefined;

/** `coverage`: the share of the query's weight a page must hold (ranking.ts), lower for a visitor's whole message. */
export async function searchArticles(
  lang: Lang,
  query: string,
  topic: string,
  count = resultsPerPage,
  coverage?: number,
): Promise<SearchAnswer> {
  const pagefind = await loadPagefind();
  current ??= searcher(lang, pagefind, async () => {
    const response = await fetch(vocabularyAddress(lang));
    if (!response.ok) throw new Error(`${response.status} for the search vocabulary`);
    return (await response.json()) as Vocabulary;
  });
  return answerQuery(current, query, topic, count, coverage);
}
