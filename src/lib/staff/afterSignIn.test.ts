import { describe, expect, it } from 'vitest';
import { afterSignIn } from './afterSignIn.ts';

describe('where sign-in leads', () => {
  const origin = 'https://help.example.com';
  it.each([
    [null, '/en/chat'],
    ['/en/search', '/en/search'],
    ['/de/chat/cb_1?x=1#m2', '/de/chat/cb_1?x=1#m2'],
    ['/en/../de/chat', '/de/chat'],
    ['//evil.example/', '/en/chat'],
    ['/\\evil.example/', '/en/chat'],
    ['\\/evil.example/', '/en/chat'],
    ['/\\/evil.example/', '/en/chat'],
    ['https://evil.example/', '/en/chat'],
    ['https://help.example.com.evil.example/', '/en/chat'],
    ['javascript:alert(1)', '/en/chat'],
    [' /en/search', '/en/chat'],
    ['', '/en/chat'],
  ])('next=%s goes to %s', (next, target) => {
    expect(afterSignIn(next, 'en', origin)).toBe(target);
  });

  // Browsers drop tabs, line feeds and carriage returns anywhere in an address: `/\t/evil` is `//evil`.
  it.each(['\t', '\n', '\r'])('a %j between the slashes cannot lead to another host', (control) => {
    for (const next of [
      `/${control}/evil.example/`,
      `/${control}\\evil.example/`,
      `${control}//evil.example/`,
      `/${control}${control}/evil.example`,
    ]) {
      expect(afterSignIn(next, 'en', origin)).toBe('/en/chat');
    }
  });

  // Dot segments collapse onto the slashes after them: `/.//evil.example/` resolves to the path `//evil.example/`.
  it.each([
    '/.//evil.example/',
    '/..//evil.example/',
    '/%2e//evil.example/',
    '/%2E%2E//evil.example/',
    '/x/..//evil.example/',
    '/./\\evil.example/',
    '/.//evil.example/x?y#z',
  ])('next=%s, whose path resolves to two slashes, leads to the inbox', (next) => {
    expect(afterSignIn(next, 'en', origin)).toBe('/en/chat');
  });

  it('keeps a path that only has a double slash further in', () => {
    expect(afterSignIn('/en//search', 'en', origin)).toBe('/en//search');
  });

  it('never leads to another host, whatever other control character is in the way', () => {
    for (let code = 0; code < 0x20; code++) {
      const control = String.fromCharCode(code);
      for (const next of [`/${control}/evil.example/`, `/${control}\\evil.example/`, `/${control}/evil.example/x?y#z`]) {
        const target = afterSignIn(next, 'en', origin);
        expect(new URL(target, origin).origin, JSON.stringify(next)).toBe(origin);
        expect(target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\'), JSON.stringify(next)).toBe(true);
      }
    }
  });
});
