import { describe, expect, it } from 'vitest';
import { fallbackChain, langFromPath, langFromPathLoosely, languages, textDirection } from './languages.ts';

describe('languages', () => {
  it('are the seed’s 25 prefixes, exactly as written there', () => {
    expect(languages).toEqual([
      'en',
      'zh-Hans',
      'zh-Hant',
      'ja',
      'ko',
      'it',
      'fr',
      'pt',
      'pt-BR',
      'de',
      'es',
      'ru',
      'sv',
      'id',
      'th',
      'ar',
      'he',
      'vi',
      'tr',
      'nl',
      'el',
      'pl',
      'da',
      'fi',
      'no',
    ]);
  });

  it('are right-to-left for Arabic and Hebrew only', () => {
    expect(languages.filter((lang) => textDirection(lang) === 'rtl')).toEqual(['ar', 'he']);
  });

  it('fall back from pt-BR to pt to English, and from every other language to English', () => {
    expect(fallbackChain('pt-BR')).toEqual(['pt-BR', 'pt', 'en']);
    expect(fallbackChain('de')).toEqual(['de', 'en']);
    expect(fallbackChain('pt')).toEqual(['pt', 'en']);
    expect(fallbackChain('en')).toEqual(['en']);
  });

  it('read the language of a path only with its exact case', () => {
    expect(langFromPath('/zh-Hans/categories/x')).toBe('zh-Hans');
    expect(langFromPath('/zh-hans/categories/x')).toBeUndefined();
    expect(langFromPathLoosely('/zh-hans/categories/x')).toBe('zh-Hans');
    expect(langFromPathLoosely('/nope')).toBeUndefined();
  });
});
