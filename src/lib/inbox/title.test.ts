import { describe, expect, it } from 'vitest';
import { titleWithUnread, workspaceTitle } from './title.ts';

describe('staff tab titles', () => {
  it('put the unread count first, replace an old one, and drop it at zero', () => {
    expect(titleWithUnread('Inbox', 2)).toBe('(2) Inbox');
    expect(titleWithUnread('(2) Inbox', 5)).toBe('(5) Inbox');
    expect(titleWithUnread('(5) Inbox', 0)).toBe('Inbox');
  });

  it('name the open conversation’s contact, then the product', () => {
    expect(workspaceTitle('Ana Example', 'Foyer', 2)).toBe('(2) Ana Example · Foyer');
    expect(workspaceTitle('Inbox', 'Foyer', 0)).toBe('Inbox · Foyer');
  });
});
