/**
 * Which session opens a chat box's page. A contact who came through their page session (`/{lang}/chat`, which covers
 * every chat box of theirs) and opens one of their chat boxes has no token for that chat box: the page token serves,
 * unless the address brings a code for the chat box itself.
 */
import { pageScope } from '../api/constants.ts';
import { isPresent, type SessionRecord } from './tokenAge.ts';

export function sessionKeyFor(key: string, records: Record<string, SessionRecord | undefined>, hasCode: boolean, now = Date.now()): string {
  if (key === pageScope || hasCode || isPresent(records[key], now)) return key;
  return isPresent(records[pageScope], now) ? pageScope : key;
}
