import { describe, expect, it } from 'vitest';
import { parseExcerpt } from './excerpt.ts';

describe('parseExcerpt', () => {
  it('splits marked matches from the text around them', () => {
    expect(parseExcerpt('Open the <mark>invitation</mark> link')).toEqual([
      { text: 'Open the ', marked: false },
      { text: 'invitation', marked: true },
      { text: ' link', marked: false },
    ]);
  });

  it('decodes escaped characters and keeps markup as text', () => {
    expect(parseExcerpt('a &lt;script&gt; &amp; <mark>b</mark>')).toEqual([
      { text: 'a <script> & ', marked: false },
      { text: 'b', marked: true },
    ]);
  });

  it('handles an empty excerpt', () => {
    expect(parseExcerpt('')).toEqual([]);
  });
});
