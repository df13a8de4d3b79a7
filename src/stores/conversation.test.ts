import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typingShowsMs, type ListMessagesAnswer, type Message, type Participant } from '../lib/api/chat.ts';
import { createConversation, type Conversation } from './conversation.ts';

const contact: Participant = { kind: 'contact', id: 'ct_1' };
const staff: Participant = { kind: 'staff', id: 'uid-1' };
const message = (id: number, sender: Participant): Message => ({
  id,
  chatBoxId: 'cb_1',
  clientId: `c${id}`,
  sender,
  text: `m${id}`,
  createdAt: '2026-01-01T10:00:00Z',
});
const page = (messages: Message[], extra: Partial<ListMessagesAnswer> = {}): ListMessagesAnswer => ({
  chatBox: { id: 'cb_1', status: 'open', contact: { id: 'ct_1', name: 'Ada' }, assignee: null, seq: 9 },
  messages,
  hasOlder: false,
  hasNewer: false,
  readCursors: [],
  ...extra,
});

let conversation: Conversation;
afterEach(() => {
  conversation.dispose();
  cleanStores(conversation.$conversation, conversation.$timeline, conversation.$typingNow, conversation.$unreadUpTo);
  vi.useRealTimers();
});

describe('a conversation', () => {
  it('merges pages, stream events and outbox items without duplicates, pending items last', () => {
    conversation = createConversation(contact);
    conversation.applyPage(page([message(3, staff), message(4, contact)], { hasOlder: true }), 'newest');
    conversation.applyEvent({ type: 'message', chatBoxId: 'cb_1', seq: 10, position: 1, message: message(4, contact) });
    conversation.setPending([
      { clientId: 'c5', text: 'sent already', createdAt: '2026-01-01T10:00:00Z' },
      { clientId: 'new', text: 'waiting', createdAt: '2026-01-01T10:00:00Z' },
    ]);
    conversation.addMessages([{ ...message(5, contact) }]);
    conversation.applyPage(page([message(1, staff), message(2, contact)], { hasOlder: false }), 'older');
    expect(conversation.$timeline.get().map((entry) => entry.key)).toEqual(['1', '2', '3', '4', '5', 'new']);
    expect(conversation.$conversation.get().hasOlder).toBe(false);
  });

  it('marks the first unread message of the other side when it opens, keeping that divider until the reader answers', () => {
    conversation = createConversation(contact);
    conversation.applyPage(
      page([message(1, staff), message(2, contact), message(3, staff), message(4, staff)], {
        readCursors: [{ reader: contact, messageId: 2 }],
      }),
      'newest',
    );
    expect(conversation.$conversation.get().firstUnreadId).toBe(3);
    expect(conversation.$unreadUpTo.get()).toBe(4);
    conversation.setReadCursor({ reader: contact, messageId: 4 });
    expect(conversation.$unreadUpTo.get()).toBeUndefined();
    expect(conversation.$conversation.get().firstUnreadId).toBe(3);
    // More from the other side keeps it; the reader's own answer ends it.
    conversation.applyEvent({ type: 'message', chatBoxId: 'cb_1', seq: 12, position: 3, message: message(5, staff) });
    expect(conversation.$conversation.get().firstUnreadId).toBe(3);
    conversation.applyEvent({ type: 'message', chatBoxId: 'cb_1', seq: 13, position: 4, message: message(6, contact) });
    expect(conversation.$conversation.get().firstUnreadId).toBeUndefined();
  });

  it('shows one’s messages as read once the other side’s cursor passes them', () => {
    conversation = createConversation(staff);
    conversation.applyPage(page([message(1, staff), message(2, staff)]), 'newest');
    conversation.applyEvent({ type: 'read', chatBoxId: 'cb_1', seq: 11, position: 2, readCursor: { reader: contact, messageId: 1 } });
    expect(conversation.$timeline.get().map((entry) => entry.delivery)).toEqual(['read', 'sent']);
  });

  it('shows the other side typing for 6 s after their last signal, and never oneself', () => {
    vi.useFakeTimers();
    conversation = createConversation(contact);
    const typing = { type: 'typing' as const, chatBoxId: 'cb_1', sender: staff };
    conversation.applyTyping({ ...typing, sender: contact });
    expect(conversation.$typingNow.get()).toEqual([]);
    conversation.applyTyping(typing);
    vi.advanceTimersByTime(4000);
    conversation.applyTyping(typing);
    vi.advanceTimersByTime(typingShowsMs - 1);
    expect(conversation.$typingNow.get()).toEqual([staff]);
    vi.advanceTimersByTime(1);
    expect(conversation.$typingNow.get()).toEqual([]);
    expect(typingShowsMs).toBe(6000);
  });

  it("keeps staff's triage from the first page and the stream's events, with a line of history for each", () => {
    conversation = createConversation(staff);
    const chatBox = { ...page([]).chatBox, tags: [{ id: 1, name: 'VIP' }], priority: 'high' as const, snoozedUntil: null };
    conversation.applyPage(page([], { chatBox }), 'newest');
    expect(conversation.$conversation.get().triage).toEqual({ tags: [{ id: 1, name: 'VIP' }], priority: 'high', snoozedUntil: null });
    const at = '2026-01-01T10:05:00.000Z';
    const until = '2026-01-02T09:00:00.000Z';
    conversation.applyEvent({ type: 'snooze', chatBoxId: 'cb_1', seq: 10, until, by: 'uid-2', at });
    conversation.applyEvent({ type: 'tags', chatBoxId: 'cb_1', seq: 11, tags: [], added: [], removed: ['VIP'], by: 'uid-2', at });
    conversation.applyEvent({ type: 'priority', chatBoxId: 'cb_1', seq: 12, priority: null, by: 'uid-2', at });
    expect(conversation.$conversation.get().triage).toEqual({ tags: [], priority: null, snoozedUntil: until });
    // Resolving ends the snooze.
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 13, status: 'resolved', by: 'uid-2', at });
    expect(conversation.$conversation.get().triage.snoozedUntil).toBeNull();
    expect(conversation.$conversation.get().activity.map((line) => line.type)).toEqual(['snooze', 'tags', 'priority', 'status']);
  });

  it('stops showing someone typing when their message arrives', () => {
    conversation = createConversation(contact);
    conversation.applyTyping({ type: 'typing', chatBoxId: 'cb_1', sender: staff });
    conversation.applyEvent({ type: 'message', chatBoxId: 'cb_1', seq: 1, position: 1, message: message(1, staff) });
    expect(conversation.$typingNow.get()).toEqual([]);
  });

  it('keeps the status and the connection', () => {
    conversation = createConversation(contact);
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 1, position: 1, status: 'resolved' });
    conversation.setConnection('down');
    expect(conversation.$conversation.get()).toMatchObject({ status: 'resolved', connection: 'down' });
    conversation.setConnection('stopped', 'token_expired');
    expect(conversation.$conversation.get().stoppedBy).toBe('token_expired');
  });

  it('takes the assignee from the first page, then from assignment events and the staff member’s own changes', () => {
    conversation = createConversation(staff);
    const lee = { email: 'lee@example.com', name: 'Lee', uid: 'uid-1' };
    conversation.applyPage(page([message(1, contact)], { chatBox: { ...page([]).chatBox, assignee: lee } }), 'newest');
    expect(conversation.$conversation.get().assignee).toEqual(lee);
    conversation.applyEvent({ type: 'assignment', chatBoxId: 'cb_1', seq: 10, assignee: null });
    expect(conversation.$conversation.get().assignee).toBeNull();
    // An older page read later does not undo what the stream said.
    conversation.applyPage(page([], { chatBox: { ...page([]).chatBox, assignee: lee } }), 'older');
    expect(conversation.$conversation.get().assignee).toBeNull();
    conversation.setAssignee(lee);
    conversation.setStatus('resolved');
    expect(conversation.$conversation.get()).toMatchObject({ assignee: lee, status: 'resolved' });
  });

  it('keeps the automatic away answers a contact was given as history lines, from the page and the stream, each once', () => {
    conversation = createConversation(contact);
    const at = '2026-01-01T22:00:00Z';
    const opensAt = '2026-01-02T08:00:00Z';
    const line = { type: 'away' as const, seq: 3, at, by: null, opensAt };
    conversation.applyPage(page([message(1, contact)], { activity: [line] }), 'newest');
    conversation.applyEvent({ type: 'away', chatBoxId: 'cb_1', seq: 3, position: 9, at, by: null, opensAt });
    conversation.applyEvent({ type: 'away', chatBoxId: 'cb_1', seq: 5, position: 11, at, by: null, opensAt: null });
    // Their own rating is no line of their history (staff's has it).
    conversation.applyEvent({ type: 'rating', chatBoxId: 'cb_1', seq: 6, position: 12, score: 5, comment: null, by: null, at });
    expect(conversation.$conversation.get().activity).toEqual([line, { ...line, seq: 5, opensAt: null }]);
  });

  it("keeps the latest resolution's rating: from the first page, asked by a status event, answered by a rating event", () => {
    conversation = createConversation(contact);
    const at = '2026-01-01T10:00:00Z';
    conversation.applyPage(page([message(1, staff)], { chatBox: { ...page([]).chatBox, rating: { score: 3, comment: null } } }), 'newest');
    expect(conversation.$conversation.get().rating).toEqual({ score: 3, comment: null });
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 10, status: 'open' });
    expect(conversation.$conversation.get().rating).toEqual({ score: 3, comment: null });
    // Resolved again: asked again, until the contact answers (here, or in another tab: the event).
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 11, status: 'resolved', askRating: true });
    expect(conversation.$conversation.get().rating).toEqual({ score: null, comment: null });
    conversation.applyEvent({ type: 'rating', chatBoxId: 'cb_1', seq: 12, position: 5, score: 5, comment: 'Great', by: null, at });
    expect(conversation.$conversation.get().rating).toEqual({ score: 5, comment: 'Great' });
    // An older page read later does not undo it.
    conversation.applyPage(page([], { chatBox: { ...page([]).chatBox, rating: null } }), 'older');
    expect(conversation.$conversation.get().rating).toEqual({ score: 5, comment: 'Great' });
    // Resolved again without asking: an answer stands; what went unanswered is no longer asked.
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 13, status: 'resolved' });
    expect(conversation.$conversation.get().rating).toEqual({ score: 5, comment: 'Great' });
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 14, status: 'resolved', askRating: true });
    conversation.applyEvent({ type: 'status', chatBoxId: 'cb_1', seq: 15, status: 'resolved' });
    expect(conversation.$conversation.get().rating).toBeNull();
  });

  it('shows notes as notes, and never as read by the contact, who never gets them', () => {
    conversation = createConversation(staff);
    conversation.applyPage(
      page([message(1, staff), { ...message(2, staff), internal: true }], { readCursors: [{ reader: contact, messageId: 2 }] }),
      'newest',
    );
    conversation.setPending([{ clientId: 'n', text: 'pending note', createdAt: '2026-01-01T10:00:00Z', internal: true }]);
    expect(conversation.$timeline.get().map(({ internal, delivery }) => ({ internal, delivery }))).toEqual([
      { internal: false, delivery: 'read' },
      { internal: true, delivery: 'sent' },
      { internal: true, delivery: 'sending' },
    ]);
  });
});
