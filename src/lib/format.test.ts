import { describe, expect, it } from 'vitest';
import { formatDate, isolate, languageName } from './format.ts';

describe('formatting for the page’s language', () => {
  const date = new Date('2026-10-01');

  it('writes dates the way each language does', () => {
    expect(formatDate('en', date)).toBe('October 1, 2026');
    expect(formatDate('de', date)).toBe('1. Oktober 2026');
    expect(formatDate('ja', date)).toBe('2026年10月1日');
    expect(formatDate('no', date)).toBe('1. oktober 2026');
  });

  it('names languages in the reader’s language', () => {
    expect(languageName('de', 'en')).toBe('Englisch');
    expect(languageName('fr', 'fr')).toBe('français');
  });
});

describe('isolating text of its own direction', () => {
  it('wraps it in first-strong isolate and pop directional isolate', () => {
    expect(isolate('/ar/x')).toBe('\u2068/ar/x\u2069');
  });
});
