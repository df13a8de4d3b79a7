// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { frameCookies } from './frameCookies.ts';

describe('the widget frame’s cookies', () => {
  afterEach(() => {
    delete (document as { cookie?: string }).cookie;
  });

  it('keep what the browser refused for as long as the page lives, and forget what is removed', () => {
    // A browser that keeps no partitioned cookie: document.cookie takes nothing and shows nothing.
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => {} });
    const cookies = frameCookies();
    cookies.set('foyer-session-cb_1', 'token', 1);
    expect(cookies.all()).toEqual({ 'foyer-session-cb_1': 'token' });
    cookies.remove('foyer-session-cb_1');
    expect(cookies.all()).toEqual({});
  });

  it('read the browser’s jar when it keeps them, without a copy of their own', () => {
    let jar = '';
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => jar,
      set: (line: string) => {
        const [pair] = line.split(';');
        jar = /expires=Thu, 01 Jan 1970/.test(line) ? '' : pair!;
      },
    });
    const cookies = frameCookies();
    cookies.set('theme', 'dark9', 1);
    expect(cookies.all()).toEqual({ theme: 'dark9' });
    // Removed by another tab: gone here too.
    jar = '';
    expect(cookies.all()).toEqual({});
  });
});
