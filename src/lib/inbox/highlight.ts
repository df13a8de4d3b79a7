/**
 * The part of a message that matched an inbox search, as plain pieces of text (never HTML): an excerpt around the
 * first match, with the matches marked. Matching ignores case in every script; Chinese, Japanese and Thai need
 * nothing more, since a match is found inside words, not by splitting them.
 */
export interface TextPiece {
  text: string;
  match: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `context`: how many characters to keep before the first match; earlier text is cut with an ellipsis. */
export function matchPieces(text: string, query: string, context = 30): TextPiece[] {
  const needle = query.trim();
  if (!needle) return [{ text, match: false }];
  const pattern = new RegExp(escape(needle.normalize('NFC')), 'giu');
  const source = text.normalize('NFC');
  const first = source.search(pattern);
  if (first < 0) return [{ text, match: false }];
  // Cut at a code point boundary, so no half of a surrogate pair is left at the start.
  const before = [...source.slice(0, first)];
  const start = before.length > context ? first - before.slice(-context).join('').length : 0;
  const shown = source.slice(start);
  const pieces: TextPiece[] = start > 0 ? [{ text: '…', match: false }] : [];
  let at = 0;
  for (const found of shown.matchAll(pattern)) {
    if (found.index > at) pieces.push({ text: shown.slice(at, found.index), match: false });
    pieces.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < shown.length) pieces.push({ text: shown.slice(at), match: false });
  // "…" and the first piece read as one.
  if (start > 0 && pieces[1] && !pieces[1].match) pieces.splice(0, 2, { text: `…${pieces[1].text}`, match: false });
  return pieces;
}
