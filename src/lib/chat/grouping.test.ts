import { describe, expect, it } from 'vitest';
import type { Participant } from '../api/chat.ts';
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
    expect(days.map((day) => [day.day, day.runs.map((run) => run.entries.map((e) => e.key))])).toEqual([
      ['2026-01-01', [['1', '2'], ['3']]],
      ['2026-01-02', [['4']]],
    ]);
  });

  it('starts a new run after a five-minute pause', () => {
    expect(runBreakMs).toBe(300_000);
    const days = groupByDayAndSender([entry('1', a, at(1, 10)), entry('2', a, at(1, 10, 5))]);
    expect(days[0]!.runs).toHaveLength(2);
  });

  it('names days in local time', () => {
    expect(localDay(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31');
  });
});
