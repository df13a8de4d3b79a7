/** The reader's colour theme: a nanostore, persisted to the theme cookie and applied to <html>. */
import { atom } from 'nanostores';
import { cookies } from '../lib/cookies.ts';
import { preferenceCookieDays, themeCookie } from '../lib/preferences.ts';
import { defaultTheme, isThemeName, type ThemeName } from '../lib/themes/themes.ts';

// The inline head script has already applied the cookie to <html>; start from what it chose.
function initialTheme(): ThemeName {
  const applied = typeof document === 'undefined' ? undefined : document.documentElement.dataset['theme'];
  return isThemeName(applied) ? applied : defaultTheme;
}

export const $theme = atom<ThemeName>(initialTheme());

export function setTheme(theme: ThemeName): void {
  $theme.set(theme);
  cookies.set(themeCookie, theme, preferenceCookieDays);
  document.documentElement.dataset.theme = theme;
}
