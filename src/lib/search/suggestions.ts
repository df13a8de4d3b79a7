/**
 * Articles suggested while a visitor writes the first message of a conversation (islands/chat/StartForm.tsx): what
 * the message is searched by, and when it changed enough to search again. A whole message holds words no article
 * does and everyday words every article does, so a page needs less of its weight than a typed query's (ranking.ts).
 */
import { fold, queryTerms } from './relevance.ts';

export const suggestionCount = 3;
/** How long typing pauses before the message is searched. */
export const suggestionPauseMs = 700;
/** The share of the message's weight an article must hold (a search query's is half). */
export const suggestionCoverage = 0.25;
/** Words searched at most: Pagefind is asked once per word. */
const maxTerms = 12;

/** The message's distinct words, folded, the first `maxTerms` of them. */
export function suggestionTerms(text: string, lang: string): string[] {
  return [...new Set(queryTerms(text, lang).map(fold))].slice(0, maxTerms);
}

/** Whether the words changed enough to search again: a third of them new or gone (a typo fixed is not). */
export function changedEnough(before: string[], after: string[]): boolean {
  if (!after.length) return false;
  const had = new Set(before);
  const has = new Set(after);
  const differing = after.filter((word) => !had.has(word)).length + before.filter((word) => !has.has(word)).length;
  return differing / Math.max(had.size, has.size) >= 1 / 3;
}
