import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../lib/api/inbox.ts';
import { badgedIcon, wantsAlert } from './alerts.ts';

const entry = (change: Partial<InboxEntry> = {}): InboxEntry => ({
  id: 'cb_1',
  status: 'open',
  contact: { id: 'ct_1', name: 'Ana', email: 'ana@example.com' },
  lastMessage: {
    id: 5,
    chatBoxId: 'cb_1',
    clientId: 'c5',
    sender: { kind: 'contact', id: 'ct_1' },
    text: 'Hello?',
    createdAt: '2026-01-01T10:00:00Z',
  },
  lastSenderName: null,
  unread: 2,
  lastActivityAt: '2026-01-01T10:00:00Z',
  contactWroteAt: '2026-01-01T10:00:00Z',
  waiting: true,
  assignee: null,
  tags: [],
  priority: null,
  snoozedUntil: null,
  match: null,
  ...change,
});

describe('alerts', () => {
  it('come for a contact’s new message, still unread, in a conversation that is mine or nobody’s, not muted', () => {
    expect(wantsAlert(entry(), 4, 'uid-me', [])).toBe(true);
    expect(wantsAlert(entry({ assignee: { email: 'me@x', name: 'Me', uid: 'uid-me' } }), 4, 'uid-me', [])).toBe(true);
    // A conversation new to the list.
    expect(wantsAlert(entry(), 0, 'uid-me', [])).toBe(true);
    // Nothing new, the first list, read already (another tab), a colleague's conversation, a muted one.
    expect(wantsAlert(entry(), 5, 'uid-me', [])).toBe(false);
    expect(wantsAlert(entry(), undefined, 'uid-me', [])).toBe(false);
    expect(wantsAlert(entry({ unread: 0 }), 4, 'uid-me', [])).toBe(false);
    expect(wantsAlert(entry({ assignee: { email: 'kim@x', name: 'Kim', uid: 'uid-kim' } }), 4, 'uid-me', [])).toBe(false);
    expect(wantsAlert(entry(), 4, 'uid-me', ['cb_1'])).toBe(false);
    // The staff member's own message (or a colleague's) last.
    const mine = { ...entry().lastMessage!, sender: { kind: 'staff' as const, id: 'uid-me' } };
    expect(wantsAlert(entry({ lastMessage: mine }), 4, 'uid-me', [])).toBe(false);
  });

  it('put the unread count on the tab’s icon, and take it off at 0', () => {
    const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 21"/></svg>')}`;
    expect(badgedIcon(icon, 0)).toBe(icon);
    const badged = decodeURIComponent(badgedIcon(icon, 3).split(',')[1]!);
    expect(badged).toMatch(/<circle[^>]*\/><text[^>]*>3<\/text><\/svg>$/);
    expect(decodeURIComponent(badgedIcon(icon, 120).split(',')[1]!)).toContain('>99+</text>');
  });
});
