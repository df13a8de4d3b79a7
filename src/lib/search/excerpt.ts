/** Pagefind excerpts are escaped text with <mark> around matches; this turns one into plain parts to render as text. */

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

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
