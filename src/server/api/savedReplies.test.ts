import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { closeServices, type Services } from '../services.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();

describe.each(testDatabases)('saved replies on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
    call = apiCaller(services);
  });
  afterAll(() => closeServices(services));
  beforeEach(() => emptyDatabase(db));

  async function staff(role: 'admin' | 'agent' = 'agent') {
    const email = `staff-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email, role, name: 'Lee' });
    return (await signedInUser(emulator.host, email, { name: 'Lee' })).idToken;
  }
  const post = (path: string, token: string, body: object = {}) => call(path, { token, body });
  const greeting = { en: 'Hello {{contact.name}}, {{staff.name}} here.', ar: 'مرحبًا {{contact.name}}، معك {{staff.name}}.' };

  it('admins keep them, agents list them and count a use, in every language given', async () => {
    const admin = await staff('admin');
    const agent = await staff();
    const created = await post('/api/savedReplies/create', admin, { name: ' Greeting ', texts: greeting });
    expect(created.status).toBe(200);
    expect(created.body.reply).toMatchObject({ name: 'Greeting', texts: greeting, uses: 0 });
    const id = created.body.reply.id as number;

    expect((await post('/api/savedReplies/create', admin, { name: 'GREETING', texts: { en: 'Hi' } })).body.error.code).toBe(
      'saved_reply_exists',
    );
    expect((await post('/api/savedReplies/create', agent, { name: 'Mine', texts: { en: 'Hi' } })).status).toBe(403);
    // No text at all, a language Foyer does not have, a blank text: clear refusals, nothing stored.
    for (const texts of [{}, { xx: 'Hi' }, { en: '   ' }]) {
      const refused = await post('/api/savedReplies/create', admin, { name: 'Other', texts });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid_body');
    }

    await post('/api/savedReplies/create', admin, { name: 'Away', texts: { de: 'Bin gleich zurück.' } });
    expect((await post('/api/savedReplies/used', agent, { id })).body).toEqual({ ok: true });
    await post('/api/savedReplies/used', agent, { id });
    const listed = (await post('/api/savedReplies/list', agent)).body.replies;
    expect(listed.map((reply: { name: string; uses: number }) => [reply.name, reply.uses])).toEqual([
      ['Away', 0],
      ['Greeting', 2],
    ]);

    // An update replaces name and texts: a language left out is no longer offered.
    const updated = await post('/api/savedReplies/update', admin, { id, name: 'Hello', texts: { fr: 'Bonjour' } });
    expect(updated.body.reply).toEqual({ id, name: 'Hello', texts: { fr: 'Bonjour' }, uses: 2 });
    expect((await post('/api/savedReplies/update', agent, { id, name: 'X', texts: { en: 'x' } })).status).toBe(403);
    expect((await post('/api/savedReplies/update', admin, { id: 999, name: 'X', texts: { en: 'x' } })).status).toBe(404);
    expect((await post('/api/savedReplies/delete', agent, { id })).status).toBe(403);
    expect((await post('/api/savedReplies/delete', admin, { id })).body).toEqual({ ok: true });
    expect((await post('/api/savedReplies/used', agent, { id })).status).toBe(404);
    expect((await post('/api/savedReplies/list', agent)).body.replies).toHaveLength(1);
  });

  it("is for staff only: a contact's session or no token is refused", async () => {
    const { contactId, chatBoxId } = await invited(services, { name: 'Ana' });
    const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    expect((await post('/api/savedReplies/list', jwt)).status).toBe(401);
    expect((await call('/api/savedReplies/list', { body: {} })).status).toBe(401);
  });
});
