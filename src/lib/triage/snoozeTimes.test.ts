import { describe, expect, it } from 'vitest';
import { pickedEnd, snoozeEnd } from './snoozeTimes.ts';

describe('snooze times', () => {
  // A Wednesday afternoon, local time.
  const now = new Date(2026, 10, 25, 15, 30);
  it('ends in an hour, tomorrow at 9:00, or on the coming Monday at 9:00', () => {
    expect(snoozeEnd('hour', now).getTime() - now.getTime()).toBe(3600_000);
    expect(snoozeEnd('tomorrow', now)).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(snoozeEnd('nextWeek', now)).toEqual(new Date(2026, 10, 30, 9, 0));
    // On a Monday, next week is a week on.
    expect(snoozeEnd('nextWeek', new Date(2026, 10, 30, 8, 0))).toEqual(new Date(2026, 11, 7, 9, 0));
  });

  it('takes a picked time only when it is to come', () => {
    expect(pickedEnd('2026-11-26T10:15', now)).toEqual(new Date(2026, 10, 26, 10, 15));
    expect(pickedEnd('2026-11-24T10:15', now)).toBeUndefined();
    expect(pickedEnd('', now)).toBeUndefined();
    expect(pickedEnd('tomorrow', now)).toBeUndefined();
  });
});
