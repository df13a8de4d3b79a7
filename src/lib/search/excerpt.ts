/** Pagefind excerpts are escaped text with <mark> around matches; this turns one into plain parts to render as text. */

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': '\u00a0',
};

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g, (entity) => entities[entity] ?? entity);
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
