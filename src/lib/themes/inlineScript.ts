/**
 * The only inline script of static pages: it applies the theme cookie to <html> before the first paint, so a reader
 * who chose a theme never sees the default flash by; with no cookie, or the theme-mode cookie saying `system`, the
 * brightness comes from the system's preference. A page whose theme is set by its host (the widget's
 * `data-theme`) says so with `data-theme-fixed`, and is left alone. Kept constant so one CSP hash covers it.
 */
import { themeCookie, themeModeCookie } from '../preferences.ts';
import { defaultTheme, parseTheme, systemDarkQuery } from './themes.ts';

const defaultId = parseTheme(defaultTheme).id;

export const themeScript =
  `try{var h=document.documentElement;if(!h.hasAttribute('data-theme-fixed')){var c=document.cookie,m=c.match(/(?:^|; )${themeCookie}=(light|dark)(1[0-5]|[1-9])(?:;|$)/),` +
  `s=!m||/(?:^|; )${themeModeCookie}=system(?:;|$)/.test(c),` +
  `d=s?(matchMedia('${systemDarkQuery}').matches?'dark':'light'):m[1];` +
  `h.dataset.theme=d+(m?m[2]:'${defaultId}')}}catch(e){}`;
