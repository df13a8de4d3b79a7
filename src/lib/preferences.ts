/** The reader's two remembered preferences, language and theme: cookie names and lifetime, shared by server and browser. */

export const languageCookie = 'lang';
export const themeCookie = 'theme';

/** Both preference cookies last a year (seed: the language cookie, 365 days, SameSite lax). */
export const preferenceCookieDays = 365;

export function preferenceCookieAttributes(protocol: string) {
  return {
    expires: preferenceCookieDays,
    sameSite: 'lax' as const,
    path: '/',
    secure: protocol === 'https:',
  };
}
