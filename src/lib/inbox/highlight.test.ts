import { describe, expect, it } from 'vitest';
import { matchPieces } from './highlight.ts';

const marked = (text: string, query: string) =>
  matchPieces(text, query)
    .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
    .join('');

describe('matchPieces', () => {
  it('marks every match, ignoring case', () => {
    expect(marked('Refund my order, please: REFUND', 'refund')).toBe('[Refund] my order, please: [REFUND]');
  });

  it('finds words inside text without spaces (Chinese, Japanese, Thai)', () => {
    expect(marked('我想退款，谢谢', '退款')).toBe('我想[退款]，谢谢');
    expect(marked('注文をキャンセルしたい', 'キャンセル')).toBe('注文を[キャンセル]したい');
    expect(marked('ฉันต้องการคืนเงินค่ะ', 'คืนเงิน')).toBe('ฉันต้องการ[คืนเงิน]ค่ะ');
  });

  it('treats the search as text, not as a pattern', () => {
    expect(marked('costs $5 (or more)', '(or')).toBe('costs $5 [(or] more)');
    expect(marked('a.b and axb', 'a.b')).toBe('[a.b] and axb');
  });

  it('starts a long message shortly before the first match, with an ellipsis', () => {
    const text = `${'word '.repeat(40)}refund here`;
    const pieces = matchPieces(text, 'refund', 10);
    expect(pieces[0]!.text.startsWith('…')).toBe(true);
    expect(pieces[0]!.text).toHaveLength(11);
    expect(pieces[1]).toEqual({ text: 'refund', match: true });
  });

  it('never cuts an emoji in half', () => {
    const text = `${'😀'.repeat(50)}refund`;
    const first = matchPieces(text, 'refund', 5)[0]!.text;
    expect(first).toBe(`…${'😀'.repeat(5)}`);
  });

  it('shows the text unmarked when the match is not found here', () => {
    expect(matchPieces('hello', 'bye')).toEqual([{ text: 'hello', match: false }]);
    expect(matchPieces('hello', '  ')).toEqual([{ text: 'hello', match: false }]);
  });
});
