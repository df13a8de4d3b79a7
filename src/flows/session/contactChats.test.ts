// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { pageScope } from '../../lib/api/constants.ts';
import type { Database } from '../../server/db/database.ts';
import { issueSessionToken } from '../../server/contacts/sessionTokens.ts';
import type { Services } from '../../server/services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';
import { storeSession } from '../../stores/contactSessions.ts';
import { createContactChats } from './contactChats.ts';
import { toRecord } from './sessionApi.ts';

describe('the contact’s live list of conversations, against the real API', () => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
    services = await testServices(db);
    server = await startApiServer(services);
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/en/chat`);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('is read when something listens, read again after a message in one of them, and left when nobody listens', async () => {
    const email = `${randomUUID()}@example.com`;
    const { contactId, chatBoxId } = await invited(services, { email });
    await invited(services, { email, page: true });
    const grant = { contactId, scope: pageScope, authTime: new Date(), version: 0 };
    const token = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    storeSession(pageScope, toRecord(token, Date.now()));

    const $contactChats = createContactChats();
    const stop = $contactChats.listen(() => {});
    await vi.waitFor(() => expect($contactChats.get().chats?.map((chat) => chat.id)).toEqual([chatBoxId]));
    expect($contactChats.get().chats?.[0]?.lastMessage ?? null).toBeNull();

    // A message in the conversation: its stream says so, and the list is read again.
    const send = (text: string) =>
      fetch(`${server.url}/api/chat/messages/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token.jwt}` },
        body: JSON.stringify({ chatBoxId, clientId: randomUUID(), text }),
      });
    await vi.waitFor(() => expect(server.requests).toContain('GET /api/chat/stream'));
    expect((await send('Hello from the page')).status).toBe(200);
    await vi.waitFor(() => expect($contactChats.get().chats?.[0]?.lastMessage?.text).toBe('Hello from the page'), { timeout: 5000 });

    // Nobody listens: after nanostores' second of grace the list is forgotten, and nothing more is asked (read with
    // `.value`: `get()` would start the store again).
    stop();
    await vi.waitFor(() => expect($contactChats.value).toEqual({ chats: undefined, failed: false }), { timeout: 3000 });
    const asked = server.requests.length;
    expect((await send('Nobody is looking')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.requests.slice(asked)).toEqual(['POST /api/chat/messages/send']);
  });
});
