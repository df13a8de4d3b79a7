/**
 * A revoked contact stays out until staff invite them again: no missed-message e-mail with a fresh code, no new
 * link on request, nothing already queued reaches them, and their open streams end at once, as do a removed staff
 * member's (streams otherwise ask again only every STREAM_RECHECK_SECONDS, a minute here).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendMessage } from '../chat/messages.ts';
import type { Database } from '../db/database.ts';
import { scanMissedMessages } from '../mail/missedMessages.ts';
import { closeServices, type Services } from '../services.ts';
import { removeStaff } from '../staff/members.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { openStream, type OpenStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';
import { issueSessionToken } from './sessionTokens.ts';
import { revokeContact } from './revocation.ts';

const emulator = useAuthEmulator();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

/** Whether the stream ended within `ms` (a stream left to its recheck would take a minute). */
const endsWithin = (stream: OpenStream, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.each(testDatabases)('revoking a contact on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SMTP_URL: catcher.url,
      MAIL_FROM: 'Help <help@example.com>',
      STREAM_RECHECK_SECONDS: '60',
    });
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
  const reply = (chatBoxId: string, text: string) =>
    sendMessage(services, chatBoxId, { sender: { kind: 'staff', id: 'uid-lee' }, clientId: randomUUID(), text });
  const liveCodes = async (contactId: string) =>
    (await db.query('select id from one_time_codes where contact_id = $1 and used_at is null', [contactId])).length;

  it('e-mails a revoked contact nothing: no missed messages with a fresh code, nor what was queued before', async () => {
    const email = `ana-${randomUUID()}@example.com`;
    const ana = await invited(services, { email, sendEmail: true });
    await reply(ana.chatBoxId, 'The answer you asked for');
    await revokeContact(services, email);

    expect(await scanMissedMessages(services, minutes(6))).toBe(0);
    expect(await delivered()).toEqual([]);
    expect(await liveCodes(ana.contactId)).toBe(0);
    const queued = await db.query<{ subject: string; text_body: string; gave_up_at: Date | null }>(
      'select subject, text_body, gave_up_at from mail_outbox where lower(recipient) = lower($1)',
      [email],
    );
    expect(queued).toEqual([{ subject: '', text_body: '', gave_up_at: expect.any(Date) }]);

    // Staff inviting them again is the way back in: from then on they hear of replies again.
    await invited(services, { email, chatBoxId: ana.chatBoxId });
    await reply(ana.chatBoxId, 'Welcome back');
    expect(await scanMissedMessages(services, minutes(12))).toBe(1);
    const [mail] = await delivered();
    expect(mail!.text).toContain('Welcome back');
  });

  it('answers a revoked contact’s request for a new link like an unknown address’s, and sends nothing', async () => {
    const email = `bo-${randomUUID()}@example.com`;
    const bo = await invited(services, { email });
    await revokeContact(services, email);
    const asked = await call('/api/chat/newLink', { body: { email, lang: 'en', chatBoxId: bo.chatBoxId, token: 'test-token' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual((await call('/api/chat/newLink', { body: { email: 'nobody@example.com', lang: 'en', token: 't' } })).body);
    // Named by the contact id a device of theirs remembers: the same.
    const byId = await call('/api/chat/newLink', { body: { contactId: bo.contactId, lang: 'en', chatBoxId: bo.chatBoxId, token: 't' } });
    expect([byId.status, byId.body]).toEqual([200, asked.body]);
    expect(await delivered()).toEqual([]);
    expect(await liveCodes(bo.contactId)).toBe(0);

    await invited(services, { email, chatBoxId: bo.chatBoxId });
    await call('/api/chat/newLink', { body: { email, lang: 'en', chatBoxId: bo.chatBoxId, token: 'test-token' } });
    expect((await delivered()).map((mail) => mail.to)).toEqual([email]);
  });

  it('ends a revoked contact’s open stream and a removed staff member’s streams at once, and keeps the others', async () => {
    const email = `eva-${randomUUID()}@example.com`;
    const { contactId, chatBoxId } = await invited(services, { email });
    const { jwt } = await issueSessionToken(
      services.keys.sessionTokens,
      { contactId, scope: chatBoxId, authTime: new Date(), version: 0 },
      24,
    );
    const staffEmail = `lee-${randomUUID()}@example.com`;
    const keptEmail = `kim-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email: staffEmail, role: 'agent' });
    await upsertOrganizationUser(db, { email: keptEmail, role: 'admin' });
    const [lee, kim] = [await signedInUser(emulator.host, staffEmail), await signedInUser(emulator.host, keptEmail)];
    const url = `${server.url}/api/chat/stream?chatBoxId=${chatBoxId}`;
    const [contactStream, leeInbox, leeChat, kimChat] = [
      await openStream(url, jwt),
      await openStream(`${server.url}/api/inbox/stream`, lee.idToken),
      await openStream(url, lee.idToken),
      await openStream(url, kim.idToken),
    ];
    expect([contactStream, leeInbox, leeChat, kimChat].map((stream) => stream.status)).toEqual([200, 200, 200, 200]);

    await revokeContact(services, email);
    expect(await endsWithin(contactStream, 2000)).toBe(true);
    await removeStaff(services, staffEmail);
    expect(await Promise.all([endsWithin(leeInbox, 2000), endsWithin(leeChat, 2000)])).toEqual([true, true]);
    expect(await endsWithin(kimChat, 300)).toBe(false);
    kimChat.close();
  });
});
