// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { documentCookies, memoryCookies, setCookieEngine } from '../lib/cookies.ts';
import { $theme, setTheme } from './theme.ts';

afterEach(() => setCookieEngine(documentCookies));

describe('the theme', () => {
  it('is kept in the store, in the theme cookie for 365 days, and on <html>', () => {
    const memory = memoryCookies();
    setCookieEngine(memory);
    setTheme('dark3');
    expect($theme.get()).toBe('dark3');
    expect(memory.all()).toEqual({ theme: 'dark3' });
    expect(memory.days.get('theme')).toBe(365);
    expect(document.documentElement.dataset['theme']).toBe('dark3');
  });
});
