import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { assign, sendMessage } from '../chat/messages.ts';
import { removeStaff } from '../staff/members.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { revokeContact } from '../contacts/revocation.ts';
import { contactCheckCacheMs } from '../contacts/sessionVersions.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';
import type { Services } from '../services.ts';

const verifyBody = (contact: { contactId: string; chatBoxId: string }, otp: string) => ({ ...contact, otp, token: '' });

describe.each(testDatabases)('the contact-session API on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { VERIFY_RATE_LIMIT: '1000' });
    call = apiCaller(services);
  });
  afterAll(() => db.close());
  beforeEach(() => emptyDatabase(db));

  async function sessionFor(scope: 'chatBox' | 'page' = 'chatBox') {
    const contact = await invited(services, scope === 'page' ? { page: true } : {});
    const answer = await call(scope === 'page' ? '/api/verify' : '/api/chat/verify', { body: verifyBody(contact, contact.code) });
    expect(answer.status).toBe(200);
    return { ...contact, jwt: answer.body.data.jwt as string };
  }

  /** A whole second, so a ceiling counted from it is exact. */
  const hoursAgo = (hours: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - hours * 3600_000);

  /** A token of this contact's session whose code was redeemed at authTime, last extended ten minutes ago. */
  async function tokenVerifiedAt(contact: { contactId: string; chatBoxId: string }, authTime: Date, maxHours = 24) {
    const grant = { contactId: contact.contactId, scope: contact.chatBoxId, authTime, version: 0 };
    return (await issueSessionToken(services.keys.sessionTokens, grant, maxHours, new Date(Date.now() - 600_000))).jwt;
  }

  const emailOf = async (contactId: string) =>
    (await db.query<{ email: string }>('select email from contacts where id = $1', [contactId]))[0]!.email;

  describe('POST /api/chat/verify', () => {
    it('answers { data: { jwt, expiresAt } } for the right code, with an ISO 8601 time one hour ahead', async () => {
      const contact = await invited(services);
      const { status, body } = await call('/api/chat/verify', { body: verifyBody(contact, contact.code) });
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.data.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const minutes = (Date.parse(body.data.expiresAt) - Date.now()) / 60000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('gives the same answer for an unknown contact and a wrong, used, expired or dead code', async () => {
      const contact = await invited(services);
      const wrong = contact.code === '00000000' ? '11111111' : '00000000';
      const answers = [];
      answers.push(
        await call('/api/chat/verify', { body: verifyBody({ ...contact, contactId: 'ct_00000000000000000000' }, contact.code) }),
      );
      answers.push(await call('/api/chat/verify', { body: verifyBody(contact, wrong) }));
      await call('/api/chat/verify', { body: verifyBody(contact, contact.code) });
      answers.push(await call('/api/chat/verify', { body: verifyBody(contact, contact.code) }));
      const expired = await invited(services);
      await db.query(`update one_time_codes set expires_at = now() - interval '1 minute' where contact_id = $1`, [expired.contactId]);
      answers.push(await call('/api/chat/verify', { body: verifyBody(expired, expired.code) }));
      const dead = await invited(services);
      const deadWrong = dead.code === '00000000' ? '11111111' : '00000000';
      for (let i = 0; i < 5; i += 1) await call('/api/chat/verify', { body: verifyBody(dead, deadWrong) });
      answers.push(await call('/api/chat/verify', { body: verifyBody(dead, dead.code) }));
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ error: { code: 'code_not_accepted', message: 'The code was not accepted.' } });
      }
    });

    it('answers 400 with one issue per bad field', async () => {
      const { status, body } = await call('/api/chat/verify', { body: { chatBoxId: 'page', contactId: 'bob', otp: '123', token: 5 } });
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_body');
      expect(body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['chatBoxId', 'contactId', 'otp', 'token']);
    });
  });

  describe('POST /api/verify (page session)', () => {
    it('opens a page session with a page code, and refuses a chat box code', async () => {
      const page = await invited(services, { page: true });
      const ok = await call('/api/verify', { body: verifyBody(page, page.code) });
      expect(ok.status).toBe(200);
      const box = await invited(services);
      const refused = await call('/api/verify', { body: { ...verifyBody(box, box.code), chatBoxId: 'page' } });
      expect(refused.status).toBe(401);
    });
  });

  describe('POST /api/chat/extend', () => {
    it('answers { jwt, expiresAt } with a new token of the same scope', async () => {
      const session = await sessionFor();
      const { status, body } = await call('/api/chat/extend', { token: session.jwt, body: { chatBoxId: session.chatBoxId, token: '' } });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'jwt']);
      expect(body.jwt).not.toBe(session.jwt);
      const again = await call('/api/contacts/get', { token: body.jwt, body: { chatBoxId: session.chatBoxId } });
      expect(again.status).toBe(200);
    });

    it('answers 401 without a token, with a bad one and with an expired one', async () => {
      const session = await sessionFor();
      expect((await call('/api/chat/extend', { body: { chatBoxId: session.chatBoxId } })).body.error.code).toBe('unauthorized');
      expect((await call('/api/chat/extend', { token: 'x.y.z', body: { chatBoxId: session.chatBoxId } })).status).toBe(401);
      const anHourAgo = new Date(Date.now() - 3601_000);
      const grant = { contactId: session.contactId, scope: session.chatBoxId, authTime: anHourAgo, version: 0 };
      const old = await issueSessionToken(services.keys.sessionTokens, grant, 24, anHourAgo);
      const expired = await call('/api/chat/extend', { token: old.jwt, body: { chatBoxId: session.chatBoxId } });
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe('token_expired');
    });

    it('refuses the token of a deleted contact within 10 seconds', async () => {
      const session = await sessionFor();
      expect(contactCheckCacheMs).toBe(10_000);
      expect((await call('/api/chat/extend', { token: session.jwt, body: { chatBoxId: session.chatBoxId } })).status).toBe(200);
      await db.query('delete from contacts where id = $1', [session.contactId]);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + contactCheckCacheMs + 1 });
      try {
        const refused = await call('/api/chat/extend', { token: session.jwt, body: { chatBoxId: session.chatBoxId } });
        expect(refused.status).toBe(401);
        expect(refused.body.error.code).toBe('session_ended');
      } finally {
        vi.useRealTimers();
      }
    });

    it('extends a session verified 23 h 30 min ago only up to 24 h after its code was redeemed', async () => {
      const contact = await invited(services);
      const authTime = hoursAgo(23.5);
      const token = await tokenVerifiedAt(contact, authTime);
      const { status, body } = await call('/api/chat/extend', { token, body: { chatBoxId: contact.chatBoxId } });
      expect(status).toBe(200);
      expect(body.expiresAt).toBe(new Date(authTime.getTime() + 24 * 3600_000).toISOString());
    });

    it('refuses a session verified 24 h ago with 401 session_ended, on extend and on every other call', async () => {
      const contact = await invited(services);
      const token = await tokenVerifiedAt(contact, hoursAgo(24));
      for (const path of ['/api/chat/extend', '/api/contacts/get']) {
        const { status, body } = await call(path, { token, body: { chatBoxId: contact.chatBoxId } });
        expect(status, path).toBe(401);
        expect(body).toEqual({ error: { code: 'session_ended', message: 'The session has ended. A new one-time code is needed.' } });
      }
    });

    it('takes the ceiling from SESSION_MAX_HOURS', async () => {
      const shorter = apiCaller(await testServices(db, { SESSION_MAX_HOURS: '2' }));
      const contact = await invited(services);
      const authTime = hoursAgo(1.5);
      const token = await tokenVerifiedAt(contact, authTime, 2);
      const extended = await shorter('/api/chat/extend', { token, body: { chatBoxId: contact.chatBoxId } });
      expect(extended.body.expiresAt).toBe(new Date(authTime.getTime() + 2 * 3600_000).toISOString());
      // The same token under the default 24 hours gets a full hour.
      const full = await call('/api/chat/extend', { token, body: { chatBoxId: contact.chatBoxId } });
      expect(Date.parse(full.body.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
      const late = await tokenVerifiedAt(contact, hoursAgo(2.1), 24);
      expect((await shorter('/api/chat/extend', { token: late, body: { chatBoxId: contact.chatBoxId } })).body.error.code).toBe(
        'session_ended',
      );
    });
  });

  describe('revoking a contact', () => {
    it('ends its open sessions at once: extend and contacts/get answer 401 session_ended', async () => {
      const session = await sessionFor();
      const page = await sessionFor('page');
      expect((await call('/api/contacts/get', { token: session.jwt, body: { chatBoxId: session.chatBoxId } })).status).toBe(200);
      await revokeContact(services, await emailOf(session.contactId));
      for (const path of ['/api/chat/extend', '/api/contacts/get', '/api/organizationUsers/get']) {
        const refused = await call(path, { token: session.jwt, body: { chatBoxId: session.chatBoxId, uid: 'uid-lee' } });
        expect(refused.status, path).toBe(401);
        expect(refused.body.error.code, path).toBe('session_ended');
      }
      // Another contact's session goes on.
      expect((await call('/api/contacts/get', { token: page.jwt, body: { chatBoxId: 'page' } })).status).toBe(200);
    });

    it('leaves its codes unusable, and a new invitation lets the contact back in', async () => {
      const contact = await invited(services);
      await revokeContact(services, await emailOf(contact.contactId));
      const refused = await call('/api/chat/verify', { body: verifyBody(contact, contact.code) });
      expect(refused.body.error.code).toBe('code_not_accepted');
      const again = await invited(services, { email: await emailOf(contact.contactId), chatBoxId: contact.chatBoxId });
      const verified = await call('/api/chat/verify', { body: verifyBody(again, again.code) });
      expect(verified.status).toBe(200);
      const get = await call('/api/contacts/get', { token: verified.body.data.jwt, body: { chatBoxId: contact.chatBoxId } });
      expect(get.status).toBe(200);
    });
  });

  describe('token scope', () => {
    it("refuses chat box A's token on chat box B (403)", async () => {
      const a = await sessionFor();
      const b = await invited(services);
      for (const path of ['/api/chat/extend', '/api/contacts/get']) {
        const answer = await call(path, { token: a.jwt, body: { chatBoxId: b.chatBoxId } });
        expect(answer.status, path).toBe(403);
        expect(answer.body.error.code).toBe('out_of_scope');
      }
      expect((await call('/api/contacts/get', { token: a.jwt, body: { chatBoxId: 'page' } })).status).toBe(403);
    });

    it("accepts a page token on its contact's chat boxes and refuses it alike on others' and unknown ones", async () => {
      const page = await sessionFor('page');
      const own = await invited(services, {
        email: (await db.query<{ email: string }>('select email from contacts where id = $1', [page.contactId]))[0]!.email,
      });
      expect((await call('/api/contacts/get', { token: page.jwt, body: { chatBoxId: own.chatBoxId } })).status).toBe(200);
      expect((await call('/api/contacts/get', { token: page.jwt, body: { chatBoxId: 'page' } })).status).toBe(200);
      const stranger = await invited(services);
      expect((await call('/api/contacts/get', { token: page.jwt, body: { chatBoxId: stranger.chatBoxId } })).status).toBe(403);
      const unknown = await call('/api/contacts/get', { token: page.jwt, body: { chatBoxId: 'cb_00000000000000000000' } });
      expect(unknown.status).toBe(403);
      expect(unknown.body.error.code).toBe('out_of_scope');
    });
  });

  describe('POST /api/contacts/get and /api/organizationUsers/get', () => {
    it('answer { contact } with the session contact', async () => {
      const session = await sessionFor();
      const { status, body } = await call('/api/contacts/get', { token: session.jwt, body: { chatBoxId: session.chatBoxId } });
      expect(status).toBe(200);
      expect(body).toEqual({ contact: { id: session.contactId, email: expect.stringContaining('@example.com'), name: '', lang: 'en' } });
    });

    it('answer { organizationUser } by uid, without the e-mail, or 404', async () => {
      const session = await sessionFor();
      await upsertOrganizationUser(db, { email: 'lee@example.com', role: 'agent', name: 'Lee' });
      await db.query(`update organization_users set uid = 'uid-lee', avatar_url = 'https://example.com/lee.png'`);
      const { status, body } = await call('/api/organizationUsers/get', {
        token: session.jwt,
        body: { chatBoxId: session.chatBoxId, uid: 'uid-lee' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ organizationUser: { uid: 'uid-lee', name: 'Lee', avatarUrl: 'https://example.com/lee.png' } });
      const missing = await call('/api/organizationUsers/get', {
        token: session.jwt,
        body: { chatBoxId: session.chatBoxId, uid: 'nobody' },
      });
      expect(missing.status).toBe(404);
      for (const bad of ['a\u0000b', '\ud800', 'tab\there', 'x'.repeat(129)]) {
        const refused = await call('/api/organizationUsers/get', { token: session.jwt, body: { chatBoxId: session.chatBoxId, uid: bad } });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
      }
    });
  });

  describe('POST /api/organizationUsers/team', () => {
    it('names who answers: the assignee, who wrote here (latest first, notes not counted), then who answers contacts elsewhere', async () => {
      const session = await sessionFor();
      const staff = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];
      for (const name of staff) {
        await upsertOrganizationUser(db, { email: `${name.toLowerCase()}@example.com`, role: 'agent', name });
        // Flo never signed in: no uid, not shown.
        if (name !== 'Flo') await db.query(`update organization_users set uid = $1 where name = $1`, [name]);
      }
      const team = async (jwt = session.jwt) => {
        const { status, body } = await call('/api/organizationUsers/team', { token: jwt, body: { chatBoxId: session.chatBoxId } });
        expect(status).toBe(200);
        return {
          names: (body.team as { name: string }[]).map((member) => member.name),
          emailsReplies: body.emailsReplies,
          answered: body.answered,
        };
      };
      const write = (uid: string, chatBoxId: string, internal = false) =>
        sendMessage(services, chatBoxId, { sender: { kind: 'staff', id: uid }, clientId: crypto.randomUUID(), text: 'Hello', internal });
      // Nobody answers contacts yet: nobody is shown (not the organisation's owner, say). No mail is set up here, so
      // no reply is promised by e-mail (invitationMail.test.ts has the other side).
      expect(await team()).toEqual({ names: [], emailsReplies: false, answered: false });
      // Ada answers another contact: she is one who answers.
      const elsewhere = await sessionFor();
      await write('Ada', elsewhere.chatBoxId);
      expect(await team()).toEqual({ names: ['Ada'], emailsReplies: false, answered: false });
      // A note is no answer; a message is.
      await write('Cy', session.chatBoxId, true);
      expect((await team()).answered).toBe(false);
      await write('Cy', session.chatBoxId);
      expect((await team()).answered).toBe(true);
      await write('Di', session.chatBoxId);
      await write('Ed', session.chatBoxId, true);
      expect((await team()).names).toEqual(['Di', 'Cy', 'Ada']);
      await assign(services, session.chatBoxId, 'ed@example.com', 'Ada');
      expect((await team()).names).toEqual(['Ed', 'Di', 'Cy']);
      // A removed member answers no more.
      await removeStaff(services, 'di@example.com');
      expect((await team()).names).toEqual(['Ed', 'Cy', 'Ada']);
      // Only this chat box's contact (or staff) may ask.
      const refused = await call('/api/organizationUsers/team', { token: elsewhere.jwt, body: { chatBoxId: session.chatBoxId } });
      expect(refused.status).toBe(403);
    });
  });

  describe('the edges of every endpoint', () => {
    const paths = [
      '/api/chat/verify',
      '/api/verify',
      '/api/chat/extend',
      '/api/organizationUsers/get',
      '/api/organizationUsers/team',
      '/api/contacts/get',
    ];

    it.each(paths)('%s: 405 with Allow for GET, 415 for text, 400 for bad JSON, 413 over 64 KB', async (path) => {
      const get = await call(path, { method: 'GET' });
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect((await call(path, { contentType: 'text/plain', raw: '{}' })).status).toBe(415);
      expect((await call(path, { raw: '{"a":' })).body.error.code).toBe('invalid_json');
      const huge = await call(path, { raw: JSON.stringify({ chatBoxId: 'x'.repeat(70 * 1024) }) });
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('payload_too_large');
    });

    it('answers 404 in JSON for an unknown endpoint', async () => {
      const { status, body } = await call('/api/nothing/here', { body: {} });
      expect(status).toBe(404);
      expect(body.error.code).toBe('not_found');
    });
  });
});

