/** Picks the version of a page a reader of one language gets: their own, or the nearest fallback. */
import { fallbackChain, languages, type Lang } from '../i18n/languages.ts';
import type { Versions } from './catalog.ts';

export interface Localized<T> {
  entry: T;
  /** The language the text is written in. */
  textLang: Lang;
  /** True when the reader's language has no translation and the text comes from a fallback. */
  isFallback: boolean;
}

export function localize<T>(versions: Versions<T>, lang: Lang): Localized<T> {
  for (const candidate of fallbackChain(lang)) {
    const entry = versions.get(candidate);
    if (entry) return { entry, textLang: candidate, isFallback: candidate !== lang };
  }
  throw new Error(`No version in ${fallbackChain(lang).join(', ')}: the catalogue should have refused this.`);
}

/** The language a text is shown in when it is a fallback, for its lang attribute; undefined when it is the reader's. */
export function fallbackLang(view: { textLang: Lang; isFallback: boolean }): Lang | undefined {
  return view.isFallback ? view.textLang : undefined;
}

/** The languages a page is really written in, in the seed's order: the hreflang and sitemap alternates. */
export function translatedLanguages<T>(versions: Versions<T>): Lang[] {
  return languages.filter((lang) => versions.has(lang));
}
