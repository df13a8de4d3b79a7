/**
 * Which session opens a page. A contact who came through their page session (`/{lang}/chat`, which covers every chat
 * box of theirs) and opens one of their chat boxes has no token for that chat box: the page token serves, unless the
 * address brings a code for the chat box itself. The other way round, a contact with only a chat box's session who
 * opens their conversations page sees that chat box listed (and is offered a link to all of them), not a code form.
 */
import { pageScope } from '../api/constants.ts';
import { isPresent, type SessionRecord } from './tokenAge.ts';

export function sessionKeyFor(key: string, records: Record<string, SessionRecord | undefined>, hasCode: boolean, now = Date.now()): string {
  if (hasCode || isPresent(records[key], now)) return key;
  if (key === pageScope) {
    const newest = Object.entries(records)
      .filter(([other, record]) => other !== pageScope && isPresent(record, now))
      .sort(([, a], [, b]) => b!.expiresAt - a!.expiresAt)[0];
    return newest?.[0] ?? key;
  }
  return isPresent(records[pageScope], now) ? pageScope : key;
}
