import { describe, expect, it } from 'vitest';
import { fold, matchesTerm, queryTerms, wordsAt } from './relevance.ts';

describe('queryTerms', () => {
  it('splits a query into words in scripts with and without spaces', () => {
    expect(queryTerms('Reset my password!', 'en')).toEqual(['Reset', 'my', 'password']);
    expect(queryTerms('パスワードを忘れた', 'ja')).toContain('パスワード');
    expect(queryTerms('كلمة المرور', 'ar')).toEqual(['كلمة', 'المرور']);
    expect(queryTerms('  …  ', 'en')).toEqual([]);
  });
});

describe('fold', () => {
  it('lowers the case, takes accents and punctuation off, and keeps kana voicing marks', () => {
    expect(fold('“Résumé,”')).toBe('resume');
    expect(fold('コード')).toBe('コード');
    expect(fold('ＰＡＳＳ')).toBe('pass');
  });
});

describe('matchesTerm', () => {
  it('takes the word itself, its forms and its stems', () => {
    expect(matchesTerm('password', 'Passwords.')).toBe(true);
    expect(matchesTerm('resetting', 'reset')).toBe(true);
    expect(matchesTerm('invoices', 'invoice')).toBe(true);
    expect(matchesTerm('パスワード', 'パスワード')).toBe(true);
  });
  it('refuses the short prefixes Pagefind falls back to', () => {
    expect(matchesTerm('invoice', 'in')).toBe(false);
    expect(matchesTerm('refund', 'reCAPTCHA')).toBe(false);
    expect(matchesTerm('attachment', 'at')).toBe(false);
    expect(matchesTerm('返金', '返信')).toBe(false);
  });
});

describe('wordsAt', () => {
  it('reads the words at match locations, split by spaces or by the zero-width spaces of segmented text', () => {
    expect(wordsAt('Reset your password now', [0, 2])).toEqual(['Reset', 'password']);
    expect(wordsAt('パスワード\u200Bを\u200B忘れ', [0, 2])).toEqual(['パスワード', '忘れ']);
  });
});
