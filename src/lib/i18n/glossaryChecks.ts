/**
 * The mechanical part of the translation glossary (locales/glossary/{lang}.json, see docs/languages.md):
 * pure functions that find banned variants, foreign quotation marks and misquoted UI labels in a text.
 * Only the glossary test uses them; they read nothing themselves.
 */

export type Glossary = {
  register: string;
  quotes: { primary: [string, string]; secondary: [string, string] };
  ellipsis: string;
  terms: Record<string, { use: string; avoid: string[]; note?: string }>;
  avoidPatterns: { pattern: string; why: string }[];
};

export const termKeys = [
  'conversation',
  'chatBox',
  'message',
  'oneTimeCode',
  'invitation',
  'invitationLink',
  'contact',
  'contactId',
  'visitorId',
  'staff',
  'staffMember',
  'organisation',
  'session',
  'signIn',
  'signOut',
  'helpCentre',
  'article',
  'topic',
  'search',
] as const;

/** One piece of reader-facing text and where it came from ("key" or "file:line"). */
export type Prose = { where: string; text: string };

/**
 * The reader-facing text of a Markdown article: front-matter values (not keys, not YAML quoting) and the body
 * without code blocks, code spans, URLs and HTML tags, one paragraph per entry so quotes can span lines.
 */
export function articleProse(file: string, source: string): Prose[] {
  const out: Prose[] = [];
  const lines = source.split('\n');
  let i = 0;
  if (lines[0] === '---') {
    for (i = 1; i < lines.length && lines[i] !== '---'; i++) {
      const match = /^\s*[\w-]+:\s*(.*)$/.exec(lines[i]!);
      const value = match?.[1]?.trim() ?? '';
      if (value === '') continue;
      out.push({ where: `${file}:${i + 1}`, text: unquoteYaml(value) });
    }
    i++;
  }
  let paragraph: string[] = [];
  let start = i;
  let fence: string | undefined;
  const flush = (next: number) => {
    if (paragraph.length > 0) out.push({ where: `${file}:${start + 1}`, text: stripMarkup(paragraph.join('\n')) });
    paragraph = [];
    start = next;
  };
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fence) {
      if (fenceMark === fence) {
        fence = undefined;
        start = i + 1;
      }
      continue;
    }
    if (fenceMark) {
      flush(i + 1);
      fence = fenceMark;
      continue;
    }
    if (line.trim() === '' || /^ {4}|^\t/.test(line)) flush(i + 1);
    else paragraph.push(line);
  }
  flush(i);
  return out;
}

function unquoteYaml(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

function stripMarkup(text: string): string {
  return text
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)\s]*(\s+"[^"]*")?\)/g, ']')
    .replace(/<https?:[^>]*>/g, ' ')
    .replace(/https?:\/\/[^\s)>\]]+/g, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ');
}

/** A locale value's prose: placeholders are names, not words. */
export const localeProse = (key: string, value: string): Prose => ({
  where: key,
  text: value.replace(/\{\{[^}]+\}\}/g, '\u2060'),
});

/** Banned variants ("avoid", matched as case-insensitive substrings so inflected forms are caught) and patterns. */
export function bannedVariants(glossary: Glossary, prose: Prose[]): string[] {
  const avoid = Object.entries(glossary.terms).flatMap(([term, { avoid }]) =>
    avoid.map((variant) => ({ term, variant: variant.toLocaleLowerCase() })),
  );
  const patterns = glossary.avoidPatterns.map(({ pattern, why }) => ({ regex: new RegExp(pattern, 'u'), why }));
  const found: string[] = [];
  for (const { where, text } of prose) {
    const lower = text.toLocaleLowerCase();
    for (const { term, variant } of avoid)
      if (lower.includes(variant)) found.push(`${where}: "${variant}" (${term}: use "${glossary.terms[term]!.use}")`);
    for (const { regex, why } of patterns) {
      const match = regex.exec(text);
      if (match) found.push(`${where}: "${match[0]}" (${why})`);
    }
  }
  return found;
}

const quoteMarks = new Set(['"', "'", '“', '”', '„', '‟', '«', '»', '‹', '›', '‘', '’', '‚', '‛', '「', '」', '『', '』', '＂']);
const letter = /[\p{L}\p{M}\p{N}]/u;

/**
 * Quotation marks other than the language's, or its secondary marks outside a primary quotation, or a quote
 * left open. An apostrophe (’ or ' right after a letter, as in “contact’s”, “l’adresse”, Hebrew צ'אט) is no quote.
 * Also "..." where the language writes its ellipsis character.
 */
