/**
 * Pagefind excerpts are escaped text with <mark> around matches; this turns one into plain parts to render as text,
 * with the highlight on the word alone and "…" where the excerpt cuts a sentence.
 */

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

export const ellipsis = '…';

// Pagefind (1.6) escapes only these two when it builds an excerpt; an article's own `&amp;` is text to keep.
function decode(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function parseExcerpt(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  // Anything but <mark> and </mark> is treated as text, so no markup from the index can reach the page.
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) parts.push({ text: decode(piece), marked });
  }
  return parts;
}

/** Adds a part, joining it to the one before when both are marked or both are not. */
function append(parts: ExcerptPart[], part: ExcerptPart) {
  const last = parts.at(-1);
  if (!part.text) return;
  if (last && last.marked === part.marked) last.text += part.text;
  else parts.push({ ...part });
}

/**
 * Pagefind marks whole space-separated words, punctuation included ("code,"): the mark is moved onto the word,
 * and the punctuation around it becomes plain text. A match of punctuation only keeps its mark.
 */
export function markWordsOnly(parts: ExcerptPart[]): ExcerptPart[] {
  const result: ExcerptPart[] = [];
  for (const part of parts) {
    const word = part.marked ? /^(\p{P}*)(.*?)(\p{P}*)$/su.exec(part.text) : null;
    if (!word?.[2]) {
      append(result, part);
      continue;
    }
    append(result, { text: word[1]!, marked: false });
    append(result, { text: word[2], marked: true });
    append(result, { text: word[3]!, marked: false });
  }
  return result;
}

// The end of a sentence, perhaps followed by closing quotes or brackets. Pagefind ends headings, list items and
// table cells with ". " in a page's content, so every block ends like a sentence too.
const sentenceEnd = /[.!?…。！？｡؟۔।॥።‽](\p{Pe}|\p{Pf}|["'])*$/u;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Where a run of words starts in a longer one, or -1. */
function indexOfRun(haystack: string[], needle: string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let i = 0; i < needle.length; i++) if (haystack[start + i] !== needle[i]) continue outer;
    return start;
  }
  return -1;
}

/**
 * "…" before an excerpt that starts inside a sentence of the page's content, and after one that stops inside one.
 * Pagefind cuts its excerpt as a window of the content's space-separated words; the words either side say whether
 * the window cut a sentence. An excerpt not found in the content is left as it is.
 */
export function withEllipses(parts: ExcerptPart[], content: string): ExcerptPart[] {
  const excerptWords = words(parts.map((part) => part.text).join(''));
  const contentWords = words(decode(content));
  const start = indexOfRun(contentWords, excerptWords);
  if (start < 0) return parts;
  const end = start + excerptWords.length;
  const result: ExcerptPart[] = [];
  if (start > 0 && !sentenceEnd.test(contentWords[start - 1]!)) append(result, { text: `${ellipsis} `, marked: false });
  for (const part of parts) append(result, part);
  if (end < contentWords.length && !sentenceEnd.test(contentWords[end - 1]!)) append(result, { text: ` ${ellipsis}`, marked: false });
  return result;
}

/** An excerpt as Pagefind gives it, and the content it was cut from, as the parts the results list shows. */
export function excerptParts(html: string, content: string): ExcerptPart[] {
  return withEllipses(markWordsOnly(parseExcerpt(html)), content);
}
