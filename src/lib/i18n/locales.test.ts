import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages, type Lang } from './languages.ts';
import { localeSchema, parseMessages, pluralCategories, requiredKeys } from './schema.ts';
import { createTranslator } from './translate.ts';

const read = (lang: Lang): Record<string, string> => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8'));
const en = read('en');

// Values that are the same in every language: names, and strings made only of names and placeholders.
const names = ['Foyer', 'Google', 'Apple', 'reCAPTCHA', 'Firebase', 'OK', 'E-mail'];
const onlyNames = (value: string) =>
  value
    .replace(/\{\{[^}]+\}\}/g, '')
    .split(/[\s\p{P}]+/u)
    .filter(Boolean)
    .every((word) => names.includes(word));

// Words that a language really shares with English, per key (loanwords a translator would keep).
const sameAsEnglish: Partial<Record<Lang, string[]>> = {
  it: ['login.password', 'helpful.no'],
  es: ['helpful.no'],
  nl: ['inbox.title', 'inbox.filterStatus', 'contactChats.status.open'],
  de: ['inbox.filterStatus', 'invite.name', 'staffAdmin.name', 'staffAdmin.nameOptional', 'staffAdmin.role.admin', 'staffAdmin.role.agent'],
  fr: ['staffAdmin.actions', 'staffAdmin.role.agent', 'helpCentre.article'],
  id: ['inbox.filterStatus', 'staffAdmin.role.admin'],
  da: ['inbox.filterStatus', 'inbox.filter.mine'],
  no: ['inbox.filterStatus', 'inbox.filter.mine'],
  sv: ['inbox.filterStatus'],
  pl: ['inbox.filterStatus'],
  'pt-BR': ['inbox.filterStatus'],
};

// Each language's own script; a string with letters of another non-Latin script is a slip of the pen.
const scripts = {
  Arabic: /\p{Script=Arabic}/u,
  Hebrew: /\p{Script=Hebrew}/u,
  Cyrillic: /\p{Script=Cyrillic}/u,
  Greek: /\p{Script=Greek}/u,
  Thai: /\p{Script=Thai}/u,
  Hangul: /\p{Script=Hangul}/u,
  Kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  Han: /\p{Script=Han}/u,
};
const ownScripts: Partial<Record<Lang, (keyof typeof scripts)[]>> = {
  ar: ['Arabic'],
  he: ['Hebrew'],
  ru: ['Cyrillic'],
  el: ['Greek'],
  th: ['Thai'],
  ko: ['Hangul', 'Han'],
  ja: ['Kana', 'Han'],
  'zh-Hans': ['Han'],
  'zh-Hant': ['Han'],
};

describe.each(languages)('locales/%s.json', (lang) => {
  const messages = read(lang);

  it('uses no letters of another language’s script', () => {
    const allowed = ownScripts[lang] ?? [];
    const foreign = Object.entries(messages).filter(([, value]) =>
      Object.entries(scripts).some(([name, pattern]) => !allowed.includes(name as keyof typeof scripts) && pattern.test(value)),
    );
    expect(foreign.map(([key]) => key)).toEqual([]);
  });

  it('has every key of en.json, translated, and nothing else', () => {
    expect(() => parseMessages(lang, messages)).not.toThrow();
    expect(Object.keys(messages).sort()).toEqual(requiredKeys(lang).sort());
  });

  it.skipIf(lang === 'en')('translates every string a reader of this language would not read in English', () => {
    const untranslated = Object.entries(messages)
      .filter(([key, value]) => {
        const english = en[key] ?? en[key.replace(/_[a-z]+$/, '_other')];
        return value === english && !onlyNames(value) && !sameAsEnglish[lang]?.includes(key);
      })
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('renders plural counts for 1, 2, 5 and 21 with the number in it', () => {
    const t = createTranslator(lang, parseMessages(lang, messages));
    for (const count of [1, 2, 5, 21]) {
      const text = t('category.articleCount', { count });
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toContain('{{');
    }
  });
});

describe('the locale schema', () => {
  const valid = () => ({ ...en });

  it('rejects a missing key', () => {
    const { ['nav.home']: _, ...missing } = valid();
    expect(() => parseMessages('en', missing)).toThrow(/nav\.home/);
  });

  it('rejects an extra key and says to remove it', () => {
    expect(() => parseMessages('en', { ...valid(), 'nav.extra': 'x' })).toThrow(/nav\.extra: is not a key in en\.json/);
  });

  it('rejects an empty or blank value', () => {
    expect(() => parseMessages('en', { ...valid(), 'nav.home': '  ' })).toThrow(/nav\.home: is empty/);
  });

  it('rejects a renamed, missing or broken placeholder', () => {
    expect(() => parseMessages('en', { ...valid(), 'error.notFound': 'URL {{url}} missing' })).toThrow(/error\.notFound/);
    expect(() => parseMessages('en', { ...valid(), 'error.notFound': 'URL missing' })).toThrow(/error\.notFound/);
    expect(() => parseMessages('en', { ...valid(), 'error.notFound': 'URL {{path} missing {{path}}' })).toThrow(/broken/);
  });

  it('asks each language for its own plural forms', () => {
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(localeSchema('ja').safeParse(read('ja')).success).toBe(true);
    expect(requiredKeys('ar')).toContain('category.articleCount_few');
  });
});

describe('the translator', () => {
  it('interpolates and chooses plural forms', () => {
    const t = createTranslator('en', parseMessages('en', en));
    expect(t('category.articleCount', { count: 1 })).toBe('1 article');
    expect(t('category.articleCount', { count: 1200 })).toBe('1,200 articles');
    expect(t('error.pageNotFound', { path: '/en/x<y>' })).toBe('Page not found: /en/x<y>');
  });

  it('writes counts with the language’s own digits', () => {
    const t = createTranslator('ar', parseMessages('ar', read('ar')));
    expect(t('category.articleCount', { count: 3 })).toContain(new Intl.NumberFormat('ar').format(3));
  });
});
