/**
 * How good the help centre's search is, measured: for each of en, de, ja and ar a set of 40+ queries a reader would
 * type, each with the articles they would want (tests/e2e/searchQuality/*.json, written before any tuning), asked of
 * the built index through the search page's own code (lib/search/pagefind.ts), and queries nothing answers, which
 * must find nothing. Precision at 3: of the first three results (or fewer, when fewer articles are wanted), the
 * share that are wanted; recall at 10: the share of the wanted articles among the first ten. The figures are in
 * docs/search.md; the goals below are what this set must keep.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerQuery, searcher } from '../../src/lib/search/pagefind.ts';
import { expect, test } from './fixtures.ts';
import { pagefindFor } from './pagefindInNode.ts';

interface QuerySet {
  queries: { query: string; expected: string[] }[];
  nothing: string[];
}

/** What every language must keep (Pagefind alone scored P@3 0.48–0.67, R@10 0.54–0.70, nothing 1–5 of 8). */
const goals = { precisionAt3: 0.55, recallAt10: 0.6, nothingFound: 0.6 };

const slugOf = (url: string) => url.split('/').at(-1)!;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

for (const lang of ['en', 'de', 'ja', 'ar']) {
  test(`search quality in ${lang}: precision at 3, recall at 10, and nothing found where nothing answers`, async ({ baseURL }) => {
    const set = JSON.parse(readFileSync(join(import.meta.dirname, 'searchQuality', `${lang}.json`), 'utf8')) as QuerySet;
    expect(set.queries.length).toBeGreaterThanOrEqual(40);
    const pagefind = await pagefindFor(lang, baseURL!);
    const search = searcher(lang, pagefind, async () => (await fetch(`${baseURL}/${lang}/search-words.json`)).json());
    const ask = (query: string) => answerQuery(search, query, '', 10);

    const misses: string[] = [];
    const precision: number[] = [];
    const recall: number[] = [];
    for (const { query, expected } of set.queries) {
      const slugs = (await ask(query)).results.map((result) => slugOf(result.url));
      const top3 = slugs.slice(0, 3).filter((slug) => expected.includes(slug)).length;
      precision.push(top3 / Math.min(3, expected.length));
      recall.push(slugs.filter((slug) => expected.includes(slug)).length / expected.length);
      if (!expected.includes(slugs[0] ?? '')) misses.push(`${query} → ${slugs.slice(0, 3).join(', ') || 'nothing'}`);
    }
    const quiet: number[] = [];
    for (const query of set.nothing) {
      const { total } = await ask(query);
      quiet.push(total === 0 ? 1 : 0);
      if (total) misses.push(`${query} → ${total} results, wanted none`);
    }
    const figures = { precisionAt3: mean(precision), recallAt10: mean(recall), nothingFound: mean(quiet) };
    const line = `${lang}: P@3 ${figures.precisionAt3.toFixed(2)}, R@10 ${figures.recallAt10.toFixed(2)}, nothing found for ${quiet.filter(Boolean).length} of ${quiet.length}`;
    console.log(`${line}\n  first result not wanted:\n  ${misses.join('\n  ')}`);
    for (const [name, goal] of Object.entries(goals)) {
      expect(figures[name as keyof typeof goals], `${line}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(goal);
    }
  });
}
