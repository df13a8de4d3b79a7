/**
 * The reader's colour theme: a nanostore, persisted to the theme cookie and applied to <html>. Brightness follows
 * the system (prefers-color-scheme) until the reader picks light or dark; the theme cookie always holds one of the
 * seed's 30 names (the variant shown), and the theme-mode cookie says when its brightness follows the system.
 */
import { atom } from 'nanostores';
import { cookies } from '../lib/cookies.ts';
import { preferenceCookieDays, themeCookie, themeModeCookie } from '../lib/preferences.ts';
import { defaultTheme, isThemeName, parseTheme, systemDarkQuery, type Mode, type ThemeId, type ThemeName } from '../lib/themes/themes.ts';

/** The brightness the reader chose: light, dark, or whatever the system prefers. */
export type Brightness = Mode | 'system';

// The inline head script has already applied the cookies and the system's preference to <html>; start from that.
function initialTheme(): ThemeName {
  const applied = typeof document === 'undefined' ? undefined : document.documentElement.dataset['theme'];
  return isThemeName(applied) ? applied : defaultTheme;
}

// A theme cookie without the mode cookie is a fixed choice, as the seed's cookie always was.
function initialBrightness(): Brightness {
  const stored = cookies.get(themeCookie);
  return !isThemeName(stored) || cookies.get(themeModeCookie) === 'system' ? 'system' : parseTheme(stored).mode;
}

export function systemMode(): Mode {
  return typeof matchMedia === 'function' && matchMedia(systemDarkQuery).matches ? 'dark' : 'light';
}

export const $theme = atom<ThemeName>(initialTheme());
export const $brightness = atom<Brightness>(initialBrightness());

/** Shows and stores theme `id` at the chosen brightness. */
export function setTheme(id: ThemeId, brightness: Brightness): void {
  const theme: ThemeName = `${brightness === 'system' ? systemMode() : brightness}${id}`;
  $brightness.set(brightness);
  $theme.set(theme);
  cookies.set(themeCookie, theme, preferenceCookieDays);
  if (brightness === 'system') cookies.set(themeModeCookie, 'system', preferenceCookieDays);
  else cookies.remove(themeModeCookie);
  document.documentElement.dataset.theme = theme;
}

/** The system switched between light and dark: a reader who follows it gets the other variant of their colour. */
export function followSystem(): void {
  // A theme the host page set for the widget stays (components/Shell.astro, fixedTheme).
  if (document.documentElement.hasAttribute('data-theme-fixed')) return;
  if ($brightness.get() === 'system') setTheme(parseTheme($theme.get()).id, 'system');
}
