import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendMessage } from '../chat/messages.ts';
import type { Database } from '../db/database.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { serverTranslator } from '../mail/messages.ts';
import { closeServices, type Services } from '../services.ts';
import { signedInStaff, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

describe.each(testDatabases)('transcripts and the organisation settings on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SMTP_URL: catcher.url,
      MAIL_FROM: 'Help <help@example.com>',
    });
    call = apiCaller(services);
  });
  afterAll(() => closeServices(services));
  beforeEach(() => emptyDatabase(db));
  afterEach(() => void catcher.mails.splice(0));

  async function delivered() {
    await services.mail!.startWorker().drain();
    return catcher.mails.splice(0);
  }
  const staff = (role: 'admin' | 'agent', name: string) => signedInStaff(db, emulator.host, role, name);
  const contact = (lang: Lang = 'en', name = 'Ana') => contactWithSession(services, { lang, name });
  const post = (path: string, token: string, body: object = {}) => call(path, { token, body });

  it('sends the contact a copy when they ask: their language, no internal note, once per last message, at most 3 an hour', async () => {
    const lee = await staff('agent', 'Lee');
    const ana = await contact('ar', 'سارة');
    const say = (sender: { kind: 'contact' | 'staff'; id: string }, text: string, internal = false) =>
      sendMessage(services, ana.chatBoxId, { sender, clientId: randomUUID(), text, internal });
    await say({ kind: 'contact', id: ana.contactId }, 'My <b>invoice</b> is wrong');
    await say({ kind: 'staff', id: lee.uid }, 'Internal: check her plan', true);
    await say({ kind: 'staff', id: lee.uid }, 'Fixed it, sorry!');

    expect((await post('/api/chat/transcript', ana.token, { chatBoxId: ana.chatBoxId })).body).toEqual({ ok: true });
    const [mail, ...more] = await delivered();
    expect(more).toEqual([]);
    const ar = serverTranslator('ar');
    expect(mail!.to).toBe(ana.email);
    expect(mail!.subject).toBe(ar('mail.transcript.subject', { organisation: ar('site.name') }));
    expect(mail!.text).toContain('> My <b>invoice</b> is wrong');
    expect(mail!.text).toContain('> Fixed it, sorry!');
    expect(mail!.text.indexOf('invoice')).toBeLessThan(mail!.text.indexOf('Fixed it'));
    expect(mail!.text).toContain('Lee');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain('My &lt;b&gt;invoice&lt;/b&gt; is wrong');
    for (const part of [mail!.text, mail!.html]) expect(part).not.toContain('Internal');
    // The link back carries no code: a forwarded copy lets nobody in.
    expect(mail!.text).toContain(`https://help.example.com/ar/chat/${ana.chatBoxId}\n`);
    expect(mail!.text).not.toContain('cs_otp');
    // Asked for: a reply to a request, not a mailing to leave.
    expect(mail!.rawHeader('list-unsubscribe')).toBeUndefined();

    // Asked again with nothing new: no second copy; something new: a new one; a fourth ask within the hour: 429.
    expect((await post('/api/chat/transcript', ana.token, { chatBoxId: ana.chatBoxId })).body).toEqual({ ok: true });
    expect(await delivered()).toEqual([]);
    await say({ kind: 'contact', id: ana.contactId }, 'Thanks!');
    await post('/api/chat/transcript', ana.token, { chatBoxId: ana.chatBoxId });
    expect((await delivered()).map((sent) => sent.text.includes('> Thanks!'))).toEqual([true]);
    const refused = await post('/api/chat/transcript', ana.token, { chatBoxId: ana.chatBoxId });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers only the chat box’s own contact, and 404 when this server sends no e-mail', async () => {
    const ana = await contact();
    const bo = await contact('en', 'Bo');
    expect((await post('/api/chat/transcript', bo.token, { chatBoxId: ana.chatBoxId })).body.error.code).toBe('out_of_scope');
    const lee = await staff('agent', 'Lee');
    expect((await post('/api/chat/transcript', lee.idToken, { chatBoxId: ana.chatBoxId })).status).toBe(401);
    expect((await post('/api/chat/transcript', ana.token, { chatBoxId: 'cb_x' })).status).toBe(400);
    // Services of their own on the same database (not closed: that would close the database the others share).
    const noMail = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
    const answer = await apiCaller(noMail)('/api/chat/transcript', { token: ana.token, body: { chatBoxId: ana.chatBoxId } });
    expect(answer.status).toBe(404);
  });

  it('sends a copy on resolving when an admin turned it on, with the way to stop it, never to a contact who did', async () => {
    const admin = await staff('admin', 'Dana');
    const agent = await staff('agent', 'Lee');
    expect((await post('/api/settings/get', agent.idToken)).body).toEqual({
      settings: { transcriptOnResolve: false, askForRating: true, officeHours: null, publicChat: 'email' },
    });
    expect((await post('/api/settings/update', agent.idToken, { transcriptOnResolve: true })).status).toBe(403);
    for (const odd of [{}, { transcriptOnResolve: 'yes' }, { somethingElse: true }]) {
      expect((await post('/api/settings/update', admin.idToken, odd)).status).toBe(400);
    }

    const ana = await contact('de');
    await sendMessage(services, ana.chatBoxId, { sender: { kind: 'contact', id: ana.contactId }, clientId: randomUUID(), text: 'Hallo?' });
    // Off by default: resolving sends nothing.
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect(await delivered()).toEqual([]);

    expect((await post('/api/settings/update', admin.idToken, { transcriptOnResolve: true })).body).toEqual({
      settings: { transcriptOnResolve: true, askForRating: true, officeHours: null, publicChat: 'email' },
    });
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'open' });
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    // Resolved again (the same status): no second copy.
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    const [mail, ...more] = await delivered();
    expect(more).toEqual([]);
    const de = serverTranslator('de');
    expect(mail!.text).toContain(de('mail.transcript.introResolved', { organisation: de('site.name') }));
    expect(mail!.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Reopened and resolved again with nothing new: the same copy, not sent twice. A bulk resolve sends one too.
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'open' });
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    const bo = await contact('en', 'Bo');
    await sendMessage(services, bo.chatBoxId, { sender: { kind: 'contact', id: bo.contactId }, clientId: randomUUID(), text: 'Hi' });
    await post('/api/inbox/bulk', agent.idToken, { chatBoxIds: [bo.chatBoxId], action: { type: 'status', status: 'resolved' } });
    expect((await delivered()).map((sent) => sent.to)).toEqual([bo.email]);

    // A contact who turned e-mails off gets none (they can still ask for one).
    const kim = await contact('en', 'Kim');
    await sendMessage(services, kim.chatBoxId, { sender: { kind: 'contact', id: kim.contactId }, clientId: randomUUID(), text: 'Hi' });
    await db.query(`update contacts set missed_mail_off_at = now() where id = $1`, [kim.contactId]);
    await post('/api/chat/status', agent.idToken, { chatBoxId: kim.chatBoxId, status: 'resolved' });
    expect(await delivered()).toEqual([]);
    await post('/api/chat/transcript', kim.token, { chatBoxId: kim.chatBoxId });
    expect((await delivered()).map((sent) => sent.to)).toEqual([kim.email]);
  });
});
