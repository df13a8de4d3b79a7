import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../admin/commands.ts';
import type { Database } from '../db/database.ts';
import { closeServices, type Services } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';
import { serverTranslator } from './messages.ts';

const emulator = useAuthEmulator();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

describe.each(testDatabases)('invitations by e-mail on $name', ({ open }) => {
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

  async function staffToken(name: string, role: 'admin' | 'agent' = 'agent', email = `staff-${randomUUID()}@example.com`) {
    await upsertOrganizationUser(db, { email, role, name });
    return (await signedInUser(emulator.host, email, { name })).idToken;
  }

  it('promises a waiting contact that replies are e-mailed, unless they turned those e-mails off', async () => {
    const contact = await invited(services);
    const verified = await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: '' } });
    const promised = async () =>
      (await call('/api/organizationUsers/team', { token: verified.body.data.jwt, body: { chatBoxId: contact.chatBoxId } })).body
        .emailsReplies;
    expect(await promised()).toBe(true);
    await db.query('update contacts set missed_mail_off_at = now() where id = $1', [contact.contactId]);
    expect(await promised()).toBe(false);
  });

  it('tells someone an admin adds to the staff, in the language chosen, once, and again only when added back', async () => {
    const admin = await staffToken('Dana Admin', 'admin');
    const add = (email: string) => call('/api/staff/add', { token: admin, body: { email, role: 'agent', lang: 'ar' } });
    const ivo = `ivo-${randomUUID()}@example.com`;
    expect((await add(ivo)).status).toBe(200);
    // Retried, or the role set again: already on the staff, nothing more is sent.
    expect((await add(ivo)).status).toBe(200);
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(1);
    const [mail] = catcher.mails;
    const ar = serverTranslator('ar');
    expect(mail!.to).toBe(ivo);
    expect(mail!.subject).toBe(ar('mail.staffWelcome.subject', { organisation: ar('site.name') }));
    expect(mail!.text).toContain('Dana Admin');
    expect(mail!.text).toContain(ar('staffAdmin.role.agent'));
    expect(mail!.text).toContain(ivo);
    expect(mail!.text).toContain(`/ar/login?next=${encodeURIComponent('/ar/chat')}`);
    expect(mail!.html).toMatch(/<html lang="ar" dir="rtl">/);

    // Removed, then added back: told again.
    await call('/api/staff/remove', { token: admin, body: { email: ivo } });
    await add(ivo);
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(2);
  });

  it('sends the invitation in the contact’s language, naming who invited them, with the link that opens the conversation', async () => {
    const token = await staffToken('Lee <Staff>');
    const answer = await call('/api/invitations/create', {
      token,
      body: { target: 'newChatBox', email: 'ana@example.com', name: 'Ana <script>', lang: 'de', sendEmail: true },
    });
    expect(answer.status).toBe(200);
    const { invitation } = answer.body;
    expect(invitation.emailed).toBe(true);
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(1);
    const [mail] = catcher.mails;
    expect(mail!.to).toBe('ana@example.com');
    expect(mail!.from).toBe('"Help" <help@example.com>');
    // German (the locale's own subject, not English), and no message text in it.
    const de = serverTranslator('de');
    expect(mail!.subject).toBe(de('mail.invitation.subject', { organisation: de('site.name') }));
    expect(mail!.subject).not.toBe(serverTranslator('en')('mail.invitation.subject', { organisation: 'Foyer' }));
    expect(mail!.text).toContain('Lee <Staff>');
    expect(mail!.text).toContain(invitation.link);
    // The HTML part escapes what people typed: names never become markup.
    expect(mail!.html).toContain('Lee &lt;Staff&gt;');
    expect(mail!.html).not.toMatch(/<script>|<Staff>/);
    // The name the inviter typed is not in it at all: its first line is the organisation's own words.
    expect(mail!.text).not.toContain('Ana');
    expect(mail!.text.split('\n')[0]).toBe(de('mail.greetingNoName'));
    expect(mail!.html).toContain(`href="${invitation.link.replaceAll('&', '&amp;')}"`);
    expect(mail!.html).toMatch(/<html lang="de" dir="ltr">/);

    // The e-mailed link's code opens the conversation.
    const link = new URL(invitation.link);
    const verified = await call('/api/chat/verify', {
      body: {
        chatBoxId: invitation.chatBoxId,
        contactId: link.searchParams.get('cs_contactId'),
        otp: link.searchParams.get('cs_otp'),
        token: 'test-token',
      },
    });
    expect(verified.status).toBe(200);
  });

  it('writes right to left for Arabic, and the command-line tool e-mails too', async () => {
    const output = await runCommand(services, { name: 'invite', email: 'sami@example.com', lang: 'ar', sendEmail: true });
    expect(output).toMatch(/e-mail/i);
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(1);
    expect(catcher.mails[0]!.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(catcher.mails[0]!.text).not.toMatch(/\{\{|\}\}/);
  });

  it('"send me a new link": the same answer for a known and an unknown address; only the known one gets a new link, and its old code dies', async () => {
    const first = await runCommand(services, { name: 'invite', email: 'ana@example.com', sendEmail: false });
    const oldLink = new URL(first.trim().split('\n').at(-1)!);
    const chatBoxId = oldLink.pathname.split('/').at(-1)!;
    const ask = (email: string, address = '203.0.113.7') =>
      call('/api/chat/newLink', { address, body: { email, lang: 'fr', chatBoxId, token: 'test-token' } });

    const known = await ask('ANA@example.com');
    const unknown = await ask('nobody@example.com');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(unknown.body).toEqual(known.body);
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(1);
    expect(catcher.mails.map((mail) => mail.to)).toEqual(['ana@example.com']);
    const fr = serverTranslator('fr');
    expect(catcher.mails[0]!.subject).toBe(fr('mail.newLink.subject', { organisation: fr('site.name') }));
    const newLink = new URL(catcher.mails[0]!.text.match(/https:\/\/\S+/)![0]);
    expect(newLink.pathname).toBe(`/fr/chat/${chatBoxId}`);

    const verify = (link: URL) =>
      call('/api/chat/verify', {
        body: { chatBoxId, contactId: link.searchParams.get('cs_contactId'), otp: link.searchParams.get('cs_otp'), token: 'test-token' },
      });
    expect((await verify(oldLink)).status).toBe(401);
    expect((await verify(newLink)).status).toBe(200);
  });

  it('"send me a new link" is limited per e-mail address and per client, and a chat box of someone else gives a page link', async () => {
    await runCommand(services, { name: 'invite', email: 'kim@example.com', sendEmail: false });
    const other = await runCommand(services, { name: 'invite', email: 'lee@example.com', sendEmail: false });
    const leesChatBox = new URL(other.trim().split('\n').at(-1)!).pathname.split('/').at(-1)!;
    const ask = (email: string, address: string) =>
      call('/api/chat/newLink', { address, body: { email, lang: 'en', chatBoxId: leesChatBox, token: 'test-token' } });
    for (let i = 0; i < 3; i += 1) expect((await ask('kim@example.com', `198.51.100.${i}`)).status).toBe(200);
    const limited = await ask('kim@example.com', '198.51.100.9');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(3);
    expect(new URL(catcher.mails[0]!.text.match(/https:\/\/\S+/)![0]).pathname).toBe('/en/chat');
    // One client asking for many addresses.
    for (let i = 0; i < 10; i += 1) expect((await ask(`someone${i}@example.com`, '192.0.2.1')).status).toBe(200);
    expect((await ask('someone-else@example.com', '192.0.2.1')).status).toBe(429);
  });

  it('"send me a new link" by a device\'s contact id: to their address, never said, and its count tells nothing of the address', async () => {
    const invited = await runCommand(services, { name: 'invite', email: 'mia@example.com', sendEmail: false });
    const link = new URL(invited.trim().split('\n').at(-1)!);
    const chatBoxId = link.pathname.split('/').at(-1)!;
    const contactId = link.searchParams.get('cs_contactId')!;
    const ask = (body: Record<string, unknown>, address = '198.51.100.20') =>
      call('/api/chat/newLink', { address, body: { lang: 'de', chatBoxId, token: 'test-token', ...body } });

    const known = await ask({ contactId });
    const unknown = await ask({ contactId: 'ct_' + 'x'.repeat(contactId.length - 3) });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    expect(JSON.stringify(known.body)).not.toMatch(/mia/i);
    await services.mail!.startWorker().drain();
    expect(catcher.mails.map((mail) => mail.to)).toEqual(['mia@example.com']);
    expect(new URL(catcher.mails[0]!.text.match(/https:\/\/\S+/)![0]).pathname).toBe(`/de/chat/${chatBoxId}`);

    // Three an hour by the id; the id's count says nothing of the address (typed, it has its own three).
    expect((await ask({ contactId }, '198.51.100.21')).status).toBe(200);
    expect((await ask({ contactId }, '198.51.100.22')).status).toBe(200);
    const limited = await ask({ contactId }, '198.51.100.23');
    expect([limited.status, limited.body.error.code]).toEqual([429, 'rate_limited']);
    expect((await ask({ email: 'mia@example.com' }, '198.51.100.24')).status).toBe(200);
    // One of the two, never both or neither.
    expect((await ask({ contactId, email: 'mia@example.com' })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
  });

  it('lets one staff member e-mail 30 invitations an hour and one address get 5 a day; links without e-mail are not counted', async () => {
    const token = await staffToken('Lee');
    const create = (email: string, sendEmail = true) =>
      call('/api/invitations/create', { token, body: { target: 'newChatBox', email, lang: 'en', sendEmail } });
    for (let i = 0; i < 5; i += 1) expect((await create('Flood@Example.com')).status).toBe(200);
    const sixth = await create('flood@example.com');
    expect([sixth.status, sixth.body.error.code, Number(sixth.headers.get('retry-after')) > 3600]).toEqual([429, 'rate_limited', true]);
    expect((await create('flood@example.com', false)).status).toBe(200);
    for (let i = 0; i < 24; i += 1) expect((await create(`person-${i}@example.com`)).status).toBe(200);
    const over = await create('one-more@example.com');
    expect([over.status, over.body.error.code]).toEqual([429, 'rate_limited']);
    // Another staff member is not held back by Lee's count, and the limits keep no address.
    expect(
      (
        await call('/api/invitations/create', {
          token: await staffToken('Kim'),
          body: { target: 'newChatBox', email: 'kim-guest@example.com', lang: 'en', sendEmail: true },
        })
      ).status,
    ).toBe(200);
    expect(JSON.stringify(await db.query('select key from rate_limits'))).not.toContain('example.com');
    // Sent before the next test starts counting e-mails.
    await services.mail!.startWorker().drain();
    catcher.mails.splice(0);
  });

  it('shows admins who invited whom, newest first: staff by name, the command line as such; a contact’s own new link is not an invitation', async () => {
    const lee = await staffToken('Lee', 'agent', 'lee@example.com');
    const kim = await staffToken('Kim', 'admin', 'kim@example.com');
    const create = (token: string, email: string, sendEmail: boolean) =>
      call('/api/invitations/create', { token, body: { target: 'newChatBox', email, lang: 'en', sendEmail } });
    await runCommand(services, { name: 'invite', email: 'ana@example.com', sendEmail: false });
    await create(lee, 'bo@example.com', true);
    const page = await call('/api/invitations/create', { token: kim, body: { target: 'page', email: 'cy@example.com', name: 'Cy' } });
    const chatBoxId = (await create(kim, 'ana@example.com', false)).body.invitation.chatBoxId;
    expect(
      (await call('/api/chat/newLink', { address: '198.51.100.4', body: { email: 'ana@example.com', lang: 'en', chatBoxId, token: 'x' } }))
        .status,
    ).toBe(200);
    const recent = await call('/api/invitations/recent', { token: kim, body: {} });
    expect(recent.status).toBe(200);
    expect(recent.body.limits).toEqual({ perStaffHour: 30, perAddressDay: 5 });
    expect(
      recent.body.invitations.map((entry: { invitedBy: { name: string } | null; contact: { email: string }; emailed: boolean }) => [
        entry.invitedBy?.name ?? 'command line',
        entry.contact.email,
        entry.emailed,
      ]),
    ).toEqual([
      ['Kim', 'ana@example.com', false],
      ['Kim', 'cy@example.com', false],
      ['Lee', 'bo@example.com', true],
      ['command line', 'ana@example.com', false],
    ]);
    expect(recent.body.invitations[1]).toMatchObject({ chatBoxId: null, contact: { id: page.body.invitation.contactId, name: 'Cy' } });
    // Agents do not see it; a staff member who left is still named by e-mail.
    expect((await call('/api/invitations/recent', { token: lee, body: {} })).body.error.code).toBe('not_admin');
    await runCommand(services, { name: 'staff-remove', email: 'lee@example.com' });
    const after = (await call('/api/invitations/recent', { token: kim, body: {} })).body.invitations;
    expect(after[2].invitedBy).toEqual({ email: 'lee@example.com', name: '' });
    await services.mail!.startWorker().drain();
    catcher.mails.splice(0);
  });

  it('sends nothing unless asked, and nothing twice', async () => {
    const token = await staffToken('Lee');
    await call('/api/invitations/create', { token, body: { target: 'page', email: 'kim@example.com' } });
    await services.mail!.startWorker().drain();
    expect(catcher.mails).toHaveLength(0);
    expect((await db.query('select 1 from mail_outbox')).length).toBe(0);
  });
});

describe.each(testDatabases)('invitations without e-mail set up on $name', ({ open }) => {
  it('refuse to e-mail, naming the setting, and keep working without it', async () => {
    const db = await open();
    const services = await testServices(db);
    try {
      expect(services.mail).toBeNull();
      await expect(runCommand(services, { name: 'invite', email: 'x@example.com', sendEmail: true })).rejects.toThrow(/SMTP_URL/);
      expect(await runCommand(services, { name: 'invite', email: 'x@example.com' })).toMatch(/\/en\/chat\/cb_/);
      expect((await db.query('select 1 from mail_outbox')).length).toBe(0);
    } finally {
      await closeServices(services);
    }
  });
});
