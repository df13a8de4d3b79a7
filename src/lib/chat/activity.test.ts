import { describe, expect, it } from 'vitest';
import type { ChatEvent, HistoryLine } from '../api/chat.ts';
import { activityFromEvent, mergeActivity } from './activity.ts';

const line = (seq: number): HistoryLine => ({ type: 'status', seq, at: '2026-01-01T10:00:00.000Z', by: 'uid-1', status: 'resolved' });

describe("staff's activity", () => {
  it('merges pages and stream lines by seq, each once', () => {
    const merged = mergeActivity(
      [line(5), line(2)].sort((a, b) => a.seq - b.seq),
      [line(3), line(5)],
    );
    expect(merged.map((entry) => entry.seq)).toEqual([2, 3, 5]);
  });

  it("takes a line from staff's status and assignment events, not from a contact's or other events", () => {
    const at = '2026-01-01T10:00:00.000Z';
    const assignment: ChatEvent = { type: 'assignment', chatBoxId: 'cb_1', seq: 4, at, by: 'uid-1', assignee: null };
    expect(activityFromEvent(assignment)).toEqual({ type: 'assignment', seq: 4, at, by: 'uid-1', assignee: null });
    expect(activityFromEvent({ type: 'status', chatBoxId: 'cb_1', seq: 5, at, by: null, status: 'open' })).toMatchObject({ by: null });
    // A contact's stream: the status without who.
    expect(activityFromEvent({ type: 'status', chatBoxId: 'cb_1', seq: 5, at, status: 'open' })).toBeUndefined();
    expect(activityFromEvent({ type: 'opened', chatBoxId: 'cb_1', seq: 0 })).toBeUndefined();
    const articles = [{ article: 'basics/first-steps', title: 'First steps' }];
    expect(activityFromEvent({ type: 'articles', chatBoxId: 'cb_1', seq: 1, at, by: null, articles })).toEqual({
      type: 'articles',
      seq: 1,
      at,
      by: null,
      articles,
    });
  });
});
