import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assign, markRead, sendMessage } from '../chat/messages.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { migrate } from '../db/migrate.ts';
import { closeServices, type Services } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';
import { serverTranslator } from './messages.ts';
import { scanMissedMessages } from './missedMessages.ts';

const emulator = useAuthEmulator();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const mailEnv = () => ({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host, SMTP_URL: catcher.url, MAIL_FROM: 'Help <help@example.com>' });

describe.each(testDatabases)('missed-message e-mails on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, mailEnv());
    call = apiCaller(services);
    server = await startApiServer(services);
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });
  beforeEach(() => emptyDatabase(db));
  afterEach(() => void catcher.mails.splice(0));

  /** What the SMTP server has received once the outbox is sent. */
  async function delivered() {
    await services.mail!.startWorker().drain();
    return catcher.mails.splice(0);
  }

  async function staffMember(name: string, uid = `uid-${randomUUID()}`) {
    const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
    await upsertOrganizationUser(db, { email, role: 'agent', name });
    await db.query(`update organization_users set uid = $2 where email = $1`, [email, uid]);
    return { email, uid, participant: { kind: 'staff' as const, id: uid } };
  }

  const say = (chatBoxId: string, sender: { kind: 'contact' | 'staff'; id: string }, text: string, internal = false) =>
    sendMessage(services, chatBoxId, { sender, clientId: randomUUID(), text, internal });

  it('a staff reply left unread sends the contact one e-mail, in their language, with a link that opens the conversation', async () => {
    const lee = await staffMember('Lee');
    const ana = await invited(services, { email: 'ana@example.com', name: 'Ana', lang: 'de' });
    const verify = (otp: string | null) =>
      call('/api/chat/verify', { body: { chatBoxId: ana.chatBoxId, contactId: ana.contactId, otp, token: 'test-token' } });
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'Hallo?');
    await say(ana.chatBoxId, lee.participant, 'Internal: check her plan', true);
    await say(ana.chatBoxId, lee.participant, 'Hi Ana, <b>yes</b>:\nsee example.com');

    // Not yet: the window (5 minutes) has not passed.
    expect(await scanMissedMessages(services)).toBe(0);
    expect(await scanMissedMessages(services, minutes(6))).toBe(1);
    const [mail, ...more] = await delivered();
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe('ana@example.com');
    const de = serverTranslator('de');
    expect(mail!.subject).toBe(de('mail.missed.subject', { organisation: de('site.name') }));
    expect(mail!.subject).not.toContain('yes');
    expect(mail!.text).toContain('> Hi Ana, <b>yes</b>:');
    expect(mail!.text).toContain('Lee');
    // Never an internal note, never the contact's own message.
    expect(mail!.text).not.toContain('Internal');
    expect(mail!.html).not.toContain('Internal');
    expect(mail!.text).not.toContain('Hallo?');
    // Escaped, and text that was no link does not become one.
    expect(mail!.html).toContain('Hi Ana, &lt;b&gt;yes&lt;/b&gt;');
    expect(mail!.html).not.toMatch(/href="[^"]*example\.com"/);
    expect(mail!.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.rawHeader('list-unsubscribe')).toMatch(/^<https:\/\/help\.example\.com\/api\/mail\/unsubscribe\?token=/);

    // The link carries a fresh code that opens this conversation.
    const link = new URL(mail!.text.match(/https:\/\/help\.example\.com\/de\/chat\/\S+/)![0]);
    expect(link.pathname).toBe(`/de/chat/${ana.chatBoxId}`);
    expect((await verify(link.searchParams.get('cs_otp'))).status).toBe(200);
    // The invitation's own link, sent to the same address and not used yet, still works too.
    expect((await verify(ana.code)).status).toBe(200);

    // Exactly one: later scans, a new reply within the hour, send nothing more.
    expect(await scanMissedMessages(services, minutes(7))).toBe(0);
    const again = await say(ana.chatBoxId, lee.participant, 'Are you there?');
    expect(await scanMissedMessages(services, minutes(30))).toBe(0);
    // After the hour, the new reply is told about, with the earlier one that is still unread.
    expect(await scanMissedMessages(services, minutes(67))).toBe(1);
    const [second] = await delivered();
    expect(second!.text).toContain('> Are you there?');
    expect(second!.text.indexOf('> Hi Ana')).toBeLessThan(second!.text.indexOf('> Are you there?'));
    // Read now: nothing more, however long it stays.
    await markRead(services, ana.chatBoxId, { kind: 'contact', id: ana.contactId }, again.id);
    const thanks = await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'Thanks');
    await markRead(services, ana.chatBoxId, lee.participant, thanks.id);
    expect(await scanMissedMessages(services, minutes(200))).toBe(0);
  });

  it('sends nothing once the contact has read the reply, or answered it', async () => {
    const lee = await staffMember('Lee');
    const ana = await invited(services);
    const reply = await say(ana.chatBoxId, lee.participant, 'Hello');
    await markRead(services, ana.chatBoxId, { kind: 'contact', id: ana.contactId }, reply.id);
    const kim = await invited(services);
    await say(kim.chatBoxId, lee.participant, 'Hello');
    await say(kim.chatBoxId, { kind: 'contact', id: kim.contactId }, 'Thanks!');
    // Kim's answer is unread by the staff: that side is told; Kim is not.
    expect(await scanMissedMessages(services, minutes(6))).toBe(1);
    expect((await delivered()).map((mail) => mail.to)).toEqual([lee.email]);
  });

  it('sends nothing while the contact has the conversation open; after they leave, it does', async () => {
    const lee = await staffMember('Lee');
    const ana = await invited(services);
    const grant = { contactId: ana.contactId, scope: ana.chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    const stream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, jwt);
    expect(stream.status).toBe(200);
    const presence = async (present: boolean) => {
      for (let i = 0; i < 100; i += 1) {
        const rows = await db.query(`select 1 from stream_presence where $1 = any(chat_box_ids)`, [ana.chatBoxId]);
        if (rows.length > 0 === present) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`presence never became ${present}`);
    };
    await presence(true);
    await say(ana.chatBoxId, lee.participant, 'Hello');
    expect(await scanMissedMessages(services, minutes(6))).toBe(0);
    stream.close();
    await presence(false);
    expect(await scanMissedMessages(services, minutes(6))).toBe(1);
    expect(await delivered()).toHaveLength(1);
  });

  it('one-click unsubscribe works without signing in and stops further missed-message e-mails', async () => {
    const lee = await staffMember('Lee');
    const ana = await invited(services, { email: 'ana@example.com' });
    await say(ana.chatBoxId, lee.participant, 'Hello');
    await scanMissedMessages(services, minutes(6));
    const [mail] = await delivered();
    const target = new URL(mail!.rawHeader('list-unsubscribe')!.slice(1, -1));

    // A mail client's RFC 8058 POST: form-encoded "One-Click", no token but the one in the address.
    const changed = `${target.pathname}?token=${target.searchParams.get('token')!.slice(0, -2)}xx`;
    const forged = await call(changed, { raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('link_invalid');
    const done = await call(`${target.pathname}${target.search}`, {
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ unsubscribed: true });
    // The unsubscribe page's form without JavaScript names its language and is sent back to the page.
    const form = { raw: '', contentType: 'application/x-www-form-urlencoded' };
    const fromPage = await call(`${target.pathname}${target.search}&back=de`, form);
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get('location')).toBe(
      `/de/unsubscribe?${new URLSearchParams({ token: target.searchParams.get('token')!, done: '1' })}`,
    );
    const forgedFromPage = await call(`${changed}&back=de`, form);
    expect(forgedFromPage.status).toBe(303);
    expect(forgedFromPage.headers.get('location')).toBe('/de/unsubscribe?failed=1');
    expect((await call(`${changed}&back=xx`, form)).status).toBe(400);

    await say(ana.chatBoxId, lee.participant, 'Still there?');
    expect(await scanMissedMessages(services, minutes(120))).toBe(0);
    // Links the contact asks for still come.
    expect((await call('/api/chat/newLink', { body: { email: 'ana@example.com', lang: 'en', token: 'test-token' } })).status).toBe(200);
    expect(await delivered()).toHaveLength(1);

    // The page's "Turn them back on" takes the same token, and the e-mails come again.
    expect((await call(`/api/mail/resubscribe?token=${changed.split('token=')[1]}`, { body: {} })).status).toBe(400);
    const again = await call(`/api/mail/resubscribe${target.search}`, { body: {} });
    expect(again.body).toEqual({ unsubscribed: false });
    await say(ana.chatBoxId, lee.participant, 'Are you back?');
    expect(await scanMissedMessages(services, minutes(300))).toBe(1);
    expect((await delivered()).map((mail) => mail.to)).toEqual(['ana@example.com']);
  });

  it('a contact’s unread message goes to every staff member who wants it, or only to the assignee; reading or answering stops it', async () => {
    const lee = await staffMember('Lee');
    const kim = await staffMember('Kim');
    const sam = await staffMember('Sam');
    // Sam turns these e-mails off on the staff page (their e-mails would be in French).
    const samToken = (await signedInUser(emulator.host, sam.email)).idToken;
    await db.query(`update organization_users set uid = null where email = $1`, [sam.email]);
    const off = await call('/api/me/notifications', { token: samToken, body: { lang: 'fr', missedMessageMail: false } });
    expect(off.body).toEqual({ missedMessageMail: false });
    const ana = await invited(services, { name: 'Ana Lima' });
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'My order <42> is late');
    expect(await scanMissedMessages(services, minutes(6))).toBe(2);
    const mails = await delivered();
    expect(mails.map((mail) => mail.to).sort()).toEqual([kim.email, lee.email].sort());
    const en = serverTranslator('en');
    expect(mails[0]!.subject).toBe(en('mail.staffMissed.subject', { name: 'Ana Lima' }));
    expect(mails[0]!.text).toContain('My order <42> is late');
    expect(mails[0]!.text).toContain(`https://help.example.com/en/chat/${ana.chatBoxId}?staff`);
    expect(mails[0]!.html).toContain('My order &lt;42&gt; is late');

    // Assigned: only the assignee hears of the next one (after the hour).
    await assign(services, ana.chatBoxId, kim.email, 'test-admin');
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'Hello?');
    expect(await scanMissedMessages(services, minutes(70))).toBe(1);
    expect((await delivered()).map((mail) => mail.to)).toEqual([kim.email]);

    // Read by any staff member, or answered: nothing.
    const bo = await invited(services);
    const asked = await say(bo.chatBoxId, { kind: 'contact', id: bo.contactId }, 'Question');
    await markRead(services, bo.chatBoxId, lee.participant, asked.id);
    const cy = await invited(services, { email: 'cy@example.com' });
    await say(cy.chatBoxId, { kind: 'contact', id: cy.contactId }, 'Question');
    await say(cy.chatBoxId, lee.participant, 'Answer');
    // Only Cy hears (of the unread answer); no staff member does.
    expect(await scanMissedMessages(services, minutes(6))).toBe(1);
    expect((await delivered()).map((mail) => mail.to)).toEqual(['cy@example.com']);
  });

  it('a staff member with the workspace open gets none; their e-mail is in the language they chose', async () => {
    const lee = await staffMember('Lee');
    const kim = await staffMember('Kim');
    const leeToken = (await signedInUser(emulator.host, lee.email)).idToken;
    await db.query(`update organization_users set uid = null where email = $1`, [lee.email]);
    const inbox = await openStream(`${server.url}/api/inbox/stream`, leeToken);
    expect(inbox.status).toBe(200);
    const kimToken = (await signedInUser(emulator.host, kim.email)).idToken;
    await db.query(`update organization_users set uid = null where email = $1`, [kim.email]);
    expect((await call('/api/me/notifications', { token: kimToken, body: { lang: 'ja' } })).body).toEqual({ missedMessageMail: true });
    for (let i = 0; i < 100 && (await db.query(`select 1 from stream_presence`)).length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ana = await invited(services, { name: 'Ana' });
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'Hello');
    expect(await scanMissedMessages(services, minutes(6))).toBe(1);
    const [mail] = await delivered();
    expect(mail!.to).toBe(kim.email);
    const ja = serverTranslator('ja');
    expect(mail!.subject).toBe(ja('mail.staffMissed.subject', { name: 'Ana' }));
    expect(mail!.text).toContain('https://help.example.com/ja/chat/');
    inbox.close();

    // Staff unsubscribe with the e-mail's link too.
    const target = new URL(mail!.rawHeader('list-unsubscribe')!.slice(1, -1));
    expect(
      (await call(`${target.pathname}${target.search}`, { raw: 'List-Unsubscribe=One-Click', contentType: 'text/plain' })).status,
    ).toBe(200);
    expect((await call('/api/me/notifications', { token: kimToken, body: { lang: 'ja' } })).body).toEqual({ missedMessageMail: false });
  });
});

