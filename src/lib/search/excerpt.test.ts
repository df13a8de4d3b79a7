import { describe, expect, it } from 'vitest';
import { excerptParts, markWordsOnly, parseExcerpt, withEllipses } from './excerpt.ts';

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

describe('markWordsOnly', () => {
  it('moves the punctuation after a matched word out of the mark', () => {
    expect(markWordsOnly(parseExcerpt('enter the <mark>code,</mark> then'))).toEqual([
      { text: 'enter the ', marked: false },
      { text: 'code', marked: true },
      { text: ', then', marked: false },
    ]);
  });

  it('moves quotes and brackets on both sides out, in any script', () => {
    expect(markWordsOnly(parseExcerpt('(<mark>«code»</mark>) <mark>رمز،</mark> <mark>コード。</mark>'))).toEqual([
      { text: '(«', marked: false },
      { text: 'code', marked: true },
      { text: '») ', marked: false },
      { text: 'رمز', marked: true },
      { text: '، ', marked: false },
      { text: 'コード', marked: true },
      { text: '。', marked: false },
    ]);
  });

  it('keeps punctuation inside a word, and a match of punctuation only', () => {
    expect(markWordsOnly(parseExcerpt("the <mark>contact's</mark> <mark>?</mark>"))).toEqual([
      { text: 'the ', marked: false },
      { text: "contact's", marked: true },
      { text: ' ', marked: false },
      { text: '?', marked: true },
    ]);
  });
});

describe('withEllipses', () => {
  const content = 'Enter your code. The code is in the invitation, under the link. It works once.';
  const plain = (text: string) => [{ text, marked: false }];

  it('adds "…" where the excerpt starts and stops inside a sentence', () => {
    expect(withEllipses(plain('is in the invitation,'), content)).toEqual(plain('… is in the invitation, …'));
  });

  it('adds nothing where the excerpt starts and stops with sentences', () => {
    expect(withEllipses(plain('The code is in the invitation, under the link.'), content)).toEqual(
      plain('The code is in the invitation, under the link.'),
    );
  });

  it('adds nothing at the very start and end of the content', () => {
    expect(withEllipses(plain('Enter your'), content)).toEqual(plain('Enter your …'));
    expect(withEllipses(plain('works once.'), content)).toEqual(plain('… works once.'));
    expect(withEllipses(plain('It works'), 'It works')).toEqual(plain('It works'));
  });

  it('knows sentence ends of other scripts and closing quotes', () => {
    expect(withEllipses(plain('次へ。'), '読む。 次へ。 終わり')).toEqual(plain('次へ。'));
    expect(withEllipses(plain('Then go.'), 'He said “stop.” Then go.')).toEqual(plain('Then go.'));
    expect(withEllipses(plain('التالي'), 'هل تقرأ؟ التالي هنا')).toEqual(plain('التالي …'));
  });

  it('leaves an excerpt it cannot find in the content as it is', () => {
    expect(withEllipses(plain('something else'), content)).toEqual(plain('something else'));
  });
});

describe('excerptParts', () => {
  it('turns a Pagefind excerpt cut mid-sentence into marked words between ellipses', () => {
    expect(
      excerptParts('is in the <mark>invitation,</mark> under', 'Enter your code. The code is in the invitation, under the link.'),
    ).toEqual([
      { text: '… is in the ', marked: false },
      { text: 'invitation', marked: true },
      { text: ', under …', marked: false },
    ]);
  });
});
