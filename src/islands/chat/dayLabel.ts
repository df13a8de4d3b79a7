/** A day heading in the page's language: "today" and "yesterday" in words, other days as a full date (Intl). */
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import { localDay } from '../../lib/chat/grouping.ts';

export function dayLabel(lang: Lang, day: string, now = new Date()): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const then = new Date(year, month - 1, date);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const daysAgo = Math.round((today.getTime() - then.getTime()) / 86_400_000);
  const locale = intlLocale(lang);
  if (daysAgo === 0 || daysAgo === 1) {
    const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-daysAgo, 'day');
    return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
  }
  const sameYear = then.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', ...(!sameYear && { year: 'numeric' }) }).format(
    then,
  );
}

export function timeLabel(lang: Lang, iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short' }).format(new Date(iso));
}

/** How long ago, in the largest whole unit ("12 minutes ago", "3 hours ago", "2 days ago"), in the page's language. */
export function sinceLabel(lang: Lang, iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto', style: 'long' });
  if (seconds < 60) return format.format(0, 'minute');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

export { localDay };
