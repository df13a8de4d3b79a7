import { describe, expect, it } from 'vitest';
import { messageTextMax } from '../api/chat.ts';
import { checkMessageText } from './messageText.ts';

describe('checking a message before it goes out', () => {
  it('accepts up to 4,000 characters, counted as code points, trimmed', () => {
    expect(messageTextMax).toBe(4000);
    expect(checkMessageText('  hi  ')).toEqual({ ok: true, text: 'hi' });
    expect(checkMessageText('😀'.repeat(4000)).ok).toBe(true);
  });

  it('says how many characters are too many', () => {
    expect(checkMessageText('a'.repeat(4001))).toEqual({ ok: false, problem: 'tooLong', over: 1 });
    expect(checkMessageText('😀'.repeat(4010))).toEqual({ ok: false, problem: 'tooLong', over: 10 });
  });

  it('refuses an empty message and text the server cannot store', () => {
    expect(checkMessageText(' \n ')).toEqual({ ok: false, problem: 'empty', over: 0 });
    expect(checkMessageText('a\u0000b')).toEqual({ ok: false, problem: 'invalid', over: 0 });
  });
});
