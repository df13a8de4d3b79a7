// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { upsertOrganizationUser } from '../../server/staff/records.ts';
import type { Services } from '../../server/services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited, type InvitedContact } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';
import { issueSessionToken } from '../../server/contacts/sessionTokens.ts';
import { revokeContact } from '../../server/contacts/revocation.ts';
import {
  $contactSessions,
  reloadSessionsFromCookies,
  sessionCookieDays,
  sessionCookiePrefix,
  storeSession,
} from '../../stores/contactSessions.ts';
import { cookieAttributes } from '../../lib/cookies.ts';
import type { ApiRequestError } from '../../lib/http/client.ts';
import { $contacts } from '../../stores/contacts.ts';
import { $organizationUsers } from '../../stores/organizationUsers.ts';
import {
  fetchContact,
  fetchOrganizationUser,
  getSessionToken,
  hasPreviousSession,
  isFinal,
  resetSessions,
  toRecord,
} from './sessionApi.ts';
import { formProblems } from '../../lib/staff/fieldIssues.ts';
import { openSession, renewSession, submitCode } from './sessionFlow.ts';
import { pageScope } from '../../lib/api/ids.ts';

const cookie = (key: string) => Cookies.get(`${sessionCookiePrefix}${key}`);
/** Moves the clock: the session layer reads Date.now(). */
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

