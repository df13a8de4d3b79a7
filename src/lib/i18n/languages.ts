/** The 25 languages of Foyer, in the seed's order, with what pages and Intl need to know about each. */

// The codes themselves are part of the API's contract (lib/api/languages.ts); the rest of this file is what pages
// and Intl need to know about each.
import { languages, type Lang } from '../api/languages.ts';

export { languages, type Lang };

export const defaultLang: Lang = 'en';

/** Each language's own name for itself, shown in the language picker. */
export const endonyms: Record<Lang, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  it: 'Italiano',
  fr: 'Français',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  es: 'Español',
  ru: 'Русский',
  sv: 'Svenska',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  ar: 'العربية',
  he: 'עברית',
  vi: 'Tiếng Việt',
  tr: 'Türkçe',
  nl: 'Nederlands',
  el: 'Ελληνικά',
  pl: 'Polski',
  da: 'Dansk',
  fi: 'Suomi',
  no: 'Norsk',
};

const rtl: ReadonlySet<Lang> = new Set<Lang>(['ar', 'he']);

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function textDirection(lang: Lang): 'ltr' | 'rtl' {
  return rtl.has(lang) ? 'rtl' : 'ltr';
}

/** The locale Intl formats dates and numbers with; `no` alone is not a locale every engine knows. */
export function intlLocale(lang: Lang): string {
  return lang === 'no' ? 'nb' : lang;
}

/** Where a missing translation is taken from, nearest first, ending with English. */
export function fallbackChain(lang: Lang): Lang[] {
  if (lang === defaultLang) return [defaultLang];
  if (lang === 'pt-BR') return ['pt-BR', 'pt', defaultLang];
  return [lang, defaultLang];
}

/** Finds the supported language a path starts with; the prefix must match exactly, case included. */
export function langFromPath(pathname: string): Lang | undefined {
  const first = pathname.split('/')[1];
  return isLang(first) ? first : undefined;
}

/** Like langFromPath, but forgiving about case, for choosing the language of an error page. */
export function langFromPathLoosely(pathname: string): Lang | undefined {
  const first = pathname.split('/')[1]?.toLowerCase();
  return languages.find((lang) => lang.toLowerCase() === first);
}
