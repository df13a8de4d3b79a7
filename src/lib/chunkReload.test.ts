import { describe, expect, it, vi } from 'vitest';
import { isChunkError, reloadAfterChunkError, reloadGuardMs, reloadMarker } from './chunkReload.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('chunk-load errors', () => {
  it('reload once, then not again for 10 seconds (seed)', () => {
    expect(reloadGuardMs).toBe(10_000);
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_800_000_000_000;
    expect(reloadAfterChunkError(storage, t0, reload)).toBe(true);
    expect(storage.items.get(reloadMarker)).toBe(String(t0));
    expect(reloadAfterChunkError(storage, t0 + 9_999, reload)).toBe(false);
    expect(reloadAfterChunkError(storage, t0 + 10_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['Failed to fetch dynamically imported module: https://x/_astro/a.js', true],
    ['Importing a module script failed.', true],
    ['error loading dynamically imported module', true],
    ['Cannot read properties of undefined', false],
    ['Failed to fetch dynamically imported module: https://x/pagefind/pagefind.js', false],
    ['error loading dynamically imported module: /pagefind/pagefind.js', false],
  ])('recognise "%s": %s', (message, expected) => {
    expect(isChunkError(new Error(message))).toBe(expected);
    expect(isChunkError(message)).toBe(false);
  });
});
