import { describe, expect, it } from 'vitest';
import { frameCookies } from './frameCookies.ts';

/** A Storage in memory, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('the framed chat box’s cookies in localStorage', () => {
  it('keeps values for their lifetime, then forgets them, and leaves other storage alone', () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    storage.setItem('someone-else', 'x');
    const cookies = frameCookies(storage, () => now);
    cookies.set('foyer_session_cb_1', '123:token', 1 / 24);
    cookies.set('theme', 'dark3', 365);
    expect(cookies.all()).toEqual({ foyer_session_cb_1: '123:token', theme: 'dark3' });
    now += 3_600_001;
    expect(cookies.all()).toEqual({ theme: 'dark3' });
    cookies.remove('theme');
    expect(cookies.all()).toEqual({});
    expect(storage.getItem('someone-else')).toBe('x');
    expect(storage.length).toBe(1);
  });

  it('keeps nothing, and throws nothing, where storage is refused', () => {
    const refused = new Proxy(memoryStorage(), {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const cookies = frameCookies(refused);
    expect(() => cookies.set('a', 'b', 1)).not.toThrow();
    expect(cookies.all()).toEqual({});
  });
});
