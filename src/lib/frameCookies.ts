/**
 * The cookie engine of the chat box in its frame on another site (src/embed/frame.ts): there the browser keeps no
 * SameSite=Lax cookie of ours (a third-party context), so what would be a cookie goes to the frame's localStorage,
 * which browsers partition by the top-level site. The widget on shop.example thus keeps its sessions apart from
 * Foyer's own pages and from the widget on any other site. Each entry keeps its expiry, as a cookie would.
 */
import type { CookieEngine } from './cookies.ts';

const prefix = 'foyer-cookie:';

interface Entry {
  value: string;
  expires: number;
}

export function frameCookies(storage: Storage = localStorage, now = () => Date.now()): CookieEngine {
  // Storage may be refused altogether (blocked by the browser's settings): then nothing is kept, nothing breaks.
  const safely = <T>(work: () => T, otherwise: T): T => {
    try {
      return work();
    } catch {
      return otherwise;
    }
  };
  return {
    all: () =>
      safely(() => {
        const found: Record<string, string> = {};
        for (let i = storage.length - 1; i >= 0; i -= 1) {
          const key = storage.key(i);
          if (!key?.startsWith(prefix)) continue;
          const entry = JSON.parse(storage.getItem(key) ?? 'null') as Entry | null;
          if (entry && entry.expires > now()) found[key.slice(prefix.length)] = entry.value;
          else storage.removeItem(key);
        }
        return found;
      }, {}),
    set: (name, value, days) =>
      safely(() => storage.setItem(`${prefix}${name}`, JSON.stringify({ value, expires: now() + days * 86_400_000 })), undefined),
    remove: (name) => safely(() => storage.removeItem(`${prefix}${name}`), undefined),
  };
}
