import { describe, expect, it } from 'vitest';
import type { Message, Participant } from '../api/chat.ts';
import { buildTimeline, mergeCursor, mergeMessages, myReadCursor, otherSideReadUpTo } from './timeline.ts';

const contact: Participant = { kind: 'contact', id: 'ct_1' };
const staff: Participant = { kind: 'staff', id: 'uid-1' };
const message = (id: number, sender: Participant, clientId = `c${id}`): Message => ({
  id,
  chatBoxId: 'cb_1',
  clientId,
  sender,
  text: `m${id}`,
  createdAt: '2026-01-01T10:00:00Z',
});

describe('the timeline', () => {
  it('merges pages and events by id, each once, in id order', () => {
    const merged = mergeMessages(
      [message(3, staff), message(1, staff)].sort((a, b) => a.id - b.id),
      [message(2, contact), message(3, staff)],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('shows pending items after sent messages, and drops one once its message arrived', () => {
    const pending = [
      { clientId: 'c2', text: 'm2', createdAt: '2026-01-01T10:00:00Z' },
      { clientId: 'p', text: 'later', createdAt: '2026-01-01T10:01:00Z' },
      { clientId: 'q', text: 'bad', createdAt: '2026-01-01T10:02:00Z', failed: 'invalid_body' },
    ];
    const entries = buildTimeline([message(1, staff), message(2, contact)], pending, contact, 0);
    expect(entries.map((entry) => [entry.key, entry.delivery])).toEqual([
      ['1', undefined],
      ['2', 'sent'],
      ['p', 'sending'],
      ['q', 'failed'],
    ]);
    expect(entries[3]!.failed).toBe('invalid_body');
  });

  it('marks one’s own messages read up to the other side’s cursor', () => {
    const cursors = [
      { reader: staff, messageId: 2 },
      { reader: contact, messageId: 3 },
    ];
    const readUpTo = otherSideReadUpTo(cursors, contact);
    expect(readUpTo).toBe(2);
    const entries = buildTimeline([message(2, contact), message(3, contact)], [], contact, readUpTo);
    expect(entries.map((entry) => entry.delivery)).toEqual(['read', 'sent']);
    expect(myReadCursor(cursors, contact)).toBe(3);
    expect(myReadCursor([], contact)).toBe(0);
  });

  it('moves a cursor forward only', () => {
    const cursors = [{ reader: staff, messageId: 5 }];
    expect(mergeCursor(cursors, { reader: staff, messageId: 4 })).toBe(cursors);
    expect(mergeCursor(cursors, { reader: staff, messageId: 6 })).toEqual([{ reader: staff, messageId: 6 }]);
    expect(mergeCursor(cursors, { reader: contact, messageId: 1 })).toHaveLength(2);
  });
});
