/**
 * The one way browser state persists in cookies (contact sessions, theme, language): SameSite=Lax, path /, Secure on
 * https, a lifetime in days (in the widget's frame on another site: partitioned cookies, lib/frameCookies.ts). Stores go through a small engine, so a test can swap in memoryCookies() and read back
 * what was kept and for how long.
 */
import Cookies from 'js-cookie';
import { frameCookies } from './frameCookies.ts';

export interface CookieEngine {
  /** Every cookie this page can read, by name. */
  all(): Record<string, string>;
  set(name: string, value: string, days: number): void;
  remove(name: string): void;
}

export function cookieAttributes(days: number, protocol: string) {
  return { expires: days, sameSite: 'lax' as const, path: '/', secure: protocol === 'https:' };
}

/** The page's own cookies (js-cookie). On the server there are none to read. */
export const documentCookies: CookieEngine = {
  all: () => (typeof document === 'undefined' ? {} : Cookies.get()),
  set: (name, value, days) => void Cookies.set(name, value, cookieAttributes(days, location.protocol)),
  remove: (name) => Cookies.remove(name, { path: '/' }),
};

/**
 * A Foyer page in a frame is the widget on another site (only /{lang}/chatBox… may be framed): there the browser
 * keeps no SameSite=Lax cookie of ours, so the frame's own partitioned storage stands in (frameCookies.ts). Chosen
 * here, before any store reads a cookie.
 */
const framed = typeof window !== 'undefined' && window.parent !== window;
let engine: CookieEngine = framed ? frameCookies() : documentCookies;

/** Swaps the engine (tests); returns the one it replaced, to put back afterwards. */
export function setCookieEngine(next: CookieEngine): CookieEngine {
  const previous = engine;
  engine = next;
  return previous;
}

export const cookies = {
  get: (name: string): string | undefined => engine.all()[name],
  all: (): Record<string, string> => engine.all(),
  set: (name: string, value: string, days: number): void => engine.set(name, value, days),
  remove: (name: string): void => engine.remove(name),
};

/** The test double: cookies in memory, with the lifetime (days) each was last set for. */
export function memoryCookies(initial: Record<string, string> = {}): CookieEngine & { days: Map<string, number> } {
  const values = new Map(Object.entries(initial));
  const days = new Map<string, number>();
  return {
    days,
    all: () => Object.fromEntries(values),
    set(name, value, lifetime) {
      values.set(name, value);
      days.set(name, lifetime);
    },
    remove(name) {
      values.delete(name);
      days.delete(name);
    },
  };
}
