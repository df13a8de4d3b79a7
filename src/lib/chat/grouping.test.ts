import { describe, expect, it } from 'vitest';
import type { Participant, HistoryLine } from '../api/chat.ts';
import { groupByDayAndSender, localDay, runBreakMs } from './grouping.ts';
import type { TimelineEntry } from './timeline.ts';

const a: Participant = { kind: 'contact', id: 'ct_1' };
const b: Participant = { kind: 'staff', id: 'uid-1' };
const entry = (key: string, sender: Participant, createdAt: string): TimelineEntry => ({
  key,
  id: Number(key),
  clientId: key,
  sender,
  text: key,
  createdAt,
  mine: sender === a,
  delivery: undefined,
  failed: undefined,
  internal: false,
  files: [],
  waitingFiles: [],
});
const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute).toISOString();

describe('grouping messages', () => {
  it('cuts by local day, then by sender', () => {
    const days = groupByDayAndSender([
      entry('1', a, at(1, 10)),
      entry('2', a, at(1, 10, 1)),
      entry('3', b, at(1, 10, 2)),
      entry('4', b, at(2, 9)),
    ]);
    expect(days.map((day) => [day.day, day.runs.map((run) => run.kind === 'run' && run.entries.map((e) => e.key))])).toEqual([
      ['2026-01-01', [['1', '2'], ['3']]],
      ['2026-01-02', [['4']]],
    ]);
  });

  it('starts a new run after a five-minute pause', () => {
    expect(runBreakMs).toBe(300_000);
    const days = groupByDayAndSender([entry('1', a, at(1, 10)), entry('2', a, at(1, 10, 5))]);
    expect(days[0]!.runs).toHaveLength(2);
  });

  it("puts staff's activity between messages by time, breaking the run it falls in", () => {
    const assigned: HistoryLine = { type: 'assignment', seq: 7, at: at(1, 10, 1), by: 'uid-1', assignee: null };
    const resolved: HistoryLine = { type: 'status', seq: 9, at: at(2, 8), by: 'uid-1', status: 'resolved' };
    const late: HistoryLine = { type: 'status', seq: 11, at: at(3, 8), by: null, status: 'open' };
    const days = groupByDayAndSender(
      [entry('1', a, at(1, 10)), entry('2', a, at(1, 10, 2)), entry('3', a, at(2, 9))],
      [assigned, resolved, late],
    );
    expect(days.map((day) => [day.day, day.runs.map((run) => (run.kind === 'run' ? run.entries.map((e) => e.key) : run.key))])).toEqual([
      ['2026-01-01', [['1'], 'activity-7', ['2']]],
      ['2026-01-02', ['activity-9', ['3']]],
      ['2026-01-03', ['activity-11']],
    ]);
  });

  it('starts a run at the first unread message, so the divider sits above a name, never between a name and its text', () => {
    const days = groupByDayAndSender([entry('1', b, at(1, 10)), entry('2', b, at(1, 10, 1)), entry('3', b, at(1, 10, 2))], [], 2);
    const runs = days[0]!.runs.flatMap((run) =>
      run.kind === 'run' ? [{ keys: run.entries.map((e) => e.key), firstUnread: run.firstUnread }] : [],
    );
    expect(runs).toEqual([
      { keys: ['1'], firstUnread: undefined },
      { keys: ['2', '3'], firstUnread: true },
    ]);
  });

  it('names days in local time', () => {
    expect(localDay(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31');
  });
});