describe('the contact session against the real API', () => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  let contact: InvitedContact;
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
    services = await testServices(db, { VERIFY_RATE_LIMIT: '1000' });
    server = await startApiServer(services);
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/en/chat`);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await emptyDatabase(db);
    contact = await invited(services);
    resetSessions();
    server.requests.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  const withCode = () => ({ contactId: contact.contactId, otp: contact.code });

  it('has no token without a session or a code, and asks nothing', async () => {
    expect(await getSessionToken(contact.chatBoxId)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('verifies a code and contact id, and keeps the token in the store and a cookie', async () => {
    const token = await getSessionToken(contact.chatBoxId, withCode());
    expect(token).toMatch(/^ey/);
    expect(server.requests).toEqual(['POST /api/chat/verify']);
    expect($contactSessions.get()[contact.chatBoxId]?.token).toBe(token);
    expect(cookie(contact.chatBoxId)).toContain(token);
  });

  it('opens a page session through /api/verify', async () => {
    const page = await invited(services, { page: true });
    expect(await getSessionToken(pageScope, { contactId: page.contactId, otp: page.code })).toMatch(/^ey/);
    expect(server.requests).toEqual(['POST /api/verify']);
  });

  it('keeps a young token, extends it from 3000 s or when forced, clears it from 3540 s', async () => {
    const first = await getSessionToken(contact.chatBoxId, withCode());
    later(2999);
    expect(await getSessionToken(contact.chatBoxId)).toBe(first);
    expect(await getSessionToken(contact.chatBoxId, { forceReload: true })).not.toBe(first);
    later(2999);
    const kept = await getSessionToken(contact.chatBoxId);
    later(1);
    const extended = await getSessionToken(contact.chatBoxId);
    expect(extended).not.toBe(kept);
    expect(server.requests).toEqual(['POST /api/chat/verify', 'POST /api/chat/extend', 'POST /api/chat/extend']);
    later(3540);
    expect(hasPreviousSession($contactSessions.get()[contact.chatBoxId], Date.now())).toBe(false);
    expect(await getSessionToken(contact.chatBoxId)).toBeNull();
    expect($contactSessions.get()[contact.chatBoxId]).toBeUndefined();
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });

  it('counts a previous session only while the token is younger than 3540 s', async () => {
    await getSessionToken(contact.chatBoxId, withCode());
    later(3539);
    expect(hasPreviousSession($contactSessions.get()[contact.chatBoxId], Date.now())).toBe(true);
    later(1);
    expect(hasPreviousSession($contactSessions.get()[contact.chatBoxId], Date.now())).toBe(false);
  });

  it('clears the session and rejects with the server’s code when verify fails', async () => {
    const wrong = contact.code === '00000000' ? '11111111' : '00000000';
    const error = (await getSessionToken(contact.chatBoxId, { contactId: contact.contactId, otp: wrong }).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(error.code).toBe('code_not_accepted');
    expect($contactSessions.get()[contact.chatBoxId]).toBeUndefined();
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });

  it('clears the session and its cookie when extend fails', async () => {
    await getSessionToken(contact.chatBoxId, withCode());
    await db.query('delete from contacts where id = $1', [contact.contactId]);
    later(3000);
    const error = (await getSessionToken(contact.chatBoxId).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(401);
    expect($contactSessions.get()[contact.chatBoxId]).toBeUndefined();
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });

  it('shows the code form, saying the session ended and with the id filled in, after an extend refused because the contact was revoked', async () => {
    expect((await openSession(contact.chatBoxId, withCode())).kind).toBe('active');
    const [{ email }] = (await db.query<{ email: string }>('select email from contacts')) as [{ email: string }];
    await revokeContact(services, email);
    later(3000);
    expect(await renewSession(contact.chatBoxId)).toEqual({ kind: 'code', notice: 'session.ended', contactId: contact.contactId });
    expect(server.requests.at(-1)).toBe('POST /api/chat/extend');
    expect($contactSessions.get()[contact.chatBoxId]).toBeUndefined();
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });

  it('keeps a refused contact id’s per-field issue, for the form to say next to the field', async () => {
    const view = await submitCode(contact.chatBoxId, 'hello', contact.code);
    expect(view).toMatchObject({ kind: 'code', notice: 'apiError.invalid_body', contactId: 'hello' });
    const refusal = view.kind === 'code' ? view.refusal : undefined;
    expect(formProblems(refusal, ['contactId', 'otp'])).toEqual({ fields: { contactId: true }, code: undefined });
  });

  it('keeps the session’s last token without extending it, then shows the code form when it goes stale', async () => {
    // Redeemed 23 h 50 min ago: the server cut this token at the 24-hour ceiling, ten minutes from now.
    const authTime = new Date(Date.now() - (24 * 3600 - 600) * 1000);
    const grant = { contactId: contact.contactId, scope: contact.chatBoxId, authTime, version: 0 };
    storeSession(contact.chatBoxId, toRecord(await issueSessionToken(services.keys.sessionTokens, grant, 24), Date.now()));
    const view = await renewSession(contact.chatBoxId);
    expect(view).toMatchObject({ kind: 'active', final: true, checkAt: Date.now() + 540_000 });
    later(539);
    expect((await renewSession(contact.chatBoxId)).kind).toBe('active');
    expect(server.requests).toEqual(['POST /api/contacts/get']);
    later(1);
    expect(await renewSession(contact.chatBoxId)).toEqual({ kind: 'code', notice: 'session.ended', contactId: contact.contactId });
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });

  it('replaces the session when a link for another contact opens the same chat box key', async () => {
    const first = await getSessionToken(pageScope, await pageCode());
    const other = await pageCode();
    const second = await getSessionToken(pageScope, other);
    expect(second).not.toBe(first);
    expect(JSON.parse(atob(second!.split('.')[1]!)).sub).toBe(other.contactId);
  });

  it('extends once when several callers ask for the token at 3000 s at the same time', async () => {
    await getSessionToken(contact.chatBoxId, withCode());
    later(3000);
    const tokens = await Promise.all([
      getSessionToken(contact.chatBoxId),
      getSessionToken(contact.chatBoxId),
      fetchContact(contact.chatBoxId),
    ]);
    expect(tokens[0]).toBe(tokens[1]);
    expect(server.requests).toEqual(['POST /api/chat/verify', 'POST /api/chat/extend', 'POST /api/contacts/get']);
  });

  it('drops an extend that answers after reset, so leaving stays left', async () => {
    await getSessionToken(contact.chatBoxId, withCode());
    later(3000);
    const extending = getSessionToken(contact.chatBoxId);
    resetSessions();
    expect(await extending).toBeNull();
    expect($contactSessions.get()[contact.chatBoxId]).toBeUndefined();
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });

  it('reset also removes session cookies another tab wrote after this page loaded', async () => {
    Cookies.set(`${sessionCookiePrefix}cb_elsewhere`, `${Date.now() + 3600_000}:x.y.z`, { path: '/' });
    resetSessions();
    expect(cookie('cb_elsewhere')).toBeUndefined();
  });

  async function pageCode() {
    const page = await invited(services, { page: true });
    return { contactId: page.contactId, otp: page.code };
  }

  it('restores sessions from cookies (another tab), and reset forgets sessions, contact and organisation users', async () => {
    const token = await getSessionToken(contact.chatBoxId, withCode());
    $contactSessions.set({});
    reloadSessionsFromCookies();
    expect($contactSessions.get()[contact.chatBoxId]?.token).toBe(token);
    await upsertOrganizationUser(db, { email: 'lee@example.com', role: 'agent', name: 'Lee' });
    await db.query(`update organization_users set uid = 'uid-lee'`);
    expect((await fetchContact(contact.chatBoxId))?.id).toBe(contact.contactId);
    expect((await fetchOrganizationUser(contact.chatBoxId, 'uid-lee'))?.name).toBe('Lee');
    await fetchContact(contact.chatBoxId);
    await fetchOrganizationUser(contact.chatBoxId, 'uid-lee');
    expect(server.requests.filter((r) => r.endsWith('/get'))).toHaveLength(2);
    resetSessions();
    expect($contactSessions.get()).toEqual({ [contact.chatBoxId]: undefined });
    expect($contacts.get()).toEqual({});
    expect($organizationUsers.get()).toEqual({});
    expect(cookie(contact.chatBoxId)).toBeUndefined();
  });
});

describe('a session record', () => {
  const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

  it('counts the token’s lifetime from when it arrived, whatever the server’s clock says', () => {
    const serverTime = Date.parse('2026-01-01T12:00:00Z') / 1000;
    const receivedAt = Date.parse('2026-01-01T12:10:00Z'); // this device runs ten minutes ahead
    const record = toRecord({ jwt: jwt({ iat: serverTime, exp: serverTime + 3600 }), expiresAt: '2026-01-01T13:00:00Z' }, receivedAt);
    expect(record.expiresAt - receivedAt).toBe(3600_000);
  });

  it('is final when the token is shorter than the full hour: the server cut it at the session’s ceiling', () => {
    expect(isFinal(jwt({ iat: 1000, exp: 1000 + 3600 }))).toBe(false);
    expect(isFinal(jwt({ iat: 1000, exp: 1000 + 600 }))).toBe(true);
    expect(isFinal('not-a-jwt')).toBe(false);
  });

  it('falls back to the answer’s expiry when the token has no readable times', () => {
    const record = toRecord({ jwt: 'not-a-jwt', expiresAt: '2026-01-01T13:00:00Z' }, Date.parse('2026-01-01T12:00:00Z'));
    expect(record.expiresAt).toBe(Date.parse('2026-01-01T13:00:00Z'));
  });
});

describe('session cookies', () => {
  it('last one hour, SameSite lax, on the whole site, Secure on https', () => {
    expect(cookieAttributes(sessionCookieDays, 'https:')).toEqual({ expires: 1 / 24, sameSite: 'lax', path: '/', secure: true });
    expect(cookieAttributes(sessionCookieDays, 'http:').secure).toBe(false);
  });
});
