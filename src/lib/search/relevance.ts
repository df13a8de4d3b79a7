/**
 * What makes a Pagefind match a match. For a word its index does not hold, Pagefind (1.6) falls back to ever shorter
 * prefixes of it until something matches: "invoice" finds every "in", "refund" every "reCAPTCHA". A query word
 * counts as found only when the words Pagefind matched for it share most of it; the others are corrected to a near
 * word (didYouMean.ts) or weigh against every page (ranking.ts).
 */

const segmenters = new Map<string, Intl.Segmenter>();

/** The query as the reader's language splits it into words and what lies between them (NFKC: ｐａｓｓ is pass). */
export function querySegments(query: string, lang: string): Intl.SegmentData[] {
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return [...segmenter.segment(query.normalize('NFKC'))];
}

/** The query's words (Japanese and Thai have no spaces between them); a "word" of no letter or digit is none. */
export function queryTerms(query: string, lang: string): string[] {
  return querySegments(query, lang)
    .filter((part) => part.isWordLike && fold(part.segment))
    .map((part) => part.segment);
}

/**
 * Lower case, accents off as Pagefind takes them off (but kana's voicing marks, which make another letter: コード is
 * not コート), no punctuation around the word.
 */
export function fold(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/(?![\u3099\u309A])\p{M}/gu, '')
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * Whether `word`, one Pagefind matched for `term`, is that term or a form of it: they share the whole of a short
 * term, or at least half of a longer one (a stem: "resetting" for "reset", "invoices" for "invoice"), never just a
 * first letter or two.
 */
export function matchesTerm(term: string, word: string): boolean {
  const a = [...fold(term)];
  const b = [...fold(word)];
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const needed = a.length <= 3 ? a.length : Math.max(3, Math.ceil(a.length / 2));
  return common >= needed;
}

/** The words at Pagefind's match locations in a result's text (split as Pagefind splits it for its excerpts). */
export function wordsAt(rawContent: string, locations: number[]): string[] {
  const words = rawContent.includes('\u200B') ? rawContent.split('\u200B') : rawContent.split(/[^\S\uFEFF]+/);
  return locations.map((location) => words[location] ?? '').filter(Boolean);
}
