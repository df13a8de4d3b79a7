import { describe, expect, it } from 'vitest';
import { matchLanguageTag, negotiateLanguage, parseAcceptLanguage } from './negotiate.ts';

describe('matchLanguageTag', () => {
  it.each([
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['pt-PT', 'pt'],
    ['pt', 'pt'],
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['nb', 'no'],
    ['nn', 'no'],
    ['nb-NO', 'no'],
    ['no', 'no'],
    ['de-AT', 'de'],
    ['en-GB', 'en'],
    ['es-419', 'es'],
    ['ar-EG', 'ar'],
    ['he-IL', 'he'],
    ['iw', 'he'],
    ['ja', 'ja'],
    ['sv-FI', 'sv'],
  ])('maps %s to %s', (tag, lang) => {
    expect(matchLanguageTag(tag)).toBe(lang);
  });

  it.each(['xx', 'cy-GB', '*', ''])('finds nothing for %j', (tag) => {
    expect(matchLanguageTag(tag)).toBeUndefined();
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by quality and keeps the order of ties', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH, en;q=0.8, it')).toEqual(['de-CH', 'it', 'en', 'fr']);
  });

  it('drops tags with q=0 and tolerates junk', () => {
    expect(parseAcceptLanguage('de;q=0, ;q=1, en;q=abc, ja')).toEqual(['ja']);
  });
});

describe('negotiateLanguage', () => {
  it('prefers the language cookie over the browser', () => {
    expect(negotiateLanguage({ cookie: 'ja', acceptLanguage: 'de' })).toBe('ja');
  });

  it('ignores a cookie that names no supported language, case included', () => {
    expect(negotiateLanguage({ cookie: 'zh-hans', acceptLanguage: 'de' })).toBe('de');
  });

  it('takes the best supported match from Accept-Language', () => {
    expect(negotiateLanguage({ acceptLanguage: 'cy, zh-TW;q=0.9, en;q=0.8' })).toBe('zh-Hant');
  });

  it('falls back to English', () => {
    expect(negotiateLanguage({ acceptLanguage: 'cy, xx' })).toBe('en');
    expect(negotiateLanguage({})).toBe('en');
  });
});
