import { describe, expect, it } from 'vitest';
import { buildCatalog, type ArticleEntry, type CategoryEntry } from './catalog.ts';
import { localize, translatedLanguages } from './localize.ts';

const category = (id: string): CategoryEntry =>
  ({
    id,
    collection: 'categories',
    filePath: `src/content/categories/${id}.md`,
    data: { title: id, description: 'd', order: 1, icon: 'book' },
  }) as CategoryEntry;
const article = (id: string, categorySlug = 'basics'): ArticleEntry =>
  ({
    id,
    collection: 'articles',
    filePath: `src/content/articles/${id}.md`,
    data: { title: id, description: 'd', category: categorySlug, order: 1, updated: new Date('2026-01-01'), popular: false },
  }) as ArticleEntry;

describe('buildCatalog', () => {
  it('indexes every slug by language', () => {
    const catalog = buildCatalog([category('en/basics'), category('de/basics')], [article('en/start'), article('pt/start')]);
    expect([...catalog.categories.get('basics')!.keys()]).toEqual(['en', 'de']);
    expect(translatedLanguages(catalog.articles.get('start')!)).toEqual(['en', 'pt']);
  });

  it('refuses a folder that is not one of the 25 language codes, naming the file', () => {
    expect(() => buildCatalog([category('en/basics')], [article('en/start'), article('zh-hans/start')])).toThrow(
      'src/content/articles/zh-hans/start.md: the folder must be a language code',
    );
  });

  it('refuses a file name that is not a slug', () => {
    expect(() => buildCatalog([category('en/basics')], [article('en/Start_Here')])).toThrow(
      /Start_Here\.md: the file name must be a lowercase slug/,
    );
  });

  it('refuses a translation without an English original', () => {
    expect(() => buildCatalog([category('en/basics')], [article('en/start'), article('de/only-german')])).toThrow(
      /de\/only-german\.md: there is no English original/,
    );
  });

  it('refuses an unknown category and lists the known ones', () => {
    expect(() => buildCatalog([category('en/basics')], [article('en/start', 'nope')])).toThrow(
      /category "nope" does not exist; use one of: basics/,
    );
  });

  it('refuses a translation filed under another category than its original', () => {
    expect(() =>
      buildCatalog([category('en/basics'), category('en/other')], [article('en/start', 'basics'), article('ja/start', 'other')]),
    ).toThrow(/ja\/start\.md: category "other" differs from the English original's "basics"/);
  });
});

describe('localize', () => {
  const versions = new Map([
    ['en', 'english'],
    ['pt', 'portuguese'],
    ['de', 'german'],
  ] as const);

  it('gives the reader their own language when it exists', () => {
    expect(localize(versions, 'de')).toEqual({ entry: 'german', textLang: 'de', isFallback: false });
  });

  it('falls back from pt-BR to pt before English', () => {
    expect(localize(versions, 'pt-BR')).toEqual({ entry: 'portuguese', textLang: 'pt', isFallback: true });
  });

  it('falls back to English otherwise', () => {
    expect(localize(versions, 'ja')).toEqual({ entry: 'english', textLang: 'en', isFallback: true });
  });
});
