// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentCookies, memoryCookies, setCookieEngine } from '../lib/cookies.ts';
import { $brightness, $theme, followSystem, setTheme } from './theme.ts';

afterEach(() => {
  setCookieEngine(documentCookies);
  vi.unstubAllGlobals();
});

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' }));
}

describe('the theme', () => {
  it('is kept in the store, in the theme cookie for 365 days, and on <html>', () => {
    const memory = memoryCookies({ themeMode: 'system' });
    setCookieEngine(memory);
    setTheme(3, 'dark');
    expect($theme.get()).toBe('dark3');
    expect($brightness.get()).toBe('dark');
    // A fixed brightness: the seed's cookie alone, no longer following the system.
    expect(memory.all()).toEqual({ theme: 'dark3' });
    expect(memory.days.get('theme')).toBe(365);
    expect(document.documentElement.dataset['theme']).toBe('dark3');
  });

  it('follows the system until the reader picks light or dark, storing a valid theme name all along', () => {
    const memory = memoryCookies();
    setCookieEngine(memory);
    systemPrefersDark(true);
    setTheme(6, 'system');
    expect(memory.all()).toEqual({ theme: 'dark6', themeMode: 'system' });
    expect(memory.days.get('themeMode')).toBe(365);

    systemPrefersDark(false);
    followSystem();
    expect($theme.get()).toBe('light6');
    expect(document.documentElement.dataset['theme']).toBe('light6');

    setTheme(6, 'dark');
    systemPrefersDark(false);
    followSystem();
    expect($theme.get()).toBe('dark6');
  });
});
