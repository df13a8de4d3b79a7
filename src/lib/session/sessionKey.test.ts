import { describe, expect, it } from 'vitest';
import { sessionKeyFor } from './sessionKey.ts';

const now = 1_000_000_000;
const fresh = { token: 't', expiresAt: now + 3_000_000 };
const chatBoxId = 'cb_0123456789abcdefghjk';

describe('sessionKeyFor', () => {
  it('opens a chat box with its own session when there is one', () => {
    expect(sessionKeyFor(chatBoxId, { [chatBoxId]: fresh, page: fresh }, false, now)).toBe(chatBoxId);
  });

  it('opens a chat box with the contact’s page session when it has none of its own', () => {
    expect(sessionKeyFor(chatBoxId, { page: fresh }, false, now)).toBe('page');
  });

  it('keeps the chat box’s own session when the address brings a code for it', () => {
    expect(sessionKeyFor(chatBoxId, { page: fresh }, true, now)).toBe(chatBoxId);
  });

  it('ignores a page session gone stale (3540 s)', () => {
    expect(sessionKeyFor(chatBoxId, { page: { token: 't', expiresAt: now + 59_000 } }, false, now)).toBe(chatBoxId);
  });

  it('opens the conversations page with its own session when there is no other', () => {
    expect(sessionKeyFor('page', {}, false, now)).toBe('page');
  });

  it('opens the conversations page with the newest chat box session when there is no page session', () => {
    const older = { token: 't', expiresAt: now + 600_000 };
    const newer = { token: 't', expiresAt: now + 1_200_000 };
    expect(sessionKeyFor('page', { cb_a: older, cb_b: newer }, false, now)).toBe('cb_b');
    expect(sessionKeyFor('page', { cb_a: older, page: fresh }, false, now)).toBe('page');
    // A code in the address is for the page session itself.
    expect(sessionKeyFor('page', { cb_a: older }, true, now)).toBe('page');
  });
});
