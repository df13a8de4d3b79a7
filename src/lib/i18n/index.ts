/** Translations for pages rendered by Astro, at build time or on the server: every language, parsed once. */
import { languages, type Lang } from './languages.ts';
import { parseMessages, type Messages } from './schema.ts';
import { createTranslator, type Translate } from './translate.ts';

const files = import.meta.glob<Messages>('/locales/*.json', { eager: true, import: 'default' });

const translators = new Map<Lang, Translate>();

export function messagesFor(lang: Lang): Messages {
  return parseMessages(lang, files[`/locales/${lang}.json`]);
}

export function useTranslations(lang: Lang): Translate {
  let t = translators.get(lang);
  if (!t) {
    t = createTranslator(lang, messagesFor(lang));
    translators.set(lang, t);
  }
  return t;
}

export function allMessages(): Record<Lang, Messages> {
  return Object.fromEntries(languages.map((lang) => [lang, messagesFor(lang)])) as Record<Lang, Messages>;
}
