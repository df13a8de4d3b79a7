import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { createTranslator } from '../../lib/i18n/translate.ts';
import { awayText, durationLabel, hoursText, openingLabel } from './officeHoursText.ts';

const t = createTranslator('en', en);
// Local times: the reader's own clock, whatever zone the tests run in.
const now = new Date(2026, 10, 28, 21).getTime();
const monday9 = new Date(2026, 10, 30, 9).toISOString();

describe('office hours in the contact’s words', () => {
  it('say a reply time in its largest whole unit, in the page’s language', () => {
    expect(durationLabel('en', 30)).toBe('30 minutes');
    expect(durationLabel('en', 60)).toBe('1 hour');
    expect(durationLabel('en', 90)).toBe('90 minutes');
    expect(durationLabel('en', 2880)).toBe('2 days');
    expect(durationLabel('de', 120)).toBe('2 Stunden');
  });

  it('name the opening by weekday and time, with the date when it is more than six days off', () => {
    expect(openingLabel('en', monday9, now)).toBe('Monday 9:00 AM');
    expect(openingLabel('en', new Date(2026, 11, 14, 9).toISOString(), now)).toBe('Monday, December 14 at 9:00 AM');
  });

  it('tell the contact the reply time while in, and when the team is back while away', () => {
    expect(hoursText({ open: true, opensAt: null, closesAt: monday9, replyWithinMinutes: 60 }, 'en', t)).toBe(
      'We usually reply within 1 hour.',
    );
    expect(hoursText({ open: false, opensAt: null, closesAt: null, replyWithinMinutes: 60 }, 'en', t)).toBe(
      'We’re away — we’ll reply as soon as we’re back.',
    );
    expect(awayText(null, 'en', t)).toBe('Thanks for your message. We’re away right now: we’ll reply as soon as we’re back.');
    expect(awayText(monday9, 'en', t)).toMatch(
      /^Thanks for your message\. We’re away right now: we’ll reply from Monday.* 9:00 AM \(your time\)\.$/,
    );
  });
});
