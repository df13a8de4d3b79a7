/**
 * The office hours in a contact's words, language and time zone (the browser's): how soon the team replies while
 * in, when it is next in while away, and the automatic answer to a message written then. The server decided the
 * instants (server/staff/team.ts, server/chat/away.ts); Intl writes them as this reader's clock shows them.
 */
import type { TeamHours } from '../../lib/api/sessions.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

/** "Monday 9:00", with the date when it is more than six days ahead. */
export function openingLabel(lang: Lang, opensAt: string, now = Date.now()): string {
  const far = Date.parse(opensAt) - now > 6 * 86_400_000;
  return new Intl.DateTimeFormat(intlLocale(lang), {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    ...(far && { day: 'numeric', month: 'long' }),
  }).format(new Date(opensAt));
}

/** "1 hour", "30 minutes", "2 days": the largest unit that says it whole. */
export function durationLabel(lang: Lang, minutes: number): string {
  const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The line under the team's name: replying within a time, or away until an opening. */
export function hoursText(hours: TeamHours, lang: Lang, t: Translate): string {
  if (hours.open) return t('chat.hours.replyWithin', { duration: durationLabel(lang, hours.replyWithinMinutes) });
  return hours.opensAt ? t('chat.hours.awayUntil', { time: openingLabel(lang, hours.opensAt) }) : t('chat.hours.away');
}

/** The automatic answer to a message written while the team was away. */
export function awayText(opensAt: string | null, lang: Lang, t: Translate): string {
  return opensAt ? t('chat.away.until', { time: openingLabel(lang, opensAt) }) : t('chat.away.noTime');
}
