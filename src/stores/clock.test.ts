import { afterEach, describe, expect, it, vi } from 'vitest';
import { $now, minuteMs } from './clock.ts';

afterEach(() => vi.useRealTimers());

describe('the minute clock', () => {
  it('moves on once a minute while something listens, and stops when nothing does', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const seen: number[] = [];
    const stop = $now.subscribe((now) => seen.push(now));
    vi.advanceTimersByTime(2 * minuteMs);
    expect(seen.map((now) => new Date(now).toISOString())).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:01:00.000Z',
      '2026-11-27T10:02:00.000Z',
    ]);
    stop();
    // nanostores unmounts a store a moment after its last listener goes.
    vi.advanceTimersByTime(5 * minuteMs);
    expect(seen).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
