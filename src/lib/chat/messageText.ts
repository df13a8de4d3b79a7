/** A message's text checked before it goes out, with the contract's rule, so the composer can say what is wrong. */
import { characterCount, hasVisibleCharacter, isStorableText, messageTextMax } from '../api/constants.ts';

export type TextCheck = { ok: true; text: string } | { ok: false; problem: 'empty' | 'tooLong' | 'invalid'; over: number };

export function checkMessageText(raw: string): TextCheck {
  const text = raw.trim();
  const length = characterCount(text);
  // Only spaces or invisible characters: as good as empty (the server refuses it too).
  if (length === 0 || !hasVisibleCharacter(text)) return { ok: false, problem: 'empty', over: 0 };
  if (length > messageTextMax) return { ok: false, problem: 'tooLong', over: length - messageTextMax };
  return isStorableText(text) ? { ok: true, text } : { ok: false, problem: 'invalid', over: 0 };
}
