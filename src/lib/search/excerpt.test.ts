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

  it('decodes what Pagefind escapes, < and >, and keeps markup as text', () => {
    expect(parseExcerpt('a &lt;script&gt; & <mark>b</mark>')).toEqual([
      { text: 'a <script> & ', marked: false },
      { text: 'b', marked: true },
    ]);
  });

  it('leaves an entity the article itself wrote as text', () => {
    expect(parseExcerpt('write &amp; for an ampersand')).toEqual([{ text: 'write &amp; for an ampersand', marked: false }]);
  });

  it('never turns anything but <mark> into markup', () => {
    expect(parseExcerpt('<img src=x onerror=alert(1)><mark>x</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: false },
      { text: 'x', marked: true },
    ]);
  });

  it('handles an empty excerpt', () => {
    expect(parseExcerpt('')).toEqual([]);
  });
});
