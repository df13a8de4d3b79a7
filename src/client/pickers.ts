/** The header's language and theme pickers: plain disclosure menus, wired up by delegation so page swaps need nothing. */
import { cookies } from '../lib/cookies.ts';
import { languageCookie, preferenceCookieDays } from '../lib/preferences.ts';
import { hues, parseTheme, systemDarkQuery, type ThemeId } from '../lib/themes/themes.ts';
import { $brightness, $theme, followSystem, setTheme, type Brightness } from '../stores/theme.ts';

function menus(): NodeListOf<HTMLDetailsElement> {
  return document.querySelectorAll('details.menu[open]');
}

function showTheme() {
  const { id } = parseTheme($theme.get());
  const brightness = $brightness.get();
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="theme-hue"], input[name="theme-mode"]')) {
    input.checked = input.value === (input.name === 'theme-mode' ? brightness : String(id));
  }
}

document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const languageLink = target.closest<HTMLAnchorElement>('a[data-lang]');
  if (languageLink?.dataset['lang']) {
    cookies.set(languageCookie, languageLink.dataset['lang'], preferenceCookieDays);
    // The same page means the same search and the same place in it: the link (rendered once) gets them now.
    languageLink.search = location.search;
    languageLink.hash = location.hash;
  }
  for (const menu of menus()) if (!menu.contains(target)) menu.open = false;
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const menu = (event.target as Element).closest?.<HTMLDetailsElement>('details.menu[open]');
  if (!menu) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
});

document.addEventListener('focusout', (event) => {
  const next = event.relatedTarget as Node | null;
  for (const menu of menus()) if (next && !menu.contains(next)) menu.open = false;
});

document.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  if (input.name !== 'theme-hue' && input.name !== 'theme-mode') return;
  const { id } = parseTheme($theme.get());
  if (input.name === 'theme-mode') setTheme(id, input.value as Brightness);
  else {
    const hue = hues.find((h) => String(h.id) === input.value);
    if (hue) setTheme(hue.id as ThemeId, $brightness.get());
  }
});

$theme.subscribe(() => showTheme());
$brightness.subscribe(() => showTheme());
document.addEventListener('astro:page-load', () => showTheme());
matchMedia(systemDarkQuery).addEventListener('change', followSystem);
