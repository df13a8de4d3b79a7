/**
 * One ranking for a query of several words. Pagefind answers only pages holding every word, so "how do I reset my
 * password" finds the one article that happens to say all six; here each word is searched alone and a page counts
 * the words it holds, each weighted by how rare it is among the articles (a word in every article weighs little, one
 * in two articles much), doubled in the page's title, with Pagefind's own score for the word (headings before text) within that weight. A
 * page must hold words worth at least half the query's weight: "invoice template" cannot be answered by "template".
 * A word no article holds weighs the most, so a query whose telling word is missing finds nothing.
 */

export interface TermHits {
  /** Pagefind's pages for the word alone, with its scores; empty for a word the index does not hold. */
  hits: { id: string; score: number; inTitle: boolean }[];
  /** How many articles hold the word (more than `hits` when a topic filter narrows them). */
  pagesWithWord: number;
}

export interface RankedPage {
  id: string;
  score: number;
}

/** Below this share of the query's weight, a page answers another question. */
export const minCoverage = 0.5;

const weightOf = (pagesWithWord: number, pages: number) => Math.log(1 + pages / (pagesWithWord + 0.5));

export function rankPages(terms: TermHits[], pages: number, coverage = minCoverage): RankedPage[] {
  const total = terms.reduce((sum, term) => sum + weightOf(term.pagesWithWord, pages), 0);
  const found = new Map<string, { score: number; weight: number }>();
  for (const term of terms) {
    if (!term.hits.length) continue;
    const weight = weightOf(term.pagesWithWord, pages);
    const best = Math.max(...term.hits.map((hit) => hit.score));
    for (const hit of term.hits) {
      const page = found.get(hit.id) ?? { score: 0, weight: 0 };
      page.weight += weight;
      page.score += weight * (0.5 + (0.5 * hit.score) / best + (hit.inTitle ? 1 : 0));
      found.set(hit.id, page);
    }
  }
  return [...found]
    .filter(([, page]) => page.weight >= total * coverage)
    .map(([id, page]) => ({ id, score: page.score }))
    .sort((a, b) => b.score - a.score);
}
