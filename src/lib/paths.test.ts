import { describe, expect, it } from 'vitest';
import { pathInLanguage, paths } from './paths.ts';

describe('paths', () => {
  it('keep the exact case of language prefixes and never end with a slash', () => {
    expect(paths.home('zh-Hans')).toBe('/zh-Hans');
    expect(paths.category('pt-BR', 'chatting-with-us')).toBe('/pt-BR/categories/chatting-with-us');
    expect(paths.article('en', 'a', 'b')).toBe('/en/categories/a/articles/b');
  });

  it('swap the language of a path and keep the rest', () => {
    expect(pathInLanguage('/en/categories/a/articles/b', 'zh-Hant')).toBe('/zh-Hant/categories/a/articles/b');
    expect(pathInLanguage('/de', 'ja')).toBe('/ja');
    expect(pathInLanguage('/', 'fr')).toBe('/fr');
    expect(pathInLanguage('/en/', 'fr')).toBe('/fr');
    expect(pathInLanguage('/nope/page', 'he')).toBe('/he/nope/page');
  });
});
