/**
 * The words a language's articles use, for "did you mean" (didYouMean.ts): titles and texts (what the index holds)
 * as the reader's language splits them into words, in lower case, counted, the most frequent first.
 */
import type { Vocabulary } from './didYouMean.ts';
import { fold, queryTerms } from './relevance.ts';

/**
 * Where a language's vocabulary is served (src/pages/[lang]/search-words.json.ts). Not in lib/paths.ts: only the
 * search page asks for it, and every island carries that module.
 */
export const vocabularyAddress = (lang: string) => `/${lang}/search-words.json`;

/** Scripts without spaces between words, whose words are short: a two-letter word is a word there. */
const unspaced = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Thai}/u;

/** Markdown's link and image addresses are not text a reader sees, nor words the index holds. */
const addresses = /\]\([^)]*\)|<https?:[^>]*>|https?:\/\/\S+/g;

export function vocabulary(texts: { lang: string; text: string }[]): Vocabulary {
  const counts = new Map<string, number>();
  for (const { lang, text } of texts) {
    for (const term of queryTerms(text.replace(addresses, ']'), lang)) {
      // As the articles spell it (accents kept: it is shown), in lower case.
      const word = term.toLocaleLowerCase(lang);
      const letters = [...fold(word)];
      if (letters.length < (unspaced.test(word) ? 2 : 3) || /^\p{N}+$/u.test(fold(word))) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
