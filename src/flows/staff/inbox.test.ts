// @vitest-environment happy-dom
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { upsertOrganizationUser } from '../../server/staff/records.ts';
import { issueSessionToken } from '../../server/contacts/sessionTokens.ts';
import type { Services } from '../../server/services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';
import { createInbox } from './inbox.ts';

const emulator = useAuthEmulator();

describe('the staff inbox store, against the real API', () => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
    server = await startApiServer(services);
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/en/chat`);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('reads the list when its stream opens, again after a message, with the filters chosen, and stops with its last listener', async () => {
    const email = `lee-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email, role: 'agent', name: 'Lee' });
    const { idToken } = await signedInUser(emulator.host, email, { name: 'Lee' });
    const ana = await invited(services, { name: 'Ana' });
    const bo = await invited(services, { name: 'Bo' });
    const send = async (chatBoxId: string, contactId: string, text: string) => {
      const { jwt } = await issueSessionToken(
        services.keys.sessionTokens,
        { contactId, scope: chatBoxId, authTime: new Date(), version: 0 },
        24,
      );
      const answer = await fetch(`${server.url}/api/chat/messages/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: JSON.stringify({ chatBoxId, clientId: randomUUID(), text }),
      });
      expect(answer.status).toBe(200);
    };

    const inbox = createInbox(async () => idToken);
    const shown = () => inbox.$inbox.get().shown;
    const stop = inbox.$inbox.listen(() => {});
    await vi.waitFor(
      () =>
        expect(
          shown()
            ?.entries.map((entry) => entry.id)
            .toSorted(),
        ).toEqual([ana.chatBoxId, bo.chatBoxId].toSorted()),
      // The stream's opening asks the Auth emulator; a loaded machine takes more than waitFor's default second.
      { timeout: 10_000 },
    );
    expect(shown()?.unread).toBe(0);

    await send(ana.chatBoxId, ana.contactId, 'Where is my parcel?');
    await vi.waitFor(() => expect(shown()?.unread).toBe(1), { timeout: 10_000 });
    expect(shown()?.entries[0]?.id).toBe(ana.chatBoxId);

    // A search: only Ana's conversation, the word to mark, and the unread count still over every chat box.
    inbox.setFilters({ ...inbox.$inbox.get().filters, query: 'parcel' });
    await vi.waitFor(() => expect(shown()?.entries.map((entry) => entry.id)).toEqual([ana.chatBoxId]), { timeout: 10_000 });
    expect(shown()).toMatchObject({ query: 'parcel', unread: 1 });

    stop();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const asked = server.requests.length;
    await send(bo.chatBoxId, bo.contactId, 'Anyone?');
    await new Promise((resolve) => setTimeout(resolve, reloadWait));
    expect(server.requests.slice(asked)).toEqual(['POST /api/chat/messages/send']);
  });
});

/** Longer than the store's burst delay: a reload, were anything still listening, would have been asked by then. */
const reloadWait = 1000;
