/**
 * The only inline script of static pages: it applies the theme cookie to <html> before the first paint,
 * so a reader who chose a theme never sees the default flash by. Kept constant so one CSP hash covers it.
 */
import { themeCookie } from '../preferences.ts';

export const themeScript =
  `try{var m=document.cookie.match(/(?:^|; )${themeCookie}=((?:light|dark)(?:1[0-5]|[1-9]))(?:;|$)/);` +
  `if(m)document.documentElement.dataset.theme=m[1]}catch(e){}`;