describe.each(testDatabases)('limits and the bot check on $name', ({ open }) => {
  let db: Database;
  beforeAll(async () => (db = await open()));
  afterAll(() => db.close());
  beforeEach(() => emptyDatabase(db));

  it('rate-limits verify per client address with 429 and Retry-After', async () => {
    const services = await testServices(db, { VERIFY_RATE_LIMIT: '3', VERIFY_RATE_WINDOW_SECONDS: '120' });
    const call = apiCaller(services);
    const contact = await invited(services);
    const wrong = { ...contact, otp: contact.code === '00000000' ? '11111111' : '00000000', token: '' };
    for (let i = 0; i < 3; i += 1) expect((await call('/api/chat/verify', { body: wrong, address: '198.51.100.7' })).status).toBe(401);
    const limited = await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: '' }, address: '198.51.100.7' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Another address is not affected, and the code itself was not used up by the refused try.
    expect((await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: '' }, address: '198.51.100.8' })).status).toBe(
      200,
    );
  });

  it('counts every IPv6 address of one /64 as one client, so rotating addresses gains nothing', async () => {
    const services = await testServices(db, { VERIFY_RATE_LIMIT: '2', VERIFY_RATE_WINDOW_SECONDS: '120' });
    const call = apiCaller(services);
    const contact = await invited(services);
    const wrong = { ...contact, otp: contact.code === '00000000' ? '11111111' : '00000000', token: '' };
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6:aaaa::2']) {
      expect((await call('/api/chat/verify', { body: wrong, address })).status).toBe(401);
    }
    const rotated = await call('/api/chat/verify', { body: wrong, address: '2001:db8:5:6:ffff:1:2:3' });
    expect(rotated.status).toBe(429);
    // The next /64 is someone else.
    expect(
      (await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: '' }, address: '2001:db8:5:7::1' })).status,
    ).toBe(200);
  });

  describe('with a reCAPTCHA secret, against a fake verification service on loopback', () => {
    let server: Server;
    let verdict: Record<string, unknown>;
    let seen: URLSearchParams[];
    let url: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          seen.push(new URLSearchParams(body));
          const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(verdict));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => (seen = []));

    const setup = async (env: Record<string, string> = {}) => {
      const services = await testServices(db, { RECAPTCHA_SECRET: 'shh', RECAPTCHA_VERIFY_URL: url, ...env });
      return { services, call: apiCaller(services) };
    };

    it('lets a good token through and sends secret, token and address', async () => {
      verdict = { success: true, score: 0.9, action: 'login' };
      const { services, call } = await setup();
      const contact = await invited(services);
      const answer = await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: 'browser-token' } });
      expect(answer.status).toBe(200);
      expect(Object.fromEntries(seen[0]!)).toEqual({ secret: 'shh', response: 'browser-token', remoteip: '192.0.2.1' });
    });

    it.each([
      ['a low score', { success: true, score: 0.3, action: 'login' }],
      ['another action', { success: true, score: 0.9, action: 'signup' }],
      ['a failed check', { success: false }],
      ['a token solved on another site', { success: true, score: 0.9, action: 'login', hostname: 'evil.example' }],
    ])('refuses %s with 403', async (_, answer) => {
      verdict = answer;
      const { services, call } = await setup();
      const contact = await invited(services);
      const refused = await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: 'browser-token' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('bot_check_failed');
    });

    it('accepts a token solved on this site’s own host', async () => {
      const { services: mine, call } = await setup();
      verdict = { success: true, score: 0.9, action: 'login', hostname: new URL(mine.config.SITE_URL).hostname };
      const contact = await invited(mine);
      expect((await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: 't' } })).status).toBe(200);
    });

    it('answers 503 when the verification service answers with an error page', async () => {
      const { services: mine } = await setup({ RECAPTCHA_VERIFY_URL: `${url}?status=500` });
      verdict = { success: true, score: 0.9, action: 'login' };
      const contact = await invited(mine);
      expect((await apiCaller(mine)('/api/chat/verify', { body: { ...contact, otp: contact.code, token: 't' } })).status).toBe(503);
    });

    it('honours the configured minimum score', async () => {
      verdict = { success: true, score: 0.3, action: 'login' };
      const { services, call } = await setup({ RECAPTCHA_MIN_SCORE: '0.2' });
      const contact = await invited(services);
      expect((await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: 't' } })).status).toBe(200);
    });

    it('refuses a missing token without asking, and answers 503 when the service is down', async () => {
      const { services, call } = await setup();
      const contact = await invited(services);
      expect((await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: '' } })).status).toBe(403);
      expect(seen).toHaveLength(0);
      const down = apiCaller(await testServices(db, { RECAPTCHA_SECRET: 'shh', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' }));
      const unavailable = await down('/api/chat/verify', { body: { ...contact, otp: contact.code, token: 't' } });
      expect(unavailable.status).toBe(503);
    });
  });
});
