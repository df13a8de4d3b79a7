import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import type { Database } from '../db/database.ts';
import { closeServices, type Services } from '../services.ts';
import { signedInStaff, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();

describe.each(testDatabases)("a staff member's alerts on $name", ({ open }) => {
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

  const staff = async (name: string) => (await signedInStaff(db, emulator.host, 'agent', name)).idToken;
  const post = (path: string, token: string, body: object = {}) => call(path, { token, body });

  it('keeps the sound setting and the muted conversations of each staff member, apart from their colleagues', async () => {
    const lee = await staff('Lee');
    const kim = await staff('Kim');
    const ana = await invited(services, { name: 'Ana' });
    const bo = await invited(services, { name: 'Bo' });
    expect((await post('/api/me/alerts', lee)).body).toEqual({ sound: false, muted: [] });
    expect((await post('/api/me/alerts', lee, { sound: true })).body).toEqual({ sound: true, muted: [] });

    expect((await post('/api/chat/mute', lee, { chatBoxId: ana.chatBoxId, muted: true })).body).toEqual({ muted: true });
    // Twice is once.
    await post('/api/chat/mute', lee, { chatBoxId: ana.chatBoxId, muted: true });
    await post('/api/chat/mute', lee, { chatBoxId: bo.chatBoxId, muted: true });
    expect((await post('/api/me/alerts', lee)).body).toEqual({ sound: true, muted: [ana.chatBoxId, bo.chatBoxId].sort() });
    await post('/api/chat/mute', lee, { chatBoxId: bo.chatBoxId, muted: false });
    expect((await post('/api/me/alerts', lee)).body.muted).toEqual([ana.chatBoxId]);
    // A colleague's are their own.
    expect((await post('/api/me/alerts', kim)).body).toEqual({ sound: false, muted: [] });

    const missing = `cb_${'0'.repeat(20)}`;
    expect((await post('/api/chat/mute', lee, { chatBoxId: missing, muted: true })).status).toBe(404);
    expect((await post('/api/chat/mute', lee, { chatBoxId: ana.chatBoxId, muted: 'yes' })).status).toBe(400);
    expect((await post('/api/me/alerts', lee, { sound: 1 })).status).toBe(400);
  });

  it('is for staff only', async () => {
    const ana = await invited(services, { name: 'Ana' });
    const grant = { contactId: ana.contactId, scope: ana.chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    expect((await post('/api/chat/mute', jwt, { chatBoxId: ana.chatBoxId, muted: true })).status).toBe(401);
    expect((await post('/api/me/alerts', jwt)).status).toBe(401);
  });
});
