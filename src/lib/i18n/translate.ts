/**
 * The one translation function, shared by Astro pages, islands and e-mails. It reads locales/*.json as they are
 * written: i18next's JSON v4 format (`{{name}}` placeholders, CLDR plural suffixes `_one`, `_few`… chosen by
 * Intl.PluralRules), without i18next itself: that is 15.8 KB gzip in every island, a seventh of the widget's
 * budget, for two features the browser's Intl provides. translate.test.ts checks that this reader and i18next
 * answer alike for every key of every language.
 */
import { intlLocale, type Lang } from './languages.ts';
import type { MessageKey, Messages } from './schema.ts';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

export function createTranslator(lang: Lang, messages: Messages): Translate {
  const plural = new Intl.PluralRules(intlLocale(lang));
  // Counts are shown with the language's own digits and separators (١٬٢٠٠, 1.200).
  const numbers = new Intl.NumberFormat(intlLocale(lang));
  const format = (text: string, values: Record<string, string | number>) =>
    text.replace(placeholder, (_, name: string) => {
      const value = values[name];
      if (value === undefined) return '';
      return name === 'count' && typeof value === 'number' ? numbers.format(value) : String(value);
    });
  return (key, values) => {
    const count = values?.count;
    let text: string | undefined;
    if (typeof count === 'number') {
      text = messages[`${key}_${plural.select(count)}`] ?? messages[`${key}_other`];
    }
    text ??= messages[key] ?? key;
    return values ? format(text, values) : text;
  };
}
