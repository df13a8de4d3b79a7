import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { languages, type Lang } from './languages.ts';
import { parseMessages, placeholders, type MessageKey, type Messages } from './schema.ts';
import { createTranslator } from './translate.ts';

const read = (lang: Lang) => parseMessages(lang, JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')));

/** What i18next answered when it was the reader, set up as it was (counts written `{{count, number}}`). */
function i18nextTranslator(lang: Lang, messages: Messages) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    resources: {
      [lang]: {
        translation: Object.fromEntries(
          Object.entries(messages).map(([key, value]) => [key, value.replace(/\{\{\s*count\s*\}\}/g, '{{count, number}}')]),
        ),
      },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (key: string, values?: Record<string, string | number>) => instance.t(key, values ?? {}) as string;
}

const counts = [0, 1, 2, 3, 4, 5, 6, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1000, 1200, 1_000_000, 1.5];

describe('the translator reads i18next’s format as i18next did', () => {
  for (const lang of languages) {
    it(`answers like i18next for every key of ${lang}, every placeholder filled, with plural counts`, () => {
      const messages = read(lang);
      const ours = createTranslator(lang, messages);
      const theirs = i18nextTranslator(lang, messages);
      const bases = new Set(Object.keys(messages).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
      let compared = 0;
      for (const key of bases) {
        const names = placeholders(messages[key] ?? messages[`${key}_other`] ?? '');
        const values = Object.fromEntries(names.filter((name) => name !== 'count').map((name) => [name, `<${name} & 7>`]));
        // Plural keys (only their forms are in the file) and any text with a count: every count; others: once.
        const cases = !(key in messages) || names.includes('count') ? counts.map((count) => ({ ...values, count })) : [values];
        for (const sample of cases) {
          expect(ours(key as MessageKey, sample), `${lang} ${key} ${JSON.stringify(sample)}`).toBe(theirs(key, sample));
          compared += 1;
        }
        expect(ours(key as MessageKey)).toBe(theirs(key));
      }
      expect(compared).toBeGreaterThan(bases.size);
    });
  }

  it('leaves a placeholder without a value empty and answers an unknown key with the key', () => {
    const t = createTranslator('en', { greeting: 'Hello {{name}}!', items_one: '{{count}} item', items_other: '{{count}} items' });
    expect(t('greeting' as MessageKey, {})).toBe('Hello !');
    expect(t('missing.key' as MessageKey)).toBe('missing.key');
    expect(t('items' as MessageKey, { count: 1 })).toBe('1 item');
    expect(t('items' as MessageKey, { count: 0 })).toBe('0 items');
  });
});
