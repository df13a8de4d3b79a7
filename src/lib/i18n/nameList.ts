/**
 * Names joined as the language joins them: "Ana, Lee and Sam", "Ana、Lee、Sam". A module of its own, not in
 * lib/format.ts: only the chat uses it, and every island that formats a date would carry it.
 */
import { intlLocale, type Lang } from './languages.ts';

export function nameList(lang: Lang, names: string[]): string {
  return new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' }).format(names);
}
