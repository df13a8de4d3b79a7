import { describe, expect, it } from 'vitest';
import { rankPages, type TermHits } from './ranking.ts';

const hits = (...ids: string[]): TermHits => ({ hits: ids.map((id) => ({ id, score: 1, inTitle: false })), pagesWithWord: ids.length });
const pages = Array.from({ length: 30 }, (_, index) => `p${index}`);

describe('rankPages', () => {
  it('finds pages that hold the rare words of a question, not only those holding every word', () => {
    // "how do I reset my password": the common words are in every page, "reset" and "password" in few.
    const ranked = rankPages([hits(...pages), hits(...pages), hits('p1', 'p2'), hits('p1', 'p3', 'p4')], 30);
    expect(ranked[0]!.id).toBe('p1');
    expect(ranked.map((page) => page.id)).toEqual(expect.arrayContaining(['p2', 'p3', 'p4']));
    // Holding only the common words is not enough.
    expect(ranked.map((page) => page.id)).not.toContain('p9');
  });

  it('answers nothing when the telling word is in no page', () => {
    expect(rankPages([{ hits: [], pagesWithWord: 0 }, hits('p1', 'p2', 'p3', 'p4', 'p5', 'p6')], 30)).toEqual([]);
  });

  it('weighs a word by all the articles holding it when a topic filter shows fewer', () => {
    // Within the topic, "a" is on one page and "b" on two; across topics, "a" is common and "b" rare.
    const a = { hits: [{ id: 'p1', score: 1, inTitle: false }], pagesWithWord: 28 };
    const b = { hits: ['p1', 'p2'].map((id) => ({ id, score: 1, inTitle: false })), pagesWithWord: 2 };
    expect(rankPages([a, b], 30).map((page) => page.id)).toEqual(['p1', 'p2']);
  });

  it('puts a page with the word in its title first, then by Pagefind’s score', () => {
    const ranked = rankPages(
      [
        {
          hits: [
            { id: 'text', score: 9, inTitle: false },
            { id: 'title', score: 2, inTitle: true },
            { id: 'less', score: 3, inTitle: false },
          ],
          pagesWithWord: 3,
        },
      ],
      30,
    );
    expect(ranked.map((page) => page.id)).toEqual(['title', 'text', 'less']);
  });
});
