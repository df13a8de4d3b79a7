/** The one translation function: i18next over a language's parsed messages, shared by Astro components and islands. */
import i18next from 'i18next';
import type { Lang } from './languages.ts';
import type { MessageKey, Messages } from './schema.ts';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Counts are written `{{count}}` in locale files and shown with the language's own digits (Intl). */
function formatCounts(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key, value.replace(/\{\{\s*count\s*\}\}/g, '{{count, number}}')]),
  );
}

export function createTranslator(lang: Lang, messages: Messages): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    resources: { [lang]: { translation: formatCounts(messages) } },
    keySeparator: false,
    nsSeparator: false,
    // Astro and React escape what they render; escaping here would escape twice.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // A build calls t() a few hundred thousand times, mostly without values: those answers never change.
  const plain = new Map<MessageKey, string>();
  return (key, values) => {
    if (values) return instance.t(key, values) as string;
    let text = plain.get(key);
    if (text === undefined) {
      text = instance.t(key, {}) as string;
      plain.set(key, text);
    }
    return text;
  };
}
