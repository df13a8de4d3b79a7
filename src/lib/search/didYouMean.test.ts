import { describe, expect, it } from 'vitest';
import { correctedQuery, editDistance, nearestWord, type Vocabulary } from './didYouMean.ts';
import { vocabulary } from './vocabulary.ts';

const words: Vocabulary = [
  ['password', 40],
  ['invitation', 20],
  ['passport', 2],
  ['パスワード', 30],
  ['كلمة', 12],
];

describe('editDistance', () => {
  it('counts inserts, deletes, replacements and swaps, and stops past the limit', () => {
    expect(editDistance([...'pasword'], [...'password'], 2)).toBe(1);
    expect(editDistance([...'passwrod'], [...'password'], 2)).toBe(1);
    expect(editDistance([...'invitaton'], [...'invitation'], 2)).toBe(1);
    expect(editDistance([...'refund'], [...'password'], 2)).toBe(3);
  });
});

describe('nearestWord', () => {
  it('finds the word one or two mistakes away, the more frequent on a tie', () => {
    expect(nearestWord('pasword', words)).toBe('password');
    expect(nearestWord('Invitaton', words)).toBe('invitation');
    expect(nearestWord('パスワド', words)).toBe('パスワード');
    expect(nearestWord('كلمه', words)).toBe('كلمة');
  });
  it('offers nothing for a word far from every word, or too short to guess', () => {
    expect(nearestWord('refund', words)).toBeUndefined();
    expect(nearestWord('pw', words)).toBeUndefined();
  });
});

describe('correctedQuery', () => {
  it('replaces only the missed words, and says nothing when none has a near word', () => {
    expect(correctedQuery('reset pasword', 'en', ['pasword'], words)).toBe('reset password');
    expect(correctedQuery('refund policy', 'en', ['refund', 'policy'], words)).toBeUndefined();
    // Every occurrence, as a word (not inside another), whatever its width or case.
    expect(correctedQuery('Pasword, pasword; passwordless', 'en', ['Pasword', 'pasword'], words)).toBe('password, password; passwordless');
    expect(correctedQuery('ｐａｓｗｏｒｄ reset', 'en', ['pasword'], words)).toBe('password reset');
  });

  it('never corrects a word the articles use, and offers words as the articles spell them', () => {
    expect(nearestWord('password', words)).toBeUndefined();
    expect(nearestWord('ruckerstatung', [['rückerstattung', 3]])).toBe('rückerstattung');
  });
});

describe('vocabulary', () => {
  it('counts the words of texts in their languages, most frequent first, leaving out short words and numbers', () => {
    const counted = vocabulary([
      { lang: 'en', text: 'Reset your password. The password page: /en/password, 2026.' },
      { lang: 'ja', text: 'パスワードを変更する' },
    ]);
    expect(counted[0]).toEqual(['password', 3]);
    expect(counted.map(([word]) => word)).toEqual(expect.arrayContaining(['reset', 'your', 'page', 'パスワード']));
    expect(counted.map(([word]) => word)).not.toContain('en');
    expect(counted.map(([word]) => word)).not.toContain('2026');
  });
});
