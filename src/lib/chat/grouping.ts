/**
 * The timeline cut into days (in the reader's time zone) and, within a day, runs of messages by one sender, the
 * way chat apps show them: one name and avatar per run.
 */
import { sameParticipant, type TimelineEntry } from './timeline.ts';

export interface SenderRun {
  key: string;
  entries: TimelineEntry[];
}

export interface Day {
  /** YYYY-MM-DD in local time. */
  day: string;
  runs: SenderRun[];
}

/** A run breaks after this long a pause, even with the same sender. */
export const runBreakMs = 5 * 60_000;

export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function groupByDayAndSender(entries: readonly TimelineEntry[]): Day[] {
  const days: Day[] = [];
  let previous: TimelineEntry | undefined;
  for (const entry of entries) {
    const day = localDay(entry.createdAt);
    let current = days.at(-1);
    if (!current || current.day !== day) {
      current = { day, runs: [] };
      days.push(current);
      previous = undefined;
    }
    const run = current.runs.at(-1);
    const continues =
      run &&
      previous &&
      sameParticipant(previous.sender, entry.sender) &&
      Date.parse(entry.createdAt) - Date.parse(previous.createdAt) < runBreakMs;
    if (continues) run.entries.push(entry);
    else current.runs.push({ key: entry.key, entries: [entry] });
    previous = entry;
  }
  return days;
}
