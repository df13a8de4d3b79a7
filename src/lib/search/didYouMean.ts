/**
 * "Did you mean": a query word the index does not hold is replaced by the nearest word the help centre's articles
 * use in that language (the vocabulary the build writes to /{lang}/search-words.json, vocabulary.ts), one or two
 * typing mistakes away, the more frequent word winning a tie. Words are compared folded (no case, no accents) and
 * offered as the articles spell them.
 */
import { fold, querySegments } from './relevance.ts';

/** Words and how often the articles use them, the most frequent first. */
export type Vocabulary = [word: string, count: number][];

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, or `limit + 1` once past `limit`. */
export function editDistance(a: string[], b: string[], limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = Array.from({ length: b.length + 1 }, (_, index) => index);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * One mistake allowed, two in a long word, none in a word of two letters: with two, "refund" became "refused" and
 * "invoice" "invite", questions the articles do not answer turned into ones they do.
 */
const allowedEdits = (length: number) => (length <= 2 ? 0 : length <= 7 ? 1 : 2);

/**
 * The vocabulary's nearest word to `term` if one is close enough, as the articles spell it; none when the articles
 * use the word itself (the index may hold it in a form the check missed: no correcting a right word).
 */
export function nearestWord(term: string, vocabulary: Vocabulary): string | undefined {
  const letters = [...fold(term)];
  const limit = allowedEdits(letters.length);
  if (!limit) return undefined;
  let found: { word: string; distance: number } | undefined;
  for (const [word] of vocabulary) {
    const distance = editDistance(letters, [...fold(word)], limit);
    if (distance === 0) return undefined;
    // The vocabulary runs from the most frequent word: a later word wins only by being nearer.
    if (distance <= limit && (!found || distance < found.distance)) found = { word, distance };
  }
  return found?.word;
}

/**
 * The query with each word of `missed` replaced by its nearest word, everything between the words kept, or
 * undefined when none has one. Word by word, not text replacement: a word may be part of another, or repeated.
 */
export function correctedQuery(query: string, lang: string, missed: string[], vocabulary: Vocabulary): string | undefined {
  const replacements = new Map(missed.map((term) => [fold(term), nearestWord(term, vocabulary)]));
  let changed = false;
  const corrected = querySegments(query, lang)
    .map(({ segment, isWordLike }) => {
      const word = isWordLike ? replacements.get(fold(segment)) : undefined;
      if (!word) return segment;
      changed = true;
      return word;
    })
    .join('');
  return changed ? corrected : undefined;
}
