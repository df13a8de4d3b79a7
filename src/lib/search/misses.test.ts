import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { missReporter } from './misses.ts';

let sent: { query: string; kind: string }[];
beforeEach(() => {
  sent = [];
  vi.useFakeTimers();
  vi.stubGlobal('fetch', async (_: string, init: RequestInit) => {
    const { query, kind } = JSON.parse(init.body as string) as { query: string; kind: string };
    sent.push({ query, kind });
    return new Response('{}');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('missReporter', () => {
  it('tells a settled search without results, not the half-typed words before it, once', () => {
    const misses = missReporter('en');
    misses.found('zeb', 0);
    misses.found('zebra', 0);
    vi.advanceTimersByTime(1500);
    misses.found('zebr', 0);
    misses.found('zebra', 0);
    vi.advanceTimersByTime(1500);
    expect(sent).toEqual([{ query: 'zebra', kind: 'nothing' }]);
  });

  it('tells results left unopened when the reader searches again or leaves, and not those they opened', () => {
    const misses = missReporter('en');
    misses.found('password', 13);
    vi.advanceTimersByTime(1500);
    expect(sent).toEqual([]);
    misses.found('dark mode', 3);
    vi.advanceTimersByTime(1500);
    expect(sent).toEqual([{ query: 'password', kind: 'unopened' }]);
    misses.opened();
    misses.found('invitation', 5);
    vi.advanceTimersByTime(1500);
    // Typed on, then back to the same results: the words between were half typed, not searches.
    misses.found('invitation rzz', 0);
    misses.found('invitation', 5);
    misses.found('Invitation', 5);
    misses.stop();
    expect(sent).toEqual([
      { query: 'password', kind: 'unopened' },
      { query: 'invitation', kind: 'unopened' },
    ]);
  });
});
