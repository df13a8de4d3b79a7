// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cookieAttributes, cookies, documentCookies, memoryCookies, setCookieEngine } from './cookies.ts';

afterEach(() => {
  setCookieEngine(documentCookies);
  for (const name of Object.keys(documentCookies.all())) documentCookies.remove(name);
});

describe('cookies', () => {
  it('are SameSite=Lax on path /, Secure only on https, for the given days', () => {
    expect(cookieAttributes(365, 'http:')).toEqual({ expires: 365, sameSite: 'lax', path: '/', secure: false });
    expect(cookieAttributes(1 / 24, 'https:')).toEqual({ expires: 1 / 24, sameSite: 'lax', path: '/', secure: true });
  });

  it('are written to and removed from the document by default', () => {
    cookies.set('foyer_test', 'a:b', 1);
    expect(document.cookie).toContain('foyer_test=a:b');
    expect(cookies.get('foyer_test')).toBe('a:b');
    cookies.remove('foyer_test');
    expect(cookies.get('foyer_test')).toBeUndefined();
  });

  it('go to the engine a test swaps in, which remembers each lifetime', () => {
    const memory = memoryCookies({ kept: '1' });
    setCookieEngine(memory);
    cookies.set('theme', 'dark3', 365);
    expect(cookies.all()).toEqual({ kept: '1', theme: 'dark3' });
    expect(memory.days.get('theme')).toBe(365);
    expect(document.cookie).not.toContain('theme=');
    cookies.remove('kept');
    expect(cookies.get('kept')).toBeUndefined();
  });
});
