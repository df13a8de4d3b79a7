/**
 * Splits a message's text into plain parts and links (linkify-it), so the island renders text nodes and <a>
 * elements, never HTML. Only web and e-mail addresses become links: nothing else can reach an href.
 */
import { LinkifyIt } from 'linkify-it';

export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

let linkify: LinkifyIt | undefined;
const safeHref = /^(https?:\/\/|mailto:)/i;

export function splitLinks(text: string): TextPart[] {
  // "example.com" without a scheme is a link too; "//host" and ftp: are not worth the surprise.
  linkify ??= new LinkifyIt({ fuzzyLink: true }).add('//', null).add('ftp:', null);
  const matches = linkify.test(text) ? (linkify.match(text) ?? []) : [];
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of matches) {
    if (!safeHref.test(match.url)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match.raw, href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
