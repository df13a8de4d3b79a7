import { describe, expect, it } from 'vitest';
import { dayLabel, timeLabel } from './dayLabel.ts';

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
});
