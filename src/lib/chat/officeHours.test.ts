import { describe, expect, it } from 'vitest';
import type { OfficeHours } from '../api/settings.ts';
import { instantOfWallClock, officeState } from './officeHours.ts';

const nineToFive = { from: '09:00', to: '17:00' };
const weekdays = (timeZone: string, extra: Partial<OfficeHours> = {}): OfficeHours => ({
  enabled: true,
  timeZone,
  week: [[nineToFive], [nineToFive], [nineToFive], [nineToFive], [nineToFive], [], []],
  holidays: [],
  replyWithinMinutes: 60,
  ...extra,
});
const at = (iso: string) => Date.parse(iso);

describe('officeState', () => {
  it('is open inside an opening and closed at its end', () => {
    const hours = weekdays('Europe/Paris');
    // Wednesday 2 December 2026: Paris is UTC+1.
    expect(officeState(hours, at('2026-12-02T08:00:00Z'))).toEqual({ open: true, opensAt: null, closesAt: at('2026-12-02T16:00:00Z') });
    expect(officeState(hours, at('2026-12-02T07:59:59Z'))).toEqual({ open: false, opensAt: at('2026-12-02T08:00:00Z'), closesAt: null });
    expect(officeState(hours, at('2026-12-02T16:00:00Z'))).toEqual({ open: false, opensAt: at('2026-12-03T08:00:00Z'), closesAt: null });
  });

  it('opens on Monday after a weekend, in the zone’s own clock', () => {
    // Saturday 28 November 2026, 21:00 in Paris.
    const opensAt = at('2026-11-30T08:00:00Z');
    expect(officeState(weekdays('Europe/Paris'), at('2026-11-28T20:00:00Z'))).toEqual({ open: false, opensAt, closesAt: null });
    // The same week in Tokyo (UTC+9, no summer time): Monday 9:00 there.
    expect(officeState(weekdays('Asia/Tokyo'), at('2026-11-28T20:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-11-30T00:00:00Z'),
      closesAt: null,
    });
  });

  it('skips holidays, and a holiday is a date in the organisation’s zone', () => {
    const hours = weekdays('America/New_York', { holidays: ['2026-12-24', '2026-12-25'] });
    // Thursday 24 December, 10:00 in New York (UTC−5): closed all day, and Friday too.
    expect(officeState(hours, at('2026-12-24T15:00:00Z'))).toEqual({ open: false, opensAt: at('2026-12-28T14:00:00Z'), closesAt: null });
    expect(officeState(hours, at('2026-12-23T15:00:00Z')).open).toBe(true);
  });

  it('follows summer time: 9:00 in Paris is 8:00 UTC in winter and 7:00 in summer', () => {
    const hours = weekdays('Europe/Paris');
    // Saturday 28 March 2027; the clocks go forward on Sunday the 29th.
    expect(officeState(hours, at('2027-03-27T12:00:00Z')).opensAt).toBe(at('2027-03-29T07:00:00Z'));
    expect(officeState(hours, at('2027-03-29T07:30:00Z')).open).toBe(true);
  });

  it('takes several openings a day in any order, and an opening to midnight', () => {
    const hours: OfficeHours = {
      ...weekdays('UTC'),
      week: [
        [
          { from: '14:00', to: '18:00' },
          { from: '08:00', to: '12:00' },
        ],
        [],
        [],
        [],
        [],
        [],
        [{ from: '20:00', to: '24:00' }],
      ],
    };
    // Monday 30 November 2026.
    expect(officeState(hours, at('2026-11-30T12:30:00Z'))).toEqual({ open: false, opensAt: at('2026-11-30T14:00:00Z'), closesAt: null });
    expect(officeState(hours, at('2026-11-30T07:00:00Z'))).toEqual({ open: false, opensAt: at('2026-11-30T08:00:00Z'), closesAt: null });
    // Sunday 29 November, 23:59.
    expect(officeState(hours, at('2026-11-29T23:59:00Z')).open).toBe(true);
    expect(officeState(hours, at('2026-11-30T00:00:00Z')).open).toBe(false);
  });

  it('says no opening comes when the week has none', () => {
    expect(officeState({ ...weekdays('UTC'), week: [[], [], [], [], [], [], []] }, at('2026-11-30T12:00:00Z'))).toEqual({
      open: false,
      opensAt: null,
      closesAt: null,
    });
  });
});

describe('instantOfWallClock', () => {
  it('reads a wall time twice in the autumn as its first, and a skipped one past the change', () => {
    // 2:30 on 25 October 2026 happens twice in Paris (UTC+2, then UTC+1).
    expect(instantOfWallClock(at('2026-10-25T02:30:00Z'), 'Europe/Paris')).toBe(at('2026-10-25T00:30:00Z'));
    // 2:30 on 28 March 2027 does not happen there: it reads as 3:30 summer time.
    expect(instantOfWallClock(at('2027-03-28T02:30:00Z'), 'Europe/Paris')).toBe(at('2027-03-28T01:30:00Z'));
  });
});
