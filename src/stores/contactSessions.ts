/**
 * Contact sessions shared by every island: one record per chat box id, plus `page`, kept in a nanostore and in
 * cookies (one hour; lib/cookies.ts: SameSite=Lax, Secure on https, path /), so another tab or a reload finds them.
 */
import { map } from 'nanostores';
import { cookies } from '../lib/cookies.ts';
import type { SessionRecord } from '../lib/session/tokenAge.ts';
import { sessionTokenSeconds } from '../lib/api/constants.ts';

export const sessionCookiePrefix = 'foyer_session_';
/** A session cookie lives as long as a token: one hour. */
export const sessionCookieDays = sessionTokenSeconds / 86400;

function fromCookies(): Record<string, SessionRecord> {
  const records: Record<string, SessionRecord> = {};
  for (const [name, value] of Object.entries(cookies.all())) {
    if (!name.startsWith(sessionCookiePrefix)) continue;
    const [expiresAt, token] = value.split(':');
    if (token && Number(expiresAt) > 0) records[name.slice(sessionCookiePrefix.length)] = { token, expiresAt: Number(expiresAt) };
  }
  return records;
}

export const $contactSessions = map<Record<string, SessionRecord | undefined>>(fromCookies());

export function storeSession(key: string, record: SessionRecord): void {
  $contactSessions.setKey(key, record);
  cookies.set(`${sessionCookiePrefix}${key}`, `${record.expiresAt}:${record.token}`, sessionCookieDays);
}

export function forgetSession(key: string): void {
  $contactSessions.setKey(key, undefined);
  cookies.remove(`${sessionCookiePrefix}${key}`);
}

/** Forgets every session of this device, including cookies another tab wrote since this page loaded. */
export function forgetAllSessions(): void {
  const keys = new Set(Object.keys($contactSessions.get()));
  for (const name of Object.keys(cookies.all())) if (name.startsWith(sessionCookiePrefix)) keys.add(name.slice(sessionCookiePrefix.length));
  for (const key of keys) forgetSession(key);
}

/** Reads the cookies again (another tab may have extended or ended a session). */
export function reloadSessionsFromCookies(): void {
  $contactSessions.set(fromCookies());
}
