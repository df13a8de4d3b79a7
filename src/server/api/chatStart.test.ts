/**
 * A conversation any visitor can start: the code by e-mail, the conversation opened by it exactly once with the first
 * message in it, the same answer for every address, and the limits, the blocked list and PUBLIC_CHAT.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatStartLimits } from '../../lib/api/chatStart.ts';
import type { Database } from '../db/database.ts';
import { revokeContact } from '../contacts/revocation.ts';
import { serverTranslator } from '../mail/messages.ts';
import { closeServices, type Services } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { builtSite } from '../../../tests/server/builtSite.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

describe.each(testDatabases)('conversations visitors start, on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  const mailEnv = () => ({
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    SMTP_URL: catcher.url,
    MAIL_FROM: 'Help <help@example.com>',
    FOYER_OUT_DIR: builtSite(),
  });
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, mailEnv());
    call = apiCaller(services);
  });
  afterAll(() => closeServices(services));
  // Mails are forgotten before each test, not after: a worker may still deliver the last test's mail while it stops.
  beforeEach(async () => {
    await emptyDatabase(db);
    catcher.mails.splice(0);
  });

  const start = (body: Record<string, unknown> = {}, address = '198.51.100.7', caller = call) =>
    caller('/api/chat/start', {
      address,
      body: { lang: 'en', name: 'Ana', email: 'ana@example.com', text: 'Where is my parcel?', clientId: randomUUID(), token: '', ...body },
    });
  const verify = (startId: string, otp: string, address = '198.51.100.7') =>
    call('/api/chat/start/verify', { address, body: { startId, otp, token: '' } });
  /** The e-mails sent so far, and the code and link of the last. */
  async function sent() {
    await services.mail!.startWorker().drain();
    const last = catcher.mails.at(-1);
    const code = last?.text.match(/^\d{8}$/m)?.[0];
    const link = last && new URL(last.text.match(/https:\/\/\S+/)![0]);
    return { mails: catcher.mails, code, link };
  }
  /** Services made beside the suite's, on its database: stopped, leaving the database open. */
  async function stopBeside(other: Services) {
    await other.chat.close();
    await other.mail?.stop();
    await other.presence.stop();
  }
  async function staffToken(role: 'admin' | 'agent' = 'agent') {
    const email = `staff-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email, role, name: 'Lee' });
    return (await signedInUser(emulator.host, email, { name: 'Lee' })).idToken;
  }

  it('e-mails a code in the visitor’s language; the code opens a new conversation with the message in it, once', async () => {
    const clientId = randomUUID();
    // Read in the widget before writing: one article the help centre has, one it does not (never shown).
    const articles = ['basics/first-steps', 'basics/no-such-article'];
    const started = await start({ lang: 'ar', name: 'Rana', email: 'Rana@Example.com', text: 'أين طردي؟', clientId, articles });
    expect(started.status).toBe(200);
    expect(started.body.startId).toMatch(/^st_/);
    // Nothing exists before the code: no contact, no chat box.
    expect(await db.query('select id from contacts')).toEqual([]);

    const { mails, code, link } = await sent();
    expect(mails).toHaveLength(1);
    const ar = serverTranslator('ar');
    expect(mails[0]!.to.toLowerCase()).toBe('rana@example.com');
    expect(mails[0]!.subject).toBe(ar('mail.chatStart.subject', { organisation: ar('site.name') }));
    expect(mails[0]!.html).toMatch(/<html lang="ar" dir="rtl">/);
    // Neither the message nor the name the visitor typed is in the organisation's e-mail.
    expect(mails[0]!.text).not.toContain('طردي');
    expect(mails[0]!.text).not.toContain('Rana');
    expect(code).toMatch(/^\d{8}$/);
    expect(link!.pathname).toBe('/ar/chat');
    expect([link!.searchParams.get('cs_start'), link!.searchParams.get('cs_otp')]).toEqual([started.body.startId, code]);

    const opened = await verify(started.body.startId, code!);
    expect(opened.status).toBe(200);
    const { chatBoxId, contactId, data } = opened.body;
    const list = await call('/api/chat/messages/list', { token: data.jwt, body: { chatBoxId } });
    expect(list.body.messages.map((m: { text: string; clientId: string }) => [m.text, m.clientId])).toEqual([['أين طردي؟', clientId]]);
    expect(await db.query('select name, lang from contacts where id = $1', [contactId])).toEqual([{ name: 'Rana', lang: 'ar' }]);

    // Staff see it as new: waiting for an answer, nobody assigned.
    const staff = await staffToken();
    const inbox = await call('/api/inbox/list', { token: staff, body: {} });
    expect(inbox.body.chatBoxes).toHaveLength(1);
    expect(inbox.body.chatBoxes[0]).toMatchObject({ id: chatBoxId, status: 'open', waiting: true, assignee: null, unread: 1 });
    // Staff's history says what the visitor read first, by the titles in the visitor's language; the contact's does not.
    const staffView = await call('/api/chat/messages/list', { token: staff, body: { chatBoxId } });
    expect(staffView.body.activity).toEqual([
      expect.objectContaining({ type: 'articles', by: null, articles: [{ article: 'basics/first-steps', title: 'الخطوات الأولى' }] }),
    ]);
    expect(list.body.activity ?? []).toEqual([]);

    // The answer lost and the code sent again: the same conversation, no second one, no second message.
    const again = await verify(started.body.startId, code!);
    expect([again.status, again.body.chatBoxId]).toEqual([200, chatBoxId]);
    expect(await db.query<{ n: number }>('select count(*)::integer as n from messages')).toEqual([{ n: 1 }]);
    expect(await db.query<{ n: number }>('select count(*)::integer as n from chat_boxes')).toEqual([{ n: 1 }]);
  });

  it('joins a known address to its contact, answering as for any address and showing nothing of theirs before the code', async () => {
    const first = await start({ email: 'mia@example.com', text: 'First question' });
    const { code } = await sent();
    const earlier = (await verify(first.body.startId, code!)).body;

    const known = await start({ email: 'MIA@example.com', name: 'Not Mia', text: 'Second question' }, '198.51.100.8');
    const unknown = await start({ email: 'nobody@example.com', text: 'Hello' }, '198.51.100.9');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
    expect(JSON.stringify(known.body)).not.toMatch(/mia|ct_|cb_/i);

    const mail = (await sent()).mails.find((m) => m.to.toLowerCase() === 'mia@example.com' && m !== catcher.mails[0])!;
    const second = await verify(known.body.startId, mail.text.match(/^\d{8}$/m)![0], '198.51.100.8');
    expect(second.status).toBe(200);
    expect(second.body.contactId).toBe(earlier.contactId);
    expect(second.body.chatBoxId).not.toBe(earlier.chatBoxId);
    // One contact per address; the name they had stays.
    expect(await db.query('select name from contacts')).toEqual([{ name: 'Ana' }]);
    // The new session is for the new conversation only.
    const other = await call('/api/chat/messages/list', { token: second.body.data.jwt, body: { chatBoxId: earlier.chatBoxId } });
    expect(other.status).toBe(403);
  });

  it('kills a start after five wrong codes, and refuses an unknown or expired one alike', async () => {
    const started = await start();
    const { code } = await sent();
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i += 1) {
      const refused = await verify(started.body.startId, wrong, `198.51.100.${20 + i}`);
      expect([refused.status, refused.body.error.code]).toEqual([401, 'code_not_accepted']);
    }
    const late = await verify(started.body.startId, code!, '198.51.100.30');
    expect([late.status, late.body.error.code]).toEqual([401, 'code_not_accepted']);
    expect((await verify(`st_${'x'.repeat(20)}`, code!, '198.51.100.31')).body.error.code).toBe('code_not_accepted');

    const expiring = await start({}, '198.51.100.32');
    const { code: expiringCode } = await sent();
    await db.query(`update chat_starts set expires_at = now() - interval '1 second' where id = $1`, [expiring.body.startId]);
    expect((await verify(expiring.body.startId, expiringCode!, '198.51.100.33')).body.error.code).toBe('code_not_accepted');
    expect(await db.query('select id from chat_boxes')).toEqual([]);
  });

  it('sends a blocked address or domain, or a revoked contact, nothing, and answers them as anyone else', async () => {
    const admin = await staffToken('admin');
    const agent = await staffToken('agent');
    expect((await call('/api/blockedAddresses/add', { token: agent, body: { entry: 'spam.example' } })).status).toBe(403);
    expect((await call('/api/blockedAddresses/add', { token: admin, body: { entry: 'not an address' } })).status).toBe(400);
    await call('/api/blockedAddresses/add', { token: admin, body: { entry: '@Spam.example' } });
    const listed = await call('/api/blockedAddresses/add', { token: admin, body: { entry: 'Pest@Example.com' } });
    expect(listed.body.blocked.map((b: { entry: string }) => b.entry)).toEqual(['pest@example.com', 'spam.example']);

    const invited = await start({ email: 'rev@example.com' }, '198.51.100.40');
    await verify(invited.body.startId, (await sent()).code!, '198.51.100.40');
    await revokeContact(services, 'rev@example.com');
    catcher.mails.splice(0);

    const answers = await Promise.all(
      ['someone@spam.example', 'pest@example.com', 'rev@example.com'].map((email, i) => start({ email }, `198.51.100.${41 + i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await sent()).mails).toEqual([]);

    const removed = await call('/api/blockedAddresses/remove', { token: admin, body: { entry: 'pest@example.com' } });
    expect(removed.body.blocked.map((b: { entry: string }) => b.entry)).toEqual(['spam.example']);
    await start({ email: 'pest@example.com' }, '198.51.100.45');
    expect((await sent()).mails.map((m) => m.to)).toEqual(['pest@example.com']);
  });

  it('sends one client at most its allowed e-mails in 1,000 attempts, and one address at most 5 an hour', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const answer = await start({ email: `visitor-${i}@example.com` }, '203.0.113.5');
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: chatStartLimits.perClient.max, 429: 1000 - chatStartLimits.perClient.max });
    expect((await sent()).mails).toHaveLength(chatStartLimits.perClient.max);

    catcher.mails.splice(0);
    const toOne = [];
    for (let i = 0; i < 7; i += 1) toOne.push((await start({ email: 'flood@example.com' }, `198.51.100.${100 + i}`)).status);
    expect(toOne).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await sent()).mails).toHaveLength(chatStartLimits.perAddress.max);
  });

  it('is off where PUBLIC_CHAT says so until an admin turns it on, and always without e-mail', async () => {
    const off = await testServices(db, { ...mailEnv(), PUBLIC_CHAT: 'off' });
    const offCall = apiCaller(off);
    try {
      expect((await offCall('/api/chat/home?lang=en', { method: 'GET' })).body.startAvailable).toBe(false);
      const refused = await start({}, '198.51.100.50', offCall);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'public_chat_off']);
      const admin = await staffToken('admin');
      expect((await offCall('/api/settings/get', { token: admin })).body.settings.publicChat).toBe('off');
      await offCall('/api/settings/update', { token: admin, body: { publicChat: 'email' } });
      expect((await offCall('/api/chat/home?lang=en', { method: 'GET' })).body.startAvailable).toBe(true);
      expect((await start({}, '198.51.100.51', offCall)).status).toBe(200);
    } finally {
      await stopBeside(off);
    }

    const noMail = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, PUBLIC_CHAT: 'email' });
    try {
      expect((await apiCaller(noMail)('/api/chat/home?lang=en', { method: 'GET' })).body.startAvailable).toBe(false);
    } finally {
      await stopBeside(noMail);
    }
  });

  it('forgets a visitor’s unopened starts when their contact is erased', async () => {
    const opened = await start({ email: 'eve@example.com' });
    await verify(opened.body.startId, (await sent()).code!);
    await start({ email: 'eve@example.com', text: 'Never opened' }, '198.51.100.60');
    const admin = await staffToken('admin');
    const [contact] = await db.query<{ id: string }>('select id from contacts');
    const erased = await call('/api/contacts/erase', { token: admin, body: { contactId: contact!.id, confirmEmail: 'eve@example.com' } });
    expect(erased.status).toBe(200);
    expect(await db.query('select id from chat_starts')).toEqual([]);
    await sent();
  });
});
