/** A message's text checked before it goes out, with the contract's rule, so the composer can say what is wrong. */
import { messageTextMax, messageTextSchema } from '../api/chat.ts';

export type TextCheck = { ok: true; text: string } | { ok: false; problem: 'empty' | 'tooLong' | 'invalid'; over: number };

export function checkMessageText(raw: string): TextCheck {
  const length = [...raw.trim()].length;
  if (length === 0) return { ok: false, problem: 'empty', over: 0 };
  if (length > messageTextMax) return { ok: false, problem: 'tooLong', over: length - messageTextMax };
  const parsed = messageTextSchema.safeParse(raw);
  return parsed.success ? { ok: true, text: parsed.data } : { ok: false, problem: 'invalid', over: 0 };
}
