/**
 * The cookie engine of the chat box in its frame on another site (chosen by lib/cookies.ts): a browser keeps no
 * SameSite=Lax cookie for a third-party frame, and with third-party cookies blocked it refuses the frame's
 * localStorage too. Partitioned cookies (CHIPS: `SameSite=None; Secure; Partitioned`) are kept even then, in a jar
 * of the top-level site's own: the widget on shop.example keeps its sessions apart from Foyer's own pages and from
 * the widget on any other site. (Secure: https, or a loopback address in development.)
 */
import Cookies from 'js-cookie';
import type { CookieEngine } from './cookies.ts';

export function frameCookies(): CookieEngine {
  return {
    all: () => Cookies.get(),
    set: (name, value, days) =>
      void Cookies.set(name, value, { expires: days, path: '/', sameSite: 'none', secure: true, partitioned: true }),
    remove: (name) => Cookies.remove(name, { path: '/', sameSite: 'none', secure: true, partitioned: true }),
  };
}
