import { describe, expect, it } from 'vitest';
import { splitLinks } from './links.ts';

describe('splitting links out of a message', () => {
  it('finds web addresses with and without a scheme, and e-mail addresses', () => {
    expect(splitLinks('See https://example.org/a?b=1, or example.com. Mail me@example.net')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ', or ' },
      { text: 'example.com', href: 'http://example.com' },
      { text: '. Mail ' },
      { text: 'me@example.net', href: 'mailto:me@example.net' },
    ]);
  });

  it('leaves text without links, markup and script addresses as plain text', () => {
    expect(splitLinks('<b>hi</b> javascript:alert(1)')).toEqual([{ text: '<b>hi</b> javascript:alert(1)' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('keeps right-to-left text around a link in order', () => {
    const parts = splitLinks('انظر https://example.org هنا');
    expect(parts.map((part) => part.text).join('')).toBe('انظر https://example.org هنا');
    expect(parts[1]).toEqual({ text: 'https://example.org', href: 'https://example.org' });
  });
});
