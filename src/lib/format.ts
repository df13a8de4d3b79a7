/** Dates and language names in the page's language, through Intl (counts are formatted by the translator). */
import { intlLocale, type Lang } from './i18n/languages.ts';

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/** A calendar date (content dates have no time of day, so they are read in UTC). */
export function formatDate(lang: Lang, date: Date): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(date);
}

/** The name of one language in another, e.g. "Englisch" on a German page. */
export function languageName(lang: Lang, of: Lang): string {
  return new Intl.DisplayNames([intlLocale(lang)], { type: 'language' }).of(of) ?? of;
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Wraps text of its own direction (an address, a name) in Unicode isolates, so it keeps its order inside a
 * sentence of the other direction: "/ar/x" stays "/ar/x" in Arabic, instead of its slash jumping to the end.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A file's size in the page's language: "820 kB", "2.4 MB" (decimal units, as phones and browsers show them). */
export function fileSize(lang: Lang, bytes: number): string {
  const [unit, value] = bytes < 1_000_000 ? ['kilobyte', Math.max(bytes / 1000, 0.1)] : ['megabyte', bytes / 1_000_000];
  return new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
