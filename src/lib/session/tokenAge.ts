/**
 * The seed's rules for a contact session, as numbers and one decision. A record is a token and its expiry;
 * its age counts from when it was issued (one hour before it expires).
 */
import { sessionTokenSeconds } from '../api/constants.ts';

/** From this age a token counts as gone: it is cleared, and no previous session is assumed. */
export const staleAfterSeconds = 3540;
/** From this age a token is extended before use. */
export const extendAfterSeconds = 3000;

export interface SessionRecord {
  token: string;
  /** Milliseconds since the epoch, on this device's clock (the token's lifetime from when it arrived). */
  expiresAt: number;
}

export function ageSeconds(record: SessionRecord, now: number): number {
  return sessionTokenSeconds - (record.expiresAt - now) / 1000;
}

/** A previous session counts only when a token exists and is younger than 3540 s. */
export function isPresent(record: SessionRecord | undefined, now: number): record is SessionRecord {
  return !!record?.token && ageSeconds(record, now) < staleAfterSeconds;
}

export type Step = 'verify' | 'none' | 'extend' | 'keep';

/**
 * What to do for a chat box (or `page`): a stale or missing token is cleared first; then a new token only with
 * a code and a contact id (verify), otherwise none; a token aged 3000 s or more, or a forced reload, is extended.
 * A final token (one ending at its session's ceiling) is not extended by age: that would only give the same end.
 */
export function nextStep(
  record: SessionRecord | undefined,
  { hasCode, forceReload, final = false }: { hasCode: boolean; forceReload: boolean; final?: boolean },
  now: number,
): Step {
  if (!isPresent(record, now)) return hasCode ? 'verify' : 'none';
  if (forceReload || (!final && ageSeconds(record, now) >= extendAfterSeconds)) return 'extend';
  return 'keep';
}

/** When nextStep's answer for a kept token changes by itself: at 3000 s it is extended; a final one goes stale at 3540 s. */
export function nextChangeAt(record: SessionRecord, final: boolean): number {
  return record.expiresAt - (sessionTokenSeconds - (final ? staleAfterSeconds : extendAfterSeconds)) * 1000;
}
