/** Chooses the reader's language for `/`: the language cookie first, then Accept-Language, then English. */
import { defaultLang, isLang, languages, type Lang } from './languages.ts';

const byLowerCase = new Map<string, Lang>(languages.map((lang) => [lang.toLowerCase(), lang]));

// Browser tags that do not name one of our codes directly.
const aliases: Record<string, Lang> = {
  zh: 'zh-Hans',
  'zh-cn': 'zh-Hans',
  'zh-sg': 'zh-Hans',
  'zh-my': 'zh-Hans',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-mo': 'zh-Hant',
  'pt-pt': 'pt',
  nb: 'no',
  nn: 'no',
  iw: 'he',
  in: 'id',
};

/** Maps one BCP 47 tag to a supported language, or undefined. */
export function matchLanguageTag(tag: string): Lang | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower || lower === '*') return undefined;
  const exact = byLowerCase.get(lower) ?? aliases[lower];
  if (exact) return exact;
  const [base = '', second = ''] = lower.split('-');
  if (base === 'zh') {
    if (second === 'hant') return 'zh-Hant';
    if (second === 'hans') return 'zh-Hans';
    return aliases[`zh-${second}`] ?? 'zh-Hans';
  }
  return byLowerCase.get(base) ?? aliases[base];
}

/** Parses an Accept-Language header into tags, highest quality first (stable for ties). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

export function negotiateLanguage(options: { cookie?: string | undefined; acceptLanguage?: string | null | undefined }): Lang {
  if (isLang(options.cookie)) return options.cookie;
  for (const tag of parseAcceptLanguage(options.acceptLanguage)) {
    const lang = matchLanguageTag(tag);
    if (lang) return lang;
  }
  return defaultLang;
}