export function foreignQuotes(glossary: Glossary, prose: Prose[]): string[] {
  const [open1, close1] = glossary.quotes.primary;
  const [open2, close2] = glossary.quotes.secondary;
  const found: string[] = [];
  for (const { where, text } of prose) {
    const chars = [...text];
    const stack: string[] = [];
    const problem = (what: string, at: number) =>
      found.push(`${where}: ${what} in "${chars.slice(Math.max(0, at - 20), at + 20).join('')}"`);
    chars.forEach((c, at) => {
      if (!quoteMarks.has(c)) return;
      const before = chars[at - 1] ?? ' ';
      const after = chars[at + 1] ?? ' ';
      const top = stack.at(-1);
      if (top !== undefined && c === top) stack.pop();
      else if ((c === '’' || c === "'") && letter.test(before)) return;
      else if (c === open1 && !stack.includes(close1)) stack.push(close1);
      else if (c === open2 && stack.length > 0) stack.push(close2);
      else if ((c === "'" || c === '’') && letter.test(after) === false) return;
      else problem(c === open2 ? `${c} outside a ${open1}…${close1} quotation` : `quotation mark ${c}`, at);
    });
    if (stack.length > 0) problem(`unclosed quotation (missing ${stack.at(-1)})`, chars.length);
    if (glossary.ellipsis !== '...' && /\.\.\./.test(text)) problem(`"..." instead of ${glossary.ellipsis}`, text.indexOf('...'));
  }
  return found;
}

/**
 * Text between the language's primary quotes, and bold text inside a sentence. Bold that opens a line or list
 * item, or ends with a full stop, is a lead-in ("**Try another word.** …"), not a label.
 */
export function quotedSpans(glossary: Glossary, text: string): string[] {
  const [open, close] = glossary.quotes.primary;
  const spans: string[] = [];
  for (const match of text.matchAll(/(^|\n)?([ \t]*(?:[-*+|>]|\d+\.)?[ \t]*)?\*\*([^*\n]+)\*\*/g)) {
    const leadIn = match.index === 0 || match[1] !== undefined;
    if (!leadIn && !/[.?!。？！:：]$/u.test(match[3]!)) spans.push(match[3]!);
  }
  let at = 0;
  for (;;) {
    const from = text.indexOf(open, at);
    if (from < 0) break;
    const to = text.indexOf(close, from + open.length);
    if (to < 0) break;
    spans.push(text.slice(from + open.length, to));
    at = to + close.length;
  }
  return spans;
}

const normalise = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/[\s\u2060]+/g, ' ')
    .replace(/^[\s*"'“”„«»「『]+|[\s*"'“”»」』.:：。!！?？…]+$/gu, '');

function bigrams(text: string): string[] {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.slice(1).map((c, i) => chars[i]! + c);
}

/** Dice similarity of two strings' character pairs: 1 for equal, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const pairsA = bigrams(a);
  const pairsB = bigrams(b);
  if (pairsA.length === 0 || pairsB.length === 0) return a === b ? 1 : 0;
  const pool = new Map<string, number>();
  for (const pair of pairsB) pool.set(pair, (pool.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of pairsA) {
    const left = pool.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      pool.set(pair, left - 1);
    }
  }
  return (2 * shared) / (pairsA.length + pairsB.length);
}

/**
 * Quoted or bold text that looks like a UI label (close to one of the UI's strings) but is not the UI's
 * wording: the article names a button or field differently from the interface. Quoting a UI string whole or
 * in part (with the placeholders filled in) is fine; text that resembles no UI string is not a label.
 */
export function misquotedLabels(glossary: Glossary, messages: Record<string, string>, prose: Prose[]): string[] {
  const values = Object.values(messages).map((value) => {
    const parts = normalise(value).split(/\{\{[^}]+\}\}/);
    return {
      value,
      plain: normalise(value.replace(/\{\{[^}]+\}\}/g, '')),
      regex: new RegExp(`^${parts.map((part) => part.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*.+?\\s*')}$`),
    };
  });
  const found: string[] = [];
  for (const { where, text } of prose) {
    for (const span of quotedSpans(glossary, text)) {
      const quoted = normalise(span);
      if ([...quoted].length < 2 || [...quoted].length > 60) continue;
      // The UI's string whole or in part, a UI label inside a longer description, or a label inflected.
      if (values.some(({ plain, regex }) => plain.includes(quoted) || regex.test(quoted))) continue;
      if (values.some(({ plain }) => [...plain].length >= 6 && quoted.includes(plain))) continue;
      const nearest = values
        .map(({ value, plain }) => ({ value, score: similarity(quoted, plain) }))
        .reduce((best, next) => (next.score > best.score ? next : best));
      if (nearest.score >= 0.72) found.push(`${where}: "${span}" is not the UI’s label "${nearest.value}" (${nearest.score.toFixed(2)})`);
    }
  }
  return found;
}
