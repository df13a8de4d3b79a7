/**
 * The timeline cut into days (in the reader's time zone) and, within a day, runs of messages by one sender, the
 * way chat apps show them: one name and avatar per run; for staff, lines of what staff did between them, by time.
 */
import type { HistoryLine } from '../api/chat.ts';
import { sameParticipant, type TimelineEntry } from './timeline.ts';

export interface SenderRun {
  kind: 'run';
  key: string;
  entries: TimelineEntry[];
  /** The first message the reader has not read starts this run: the "New messages" divider goes above it. */
  firstUnread?: true;
}

export interface ActivityLine {
  kind: 'activity';
  key: string;
  activity: HistoryLine;
}

export interface Day {
  /** YYYY-MM-DD in local time. */
  day: string;
  runs: (SenderRun | ActivityLine)[];
}

/** A run breaks after this long a pause, even with the same sender. */
export const runBreakMs = 5 * 60_000;

export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Messages (in order) and staff's activity (by seq) as days of runs and activity lines; a line ends a run, and so
 * does the first unread message (`firstUnreadId`), which starts a run of its own with its sender's name. */
export function groupByDayAndSender(
  entries: readonly TimelineEntry[],
  activity: readonly HistoryLine[] = [],
  firstUnreadId?: number,
): Day[] {
  const days: Day[] = [];
  let previous: TimelineEntry | undefined;
  const dayFor = (iso: string): Day => {
    const day = localDay(iso);
    let current = days.at(-1);
    if (!current || current.day !== day) {
      current = { day, runs: [] };
      days.push(current);
      previous = undefined;
    }
    return current;
  };
  let next = 0;
  const linesUpTo = (time: number) => {
    for (; next < activity.length && Date.parse(activity[next]!.at) <= time; next++) {
      const line = activity[next]!;
      dayFor(line.at).runs.push({ kind: 'activity', key: `activity-${line.seq}`, activity: line });
      previous = undefined;
    }
  };
  for (const entry of entries) {
    linesUpTo(Date.parse(entry.createdAt) - 1);
    const current = dayFor(entry.createdAt);
    const run = current.runs.at(-1);
    const unread = firstUnreadId !== undefined && entry.id === firstUnreadId;
    const continues =
      !unread &&
      run?.kind === 'run' &&
      previous &&
      sameParticipant(previous.sender, entry.sender) &&
      Date.parse(entry.createdAt) - Date.parse(previous.createdAt) < runBreakMs;
    if (continues) run.entries.push(entry);
    else current.runs.push({ kind: 'run', key: entry.key, entries: [entry], ...(unread && { firstUnread: true as const }) });
    previous = entry;
  }
  linesUpTo(Infinity);
  return days;
}
