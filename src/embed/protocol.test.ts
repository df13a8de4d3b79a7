import { describe, expect, it } from 'vitest';
import { embedMessage } from './protocol.ts';

describe('a message between the launcher and the frame', () => {
  it('is taken only in one of its shapes', () => {
    expect(embedMessage({ foyer: 1, type: 'ready' })).toEqual({ foyer: 1, type: 'ready' });
    expect(embedMessage({ foyer: 1, type: 'unread', count: 2, label: '2 unread messages' })).toEqual({
      foyer: 1,
      type: 'unread',
      count: 2,
      label: '2 unread messages',
    });
    expect(embedMessage({ foyer: 1, type: 'resize', large: true })).toEqual({ foyer: 1, type: 'resize', large: true });
    expect(embedMessage({ foyer: 1, type: 'size', resizable: false, large: false })).toEqual({
      foyer: 1,
      type: 'size',
      resizable: false,
      large: false,
    });
  });

  it('is ignored when it is someone else’s or malformed', () => {
    for (const data of [
      null,
      'ready',
      { type: 'ready' },
      { foyer: 2, type: 'ready' },
      { foyer: 1, type: 'navigate', url: 'https://example.com' },
      { foyer: 1, type: 'unread', count: -1, label: '' },
      { foyer: 1, type: 'unread', count: 1.5, label: '' },
      { foyer: 1, type: 'unread', count: 1, label: 'x'.repeat(201) },
      { foyer: 1, type: 'resize', large: 'yes' },
      { foyer: 1, type: 'size', resizable: true },
    ]) {
      expect(embedMessage(data)).toBeUndefined();
    }
  });

  it('keeps only its own fields', () => {
    expect(embedMessage({ foyer: 1, type: 'close', extra: '<script>' })).toEqual({ foyer: 1, type: 'close' });
  });
});
