/**
 * Whether the team is in at an instant, and when it next is: the organisation's weekly openings and holidays
 * (lib/api/settings.ts) read in its own time zone, so a change of summer time there moves the instants with it.
 * Dates are worked out by Intl (no time zone data of our own); the server decides with it, the browser only
 * formats what the server decided.
 */
import type { OfficeHours } from '../api/settings.ts';

export interface OfficeState {
  open: boolean;
  /** When it next opens (ms since the epoch); null when open, or when no opening comes within a year and a week. */
  opensAt: number | null;
  /** When open: when this opening ends (the next may follow at once). Null when closed. */
  closesAt: number | null;
}

const dayMs = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (ms): the difference is the zone's offset. */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * The instant a wall clock time in `timeZone` names (the wall time as UTC ms in, an instant out). A time skipped
 * when the clocks go forward comes out as the same distance past the change; one that happens twice, the first.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  // The zone's offsets a day either side: a change of clocks falls between them at most once.
  const before = wall - (wallClock(wall - dayMs, timeZone) - (wall - dayMs));
  const after = wall - (wallClock(wall + dayMs, timeZone) - (wall + dayMs));
  const readsAsWall = [before, after].filter((instant) => wallClock(instant, timeZone) === wall);
  return readsAsWall.length ? Math.min(...readsAsWall) : before;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const isoDay = (wallDay: number) => new Date(wallDay).toISOString().slice(0, 10);

/** Whether the team is in at `now`, and if not, when it next opens. */
export function officeState(hours: OfficeHours, now: number): OfficeState {
  const holidays = new Set(hours.holidays);
  const wallNow = wallClock(now, hours.timeZone);
  const today = wallNow - (wallNow % dayMs);
  // A year and a week covers any week with an opening, past a year of holidays.
  for (let day = 0; day < 373; day++) {
    const wallDay = today + day * dayMs;
    if (holidays.has(isoDay(wallDay))) continue;
    // Date.UTC's weekday, 0 on Sunday, as the week's index, 0 on Monday.
    const weekday = (new Date(wallDay).getUTCDay() + 6) % 7;
    const openings = [...hours.week[weekday]!].sort((a, b) => a.from.localeCompare(b.from));
    for (const opening of openings) {
      const from = instantOfWallClock(wallDay + minutesOf(opening.from) * 60_000, hours.timeZone);
      const to = instantOfWallClock(wallDay + minutesOf(opening.to) * 60_000, hours.timeZone);
      if (from <= now && now < to) return { open: true, opensAt: null, closesAt: to };
      if (from > now) return { open: false, opensAt: from, closesAt: null };
    }
  }
  return { open: false, opensAt: null, closesAt: null };
}
