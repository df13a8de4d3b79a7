import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentCookies, memoryCookies, setCookieEngine } from '../lib/cookies.ts';
import {
  $contactSessions,
  forgetAllSessions,
  forgetSession,
  reloadSessionsFromCookies,
  sessionCookieDays,
  storeSession,
} from './contactSessions.ts';

let memory: ReturnType<typeof memoryCookies>;
beforeEach(() => {
  memory = memoryCookies();
  setCookieEngine(memory);
  $contactSessions.set({});
});
afterEach(() => setCookieEngine(documentCookies));

describe('contact sessions', () => {
  it('are kept in the store and in a one-hour cookie per chat box', () => {
    storeSession('cb_1', { token: 'a.b.c', expiresAt: 1_000 });
    expect($contactSessions.get()['cb_1']).toEqual({ token: 'a.b.c', expiresAt: 1_000 });
    expect(memory.all()).toEqual({ foyer_session_cb_1: '1000:a.b.c' });
    expect(sessionCookieDays).toBe(1 / 24);
    expect(memory.days.get('foyer_session_cb_1')).toBe(1 / 24);
  });

  it('are read back from cookies another tab wrote, skipping malformed ones', () => {
    memory.set('foyer_session_page', '2000:x.y.z', 1 / 24);
    memory.set('foyer_session_bad', 'no-expiry', 1 / 24);
    memory.set('theme', 'dark3', 365);
    reloadSessionsFromCookies();
    expect($contactSessions.get()).toEqual({ page: { token: 'x.y.z', expiresAt: 2000 } });
  });

  it('are forgotten one by one, or all, including cookies written elsewhere', () => {
    storeSession('cb_1', { token: 'a', expiresAt: 1 });
    storeSession('cb_2', { token: 'b', expiresAt: 1 });
    forgetSession('cb_1');
    expect($contactSessions.get()['cb_1']).toBeUndefined();
    expect(Object.keys(memory.all())).toEqual(['foyer_session_cb_2']);
    memory.set('foyer_session_cb_3', '5:c', 1 / 24);
    memory.set('theme', 'dark3', 365);
    forgetAllSessions();
    expect(memory.all()).toEqual({ theme: 'dark3' });
    expect(Object.values($contactSessions.get()).filter(Boolean)).toEqual([]);
  });
});
