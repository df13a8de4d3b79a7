import { describe, expect, it } from 'vitest';
import { previewLine } from './previewLine.ts';

const file = (name: string) => ({ id: 'fl_00000000000000000000', name, type: 'image/png', size: 10 });

describe('a message in one line', () => {
  it('is its first line, with a paperclip when files go with it, or the files’ names when it has no text', () => {
    expect(previewLine({ text: 'Hello\nthere' })).toBe('Hello');
    expect(previewLine({ text: 'See this', files: [file('a.png')] })).toBe('📎 See this');
    expect(previewLine({ text: '', files: [file('screen.png'), file('invoice.pdf')] })).toBe('📎 screen.png, invoice.pdf');
  });
});
