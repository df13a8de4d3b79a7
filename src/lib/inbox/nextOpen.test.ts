import { describe, expect, it } from 'vitest';
import { nextOpen } from './nextOpen.ts';

const list = (...rows: [string, 'open' | 'resolved'][]) => rows.map(([id, status]) => ({ id, status }));

describe('the conversation after a resolved one', () => {
  const shown = list(['a', 'open'], ['b', 'open'], ['c', 'resolved'], ['d', 'open']);

  it('is the next open one below it, skipping resolved ones', () => {
    expect(nextOpen(shown, shown, 'b')).toBe('d');
  });

  it('is the nearest open one above it at the end of the list', () => {
    expect(nextOpen(shown, shown, 'd')).toBe('b');
  });

  it('skips one the list, read again, no longer has open (a colleague resolved it; a filter dropped it)', () => {
    expect(nextOpen(shown, list(['a', 'open'], ['d', 'resolved']), 'b')).toBe('a');
    expect(nextOpen(shown, list(['a', 'open']), 'b')).toBe('a');
  });

  it('is a new open one when none of those shown is left, and none when nothing else is open', () => {
    expect(nextOpen(shown, list(['e', 'open'], ['b', 'resolved']), 'b')).toBe('e');
    expect(nextOpen(shown, list(['b', 'resolved']), 'b')).toBeUndefined();
  });
});
