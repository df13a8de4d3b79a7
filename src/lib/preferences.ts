/** The reader's two remembered preferences, language and theme: cookie names and lifetime, shared by server and browser. */

export const languageCookie = 'lang';
export const themeCookie = 'theme';
/** Set to `system` while the theme's brightness follows the system's light or dark preference. */
export const themeModeCookie = 'themeMode';

/** Both preference cookies last a year (seed: the language cookie, 365 days, SameSite lax; see lib/cookies.ts). */
export const preferenceCookieDays = 365;
