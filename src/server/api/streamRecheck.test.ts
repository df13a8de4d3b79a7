import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { revokeContact } from '../contacts/revocation.ts';
import type { Database } from '../db/database.ts';
import { closeServices, type Services } from '../services.ts';
import { removeStaff } from '../staff/members.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();

// Open streams ask again whether their caller may still read (every minute by default; here every 0.2 s).
describe.each(testDatabases)('open streams re-authorise their caller on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, STREAM_RECHECK_SECONDS: '0.2' });
    server = await startApiServer(services);
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });

  it('ends a revoked contact’s chat stream and a removed staff member’s streams, and keeps the others', async () => {
    const email = `ana-${randomUUID()}@example.com`;
    const { contactId, chatBoxId } = await invited(services, { email });
    const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    const staffEmail = `lee-${randomUUID()}@example.com`;
    const keptEmail = `kim-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email: staffEmail, role: 'agent' });
    await upsertOrganizationUser(db, { email: keptEmail, role: 'admin' });
    const [lee, kim] = [await signedInUser(emulator.host, staffEmail), await signedInUser(emulator.host, keptEmail)];
    const url = `${server.url}/api/chat/stream?chatBoxId=${chatBoxId}`;
    const contactStream = await openStream(url, jwt);
    const leeInbox = await openStream(`${server.url}/api/inbox/stream`, lee.idToken);
    const leeChat = await openStream(url, lee.idToken);
    const kimInbox = await openStream(`${server.url}/api/inbox/stream`, kim.idToken);
    expect([contactStream.status, leeInbox.status, leeChat.status, kimInbox.status]).toEqual([200, 200, 200, 200]);
    let kimEnded = false;
    void kimInbox.ended.then(() => (kimEnded = true));

    await revokeContact(services, email);
    await contactStream.ended;
    await removeStaff(services, staffEmail);
    await Promise.all([leeInbox.ended, leeChat.ended]);
    // Several rechecks later, the staff member still on the staff still hears.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(kimEnded).toBe(false);
    kimInbox.close();
  });

  it('ends a contact’s stream when its token expires, not before, and keeps one whose token has not', async () => {
    const maxHours = services.config.SESSION_MAX_HOURS;
    const open = async (authTime: Date) => {
      const { contactId, chatBoxId } = await invited(services, { email: `eva-${randomUUID()}@example.com` });
      const token = await issueSessionToken(services.keys.sessionTokens, { contactId, scope: chatBoxId, authTime, version: 0 }, maxHours);
      return {
        stream: await openStream(`${server.url}/api/chat/stream?chatBoxId=${chatBoxId}`, token.jwt),
        expiresAt: Date.parse(token.expiresAt),
      };
    };
    // A session at its ceiling: its token lasts two seconds or so, not the usual hour.
    const ending = await open(new Date(Date.now() - maxHours * 3600_000 + 2500));
    const kept = await open(new Date());
    expect([ending.stream.status, kept.stream.status]).toEqual([200, 200]);
    let keptEnded = false;
    void kept.stream.ended.then(() => (keptEnded = true));
    await ending.stream.ended;
    expect(Date.now()).toBeGreaterThanOrEqual(ending.expiresAt);
    expect(keptEnded).toBe(false);
    kept.stream.close();
  });
});