const url = process.env['TEST_DATABASE_URL'];

// Two Foyer processes on one PostgreSQL scan at the same time: each chat box's e-mail is written once.
describe.skipIf(!url)('missed-message scans of two processes on one PostgreSQL', () => {
  const schema = `foyer_test_missed_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dbs: Database[] = [];
  const all: Services[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const db = await openDatabase({ url: url!, schema });
      if (i === 0) await migrate(db);
      dbs.push(db);
      all.push(await testServices(db, mailEnv()));
    }
  });
  afterAll(async () => {
    for (const services of all) {
      await services.mail?.stop();
      await services.chat.close();
    }
    await dbs[0]!.exec(`drop schema ${schema} cascade`);
    for (const db of dbs) await db.close();
    catcher.mails.splice(0);
  });

  it('write each e-mail once between them', async () => {
    const [first, second] = all as [Services, Services];
    await upsertOrganizationUser(dbs[0]!, { email: 'lee@example.com', role: 'agent', name: 'Lee' });
    for (let n = 0; n < 30; n += 1) {
      const contact = await invited(first);
      await sendMessage(first, contact.chatBoxId, { sender: { kind: 'staff', id: 'uid-lee' }, clientId: randomUUID(), text: `Reply ${n}` });
    }
    const at = minutes(6);
    const written = await Promise.all([scanMissedMessages(first, at), scanMissedMessages(second, at)]);
    expect(written[0] + written[1]).toBe(30);
    expect((await dbs[0]!.query(`select 1 from mail_outbox where kind = 'missedMessages'`)).length).toBe(30);
  });
});
