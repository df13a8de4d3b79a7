/**
 * The cookie engine of the chat box in its frame on another site (chosen by lib/cookies.ts): a browser keeps no
 * SameSite=Lax cookie for a third-party frame, and with third-party cookies blocked it refuses the frame's
 * localStorage too. Partitioned cookies (CHIPS: `SameSite=None; Secure; Partitioned`) are kept even then, in a jar
 * of the top-level site's own: the widget on shop.example keeps its sessions apart from Foyer's own pages and from
 * the widget on any other site. (Secure: https, or a loopback address in development.)
 */
import Cookies from 'js-cookie';

/** A CookieEngine (cookies.ts, which imports this file: the shape is checked there, not named here). */
export function frameCookies() {
  const options = { path: '/', sameSite: 'none', secure: true, partitioned: true } as const;
  // A browser that keeps no partitioned cookie either (older Safari, Brave, plain http off loopback) drops what is
  // set without a word: this page keeps its own copy of those, so a session lasts at least as long as the page.
  const refused = new Map<string, string>();
  return {
    all: () => ({ ...Object.fromEntries(refused), ...Cookies.get() }),
    set: (name: string, value: string, days: number) => {
      Cookies.set(name, value, { ...options, expires: days });
      if (Cookies.get(name) === value) refused.delete(name);
      else refused.set(name, value);
    },
    remove: (name: string) => {
      refused.delete(name);
      Cookies.remove(name, options);
    },
  };
}
