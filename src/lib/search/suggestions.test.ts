import { describe, expect, it } from 'vitest';
import { changedEnough, suggestionTerms } from './suggestions.ts';

describe('suggestions while writing', () => {
  it('searches a message by its distinct words, folded, in the visitor’s language', () => {
    expect(suggestionTerms('Where is my parcel? My PARCEL!', 'en')).toEqual(['where', 'is', 'my', 'parcel']);
    expect(suggestionTerms('パスワードを忘れました', 'ja').length).toBeGreaterThan(1);
    expect(suggestionTerms('نسيت كلمة المرور', 'ar')).toEqual(['نسيت', 'كلمة', 'المرور']);
  });

  it('searches again only when a third of the words are new or gone', () => {
    const first = suggestionTerms('I forgot my password', 'en');
    expect(changedEnough([], first)).toBe(true);
    expect(changedEnough(first, suggestionTerms('I forgot my password.', 'en'))).toBe(false);
    expect(changedEnough(first, suggestionTerms('I forgot my password again', 'en'))).toBe(false);
    expect(changedEnough(first, suggestionTerms('I forgot my password and cannot sign in', 'en'))).toBe(true);
    expect(changedEnough(first, [])).toBe(false);
  });
});
