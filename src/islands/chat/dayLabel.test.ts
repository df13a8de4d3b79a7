import { describe, expect, it } from 'vitest';
import { dayLabel, sinceLabel, timeLabel } from './dayLabel.ts';

const now = new Date(2026, 5, 10, 12);

describe('day headings', () => {
  it('say today and yesterday in words, in the page’s language', () => {
    expect(dayLabel('en', '2026-06-10', now)).toBe('Today');
    expect(dayLabel('en', '2026-06-09', now)).toBe('Yesterday');
    expect(dayLabel('de', '2026-06-10', now)).toBe('Heute');
  });

  it('give other days as a full date, with the year only when it is another year', () => {
    expect(dayLabel('en', '2026-06-01', now)).toBe('Monday, June 1');
    expect(dayLabel('en', '2025-06-01', now)).toBe('Sunday, June 1, 2025');
  });

  it('give times in the page’s language', () => {
    expect(timeLabel('en', new Date(2026, 0, 1, 15, 4).toISOString())).toMatch(/3:04\sPM/);
  });

  it('say how long ago in the largest whole unit, in the page’s language', () => {
    const at = Date.UTC(2026, 5, 10, 12);
    const ago = (seconds: number) => new Date(at - seconds * 1000).toISOString();
    expect(sinceLabel('en', ago(20), at)).toBe('this minute');
    expect(sinceLabel('en', ago(12 * 60 + 30), at)).toBe('12 minutes ago');
    expect(sinceLabel('en', ago(3 * 3600 + 5), at)).toBe('3 hours ago');
    expect(sinceLabel('en', ago(2 * 86_400 + 5), at)).toBe('2 days ago');
    expect(sinceLabel('de', ago(12 * 60), at)).toBe('vor 12 Minuten');
  });
});
