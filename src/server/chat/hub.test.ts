import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { eraseContact } from '../contacts/dataRights.ts';
import { revokeContact } from '../contacts/revocation.ts';
import { migrate } from '../db/migrate.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import type { Services } from '../services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { memoryCarrier } from '../../../tests/server/memoryNotifications.ts';

const url = process.env['TEST_DATABASE_URL'];

interface Process {
  db: Database;
  services: Services;
  server: ApiServer;
  call: ReturnType<typeof apiCaller>;
}

/** Two Foyer processes on one database, and a way to cut their notifications for a moment. */
interface Carrier {
  name: string;
  skip: boolean;
  /** `cut` answers how to restore them: PostgreSQL's listeners reconnect by themselves. */
  open(): Promise<{ databases: Database[]; cut(): Promise<() => void>; drop(): Promise<void> }>;
}

const schema = `foyer_test_hub_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const carriers: Carrier[] = [
  {
    // Each with its own pool and listening connection, on one schema.
    name: 'PostgreSQL (LISTEN/NOTIFY)',
    skip: !url,
    async open() {
      const databases: Database[] = [];
      for (let i = 0; i < 2; i += 1) databases.push(await openDatabase({ url: url!, schema }));
      await migrate(databases[0]!);
      return {
        databases,
        async cut() {
          const cut = await databases[0]!.query(`select pg_terminate_backend(pid) as ok from pg_stat_activity where query = $1`, [
            `listen ${schema}_foyer_chat`,
          ]);
          expect(cut.length).toBeGreaterThan(0);
          return () => {};
        },
        drop: () => databases[0]!.exec(`drop schema ${schema} cascade`),
      };
    },
  },
  {
    // The fan-out's interface with another carrier behind it (as a message broker would be): the hub must not
    // depend on PostgreSQL's own, and a send announces in a transaction instead of in its statement.
    name: 'an in-memory carrier (the test double) on PGlite',
    skip: false,
    async open() {
      const db = await testDatabases[0]!.open();
      const carrier = memoryCarrier();
      return {
        databases: [carrier.attach(db), carrier.attach({ ...db, close: async () => {} })],
        async cut() {
          carrier.cut();
          return () => carrier.restore();
        },
        drop: async () => {},
      };
    },
  },
];

// Two Foyer processes on one database: two sets of services, each with its own hub. (PGlite alone is one process by
// design: its fan-out is the hub alone, tested in api/chat.test.ts.)
describe.each(carriers.filter((carrier) => !carrier.skip))('chat events across processes: $name', ({ open }) => {
  const processes: Process[] = [];
  let carrier: Awaited<ReturnType<Carrier['open']>>;
  beforeAll(async () => {
    carrier = await open();
    for (const db of carrier.databases) {
      const services = await testServices(db);
      processes.push({ db, services, server: await startApiServer(services), call: apiCaller(services) });
    }
  });
  afterAll(async () => {
    for (const { services, server } of processes) {
      await server.close();
      await services.chat.close();
    }
    await carrier.drop();
    for (const { db } of processes) await db.close();
  });

  async function contactToken(services: Services) {
    const { contactId, chatBoxId } = await invited(services);
    const { jwt } = await issueSessionToken(
      services.keys.sessionTokens,
      { contactId, scope: chatBoxId, authTime: new Date(), version: 0 },
      24,
    );
    return { contactId, chatBoxId, token: jwt };
  }
  const send = (p: (typeof processes)[number], token: string, chatBoxId: string, text: string) =>
    p.call('/api/chat/messages/send', { token, body: { chatBoxId, clientId: randomUUID(), text } });

  it('delivers a message sent through one process to a stream on the other, and typing too', async () => {
    const [a, b] = processes as [(typeof processes)[number], (typeof processes)[number]];
    const ana = await contactToken(a.services);
    // Each process listens once its first stream opens (its readiness says so: docs/operations.md).
    expect(b.services.chat.listenerState()).toBe('idle');
    const onB = await openStream(`${b.server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    const onA = await openStream(`${a.server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    // Let B's listening connection start (it opens with the first stream).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heardFrom: string[] = [];
    b.services.chat.onDelivered((event, from) => void (event.chatBoxId === ana.chatBoxId && heardFrom.push(from)));
    await send(a, ana.token, ana.chatBoxId, 'sent through A');
    const [event] = await onB.waitFor((e) => e.event === 'message');
    expect(event!.data.message.text).toBe('sent through A');
    expect(heardFrom).toEqual(['other_process']);
    expect(b.services.chat.listenerState()).toBe('connected');
    // Typing is not stored: it crosses as a notification of its own. (Streams leave out the typist's own signals.)
    const heard: unknown[] = [];
    const subscriber = {
      chatBoxId: ana.chatBoxId,
      who: { kind: 'staff', id: 'lee' } as const,
      deliver: (event: unknown) => void heard.push(event),
      catchUp() {},
      close() {},
    };
    a.services.chat.subscribe(subscriber);
    await b.call('/api/chat/typing', { token: ana.token, body: { chatBoxId: ana.chatBoxId } });
    await expect.poll(() => heard).toEqual([{ type: 'typing', chatBoxId: ana.chatBoxId, sender: { kind: 'contact', id: ana.contactId } }]);
    a.services.chat.unsubscribe(subscriber);
    onB.close();
    onA.close();
  });

  it('ends a chat box’s streams in the other process when its contact is erased', async () => {
    const [a, b] = processes as [(typeof processes)[number], (typeof processes)[number]];
    const ana = await contactToken(a.services);
    const onB = await openStream(`${b.server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    await send(a, ana.token, ana.chatBoxId, 'hello');
    await onB.waitFor((e) => e.event === 'message');
    const [{ email }] = (await a.db.query<{ email: string }>('select email from contacts where id = $1', [ana.contactId])) as [
      { email: string },
    ];
    await eraseContact(a.services, ana.contactId, email);
    await onB.ended;
  });

  it('ends a revoked contact’s streams and refuses its token at once in the other process', async () => {
    const [a, b] = processes as [(typeof processes)[number], (typeof processes)[number]];
    const ana = await contactToken(a.services);
    const onB = await openStream(`${b.server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    await send(a, ana.token, ana.chatBoxId, 'hello');
    await onB.waitFor((e) => e.event === 'message');
    // B now remembers the contact's session version (for 10 s): the revocation must reach it anyway.
    const extend = () => b.call('/api/chat/extend', { token: ana.token, body: { chatBoxId: ana.chatBoxId } });
    expect((await extend()).status).toBe(200);
    const [{ email }] = (await a.db.query<{ email: string }>('select email from contacts where id = $1', [ana.contactId])) as [
      { email: string },
    ];
    const revokedAt = Date.now();
    await revokeContact(a.services, email);
    await onB.ended;
    await expect.poll(async () => (await extend()).status, { timeout: 3000 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(3000);
  });

  it('reads back what was sent while its listening connection was down, without a further event', async () => {
    const [a, b] = processes as [(typeof processes)[number], (typeof processes)[number]];
    const ana = await contactToken(a.services);
    const onB = await openStream(`${b.server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    await send(a, ana.token, ana.chatBoxId, 'before');
    await onB.waitFor((e) => e.event === 'message');
    // Cut every listening connection (both processes'), then send at once.
    const restore = await carrier.cut();
    for (let i = 0; i < 3; i += 1) await send(a, ana.token, ana.chatBoxId, `while cut ${i}`);
    restore();
    const all = await onB.waitFor((e) => e.event === 'message', 4, 15_000);
    expect(all.map((e) => e.data.message.text)).toEqual(['before', 'while cut 0', 'while cut 1', 'while cut 2']);
    expect(all.map((e) => Number(e.id))).toEqual([1, 2, 3, 4]);
    onB.close();
  });
});
