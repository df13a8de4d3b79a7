import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageTextMax, sendLimit } from '../../lib/api/chat.ts';
import type { Database } from '../db/database.ts';
import { createChatBox } from '../contacts/records.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { closeServices, type Services } from '../services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();

describe.each(testDatabases)('the chat API on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
    call = apiCaller(services);
    server = await startApiServer(services);
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });
  beforeEach(() => emptyDatabase(db));

  /** An invited contact and a session token for their chat box. */
  async function contact() {
    const { contactId, chatBoxId } = await invited(services);
    const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    return { contactId, chatBoxId, token: jwt };
  }

  async function staff() {
    const email = `staff-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email, role: 'agent' });
    return signedInUser(emulator.host, email);
  }

  const send = (token: string, chatBoxId: string, text: string, clientId: string = randomUUID()) =>
    call('/api/chat/messages/send', { token, body: { chatBoxId, clientId, text } });

  it('stores a message before answering, and the same client id again returns it instead of a second one', async () => {
    const ana = await contact();
    const clientId = randomUUID();
    const first = await send(ana.token, ana.chatBoxId, '  Hello there \n', clientId);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({
      chatBoxId: ana.chatBoxId,
      clientId,
      text: 'Hello there',
      sender: { kind: 'contact', id: ana.contactId },
    });
    const again = await send(ana.token, ana.chatBoxId, 'Hello there', clientId);
    expect(again.body.message).toEqual(first.body.message);
    // Retries racing each other: still one message, and no gap in the events.
    const raced = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(ana.token, ana.chatBoxId, 'Raced', raced)));
    expect(new Set(answers.map((a) => a.body.message.id)).size).toBe(1);
    const list = await call('/api/chat/messages/list', { token: ana.token, body: { chatBoxId: ana.chatBoxId } });
    expect(list.status).toBe(200);
    expect(list.body.messages.map((m: { text: string }) => m.text)).toEqual(['Hello there', 'Raced']);
    // One event per message.
    expect(list.body.chatBox).toMatchObject({ id: ana.chatBoxId, status: 'open', contact: { id: ana.contactId }, seq: 2 });
    // Someone else's client id is not theirs to reuse.
    const lee = await staff();
    expect((await send(lee.idToken, ana.chatBoxId, 'Mine?', clientId)).status).toBe(409);
  });

  it('refuses empty, over-long and non-text messages with per-field 400s, and keeps markup as text', async () => {
    const ana = await contact();
    for (const text of ['', '   \n ', 'x'.repeat(messageTextMax + 1), 'a\u0000b', '\ud800']) {
      const { status, body } = await send(ana.token, ana.chatBoxId, text);
      expect(status, JSON.stringify(text.slice(0, 10))).toBe(400);
      expect(body.error.code).toBe('invalid_body');
      expect(body.error.issues[0].path).toBe('text');
    }
    // 4,000 characters counted as characters: astral ones take two UTF-16 units.
    expect((await send(ana.token, ana.chatBoxId, '😀'.repeat(messageTextMax))).status).toBe(200);
    const markup = '<img src=x onerror=alert(1)>';
    expect((await send(ana.token, ana.chatBoxId, markup)).body.message.text).toBe(markup);
  });

  it('pages newest first by default, then back and forth, at most 100 per page', async () => {
    const ana = await contact();
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await send(ana.token, ana.chatBoxId, `m${i}`)).body.message.id);
    const list = (body: object) => call('/api/chat/messages/list', { token: ana.token, body: { chatBoxId: ana.chatBoxId, ...body } });
    const newest = (await list({ limit: 3 })).body;
    expect(newest.messages.map((m: { text: string }) => m.text)).toEqual(['m4', 'm5', 'm6']);
    expect([newest.hasOlder, newest.hasNewer]).toEqual([true, false]);
    const older = (await list({ limit: 3, before: ids[4] })).body;
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(['m1', 'm2', 'm3']);
    expect([older.hasOlder, older.hasNewer]).toEqual([true, true]);
    const forward = (await list({ limit: 3, after: ids[0] })).body;
    expect(forward.messages.map((m: { text: string }) => m.text)).toEqual(['m1', 'm2', 'm3']);
    expect([forward.hasOlder, forward.hasNewer]).toEqual([true, true]);
    expect((await list({ limit: 101 })).status).toBe(400);
    expect((await list({ before: ids[1], after: ids[0] })).status).toBe(400);
  });

  it('lets a chat box’s token reach only its own chat box, and staff every chat box', async () => {
    const [a, b] = [await contact(), await contact()];
    const lee = await staff();
    const message = (await send(b.token, b.chatBoxId, 'B’s message')).body.message;
    const calls: [string, object][] = [
      ['/api/chat/messages/list', { chatBoxId: b.chatBoxId }],
      ['/api/chat/messages/send', { chatBoxId: b.chatBoxId, clientId: randomUUID(), text: 'hi' }],
      ['/api/chat/read', { chatBoxId: b.chatBoxId, messageId: message.id }],
      ['/api/chat/typing', { chatBoxId: b.chatBoxId }],
    ];
    for (const [path, body] of calls) {
      expect((await call(path, { token: a.token, body })).status, path).toBe(403);
      expect((await call(path, { body })).status, path).toBe(401);
      expect((await call(path, { token: 'not-a-token', body })).status, path).toBe(401);
      expect((await call(path, { token: lee.idToken, body })).status, path).toBe(200);
    }
    const stream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${b.chatBoxId}`, a.token);
    expect(stream.status).toBe(403);
    stream.close();
    // A staff message is the staff member's, by uid.
    const reply = await send(lee.idToken, a.chatBoxId, 'Hello from staff');
    expect(reply.body.message.sender).toEqual({ kind: 'staff', id: lee.uid });
    // Only staff change the status.
    expect((await call('/api/chat/status', { token: a.token, body: { chatBoxId: a.chatBoxId, status: 'resolved' } })).status).toBe(401);
    expect((await call('/api/chat/status', { token: lee.idToken, body: { chatBoxId: a.chatBoxId, status: 'resolved' } })).status).toBe(200);
  });

  it('rate-limits sends per sender with 429 and Retry-After', async () => {
    const ana = await contact();
    for (let i = 0; i < sendLimit.max; i += 1) expect((await send(ana.token, ana.chatBoxId, `m${i}`)).status).toBe(200);
    const refused = await send(ana.token, ana.chatBoxId, 'one too many');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const list = await call('/api/chat/messages/list', { token: ana.token, body: { chatBoxId: ana.chatBoxId, limit: 100 } });
    expect(list.body.messages).toHaveLength(sendLimit.max);
  });

  it('moves read cursors forward only, each move an event', async () => {
    const ana = await contact();
    const lee = await staff();
    const first = (await send(lee.idToken, ana.chatBoxId, 'one')).body.message;
    const second = (await send(lee.idToken, ana.chatBoxId, 'two')).body.message;
    const read = (messageId: number) => call('/api/chat/read', { token: ana.token, body: { chatBoxId: ana.chatBoxId, messageId } });
    expect((await read(second.id)).body.readCursor).toEqual({ reader: { kind: 'contact', id: ana.contactId }, messageId: second.id });
    expect((await read(first.id)).body.readCursor.messageId).toBe(second.id);
    expect((await read(second.id + 1000)).status).toBe(404);
    const list = (await call('/api/chat/messages/list', { token: lee.idToken, body: { chatBoxId: ana.chatBoxId } })).body;
    expect(list.readCursors).toEqual([{ reader: { kind: 'contact', id: ana.contactId }, messageId: second.id }]);
    expect(list.chatBox.seq).toBe(3);
  });

  it('streams events live and, after a reconnect with Last-Event-ID, everything missed, once and in order', async () => {
    const ana = await contact();
    const lee = await staff();
    const url = `${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`;
    const contactStream = await openStream(url, ana.token);
    expect(contactStream.status).toBe(200);
    const staffStream = await openStream(url, lee.idToken);
    const hello = (await send(lee.idToken, ana.chatBoxId, 'Hello Ana')).body.message;
    const [event] = await contactStream.waitFor((e) => e.event === 'message');
    expect(event).toMatchObject({ id: '1', data: { type: 'message', seq: 1, message: hello } });
    // The global position (how busy every other chat box is) stays on the staff inbox stream.
    expect(event!.data.position).toBeUndefined();
    await staffStream.waitFor((e) => e.event === 'message');

    // Typing reaches the other side, not the typist; a second signal within 2 s is refused.
    expect((await call('/api/chat/typing', { token: ana.token, body: { chatBoxId: ana.chatBoxId } })).status).toBe(200);
    expect((await call('/api/chat/typing', { token: ana.token, body: { chatBoxId: ana.chatBoxId } })).status).toBe(429);
    const [typing] = await staffStream.waitFor((e) => e.event === 'typing');
    expect(typing).toMatchObject({ id: undefined, data: { sender: { kind: 'contact', id: ana.contactId } } });

    // Ana drops off; staff send ten; she comes back with the last id she saw.
    contactStream.close();
    for (let i = 0; i < 10; i += 1) await send(lee.idToken, ana.chatBoxId, `while away ${i}`);
    const back = await openStream(url, ana.token, 1);
    const replayed = await back.waitFor((e) => e.event === 'message', 10);
    expect(replayed.map((e) => e.data.message.text)).toEqual([...Array(10).keys()].map((i) => `while away ${i}`));
    expect(replayed.map((e) => Number(e.id))).toEqual([...Array(10).keys()].map((i) => i + 2));
    expect(contactStream.events.filter((e) => e.event === 'typing')).toEqual([]);
    // And live ones follow the replay.
    await send(ana.token, ana.chatBoxId, 'Back again');
    await back.waitFor((e) => e.event === 'message', 11);
    expect(back.events.filter((e) => e.event === 'message')).toHaveLength(11);
    back.close();
    staffStream.close();
  });

  it('keeps one order for concurrent senders on every stream', async () => {
    const ana = await contact();
    const lee = await staff();
    const url = `${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`;
    const streams = [await openStream(url, ana.token), await openStream(url, lee.idToken)];
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => send(ana.token, ana.chatBoxId, `ana ${i}`)),
      ...Array.from({ length: 10 }, (_, i) => send(lee.idToken, ana.chatBoxId, `lee ${i}`)),
    ]);
    const seen = await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'message', 20)));
    const ids = seen.map((events) => events.map((e) => e.data.message.id));
    expect(ids[0]).toEqual(ids[1]);
    expect(ids[0]).toEqual([...ids[0]!].sort((x, y) => x - y));
    expect(seen[0]!.map((e) => Number(e.id))).toEqual([...Array(20).keys()].map((i) => i + 1));
    for (const s of streams) s.close();
  });

  it('gives staff one stream of every chat box, resumable by position', async () => {
    const [a, b] = [await contact(), await contact()];
    const lee = await staff();
    const inbox = await openStream(`${server.url}/api/inbox/stream`, lee.idToken);
    expect(inbox.status).toBe(200);
    await send(a.token, a.chatBoxId, 'from a');
    await send(b.token, b.chatBoxId, 'from b');
    const events = await inbox.waitFor((e) => e.event === 'message', 2);
    expect(events.map((e) => e.data.chatBoxId)).toEqual([a.chatBoxId, b.chatBoxId]);
    expect(events.map((e) => e.data.position)).toEqual(events.map((e) => Number(e.id)));
    inbox.close();
    await send(a.token, a.chatBoxId, 'again from a');
    const resumed = await openStream(`${server.url}/api/inbox/stream`, lee.idToken, events[1]!.id);
    const [next] = await resumed.waitFor((e) => e.event === 'message');
    expect(next!.data.message.text).toBe('again from a');
    expect(Number(next!.id)).toBe(Number(events[1]!.id) + 1);
    resumed.close();
    expect((await openStream(`${server.url}/api/inbox/stream`, a.token)).status).toBe(401);
  });

  it('lists the inbox for staff: latest activity first, last message, unread from their own cursor, status filter', async () => {
    const [a, b] = [await contact(), await contact()];
    const [lee, kim] = [await staff(), await staff()];
    await send(a.token, a.chatBoxId, 'a1');
    const a2 = (await send(a.token, a.chatBoxId, 'a2')).body.message;
    await send(b.token, b.chatBoxId, 'b1');
    await send(lee.idToken, b.chatBoxId, 'reply to b');
    const inbox = async (token: string, body: object = {}) => (await call('/api/inbox/list', { token, body })).body.chatBoxes;
    const first = await inbox(lee.idToken);
    expect(first.map((e: { id: string }) => e.id)).toEqual([b.chatBoxId, a.chatBoxId]);
    expect(first[0]).toMatchObject({
      status: 'open',
      unread: 1,
      lastMessage: { text: 'reply to b', sender: { kind: 'staff', id: lee.uid } },
      // The name Lee signed in with (tests/server/authEmulator.ts), from the organisation's record.
      lastSenderName: 'Lee Staff',
    });
    expect(first[1]).toMatchObject({
      unread: 2,
      contact: { id: a.contactId },
      lastMessage: { id: a2.id, text: 'a2' },
      lastSenderName: null,
    });
    // Lee reads a's conversation; Kim's count is Kim's own.
    await call('/api/chat/read', { token: lee.idToken, body: { chatBoxId: a.chatBoxId, messageId: a2.id } });
    const of = (list: { id: string; unread: number }[], id: string) => list.find((entry) => entry.id === id)!;
    expect(of(await inbox(lee.idToken), a.chatBoxId).unread).toBe(0);
    expect(of(await inbox(kim.idToken), a.chatBoxId).unread).toBe(2);
    await call('/api/chat/status', { token: lee.idToken, body: { chatBoxId: a.chatBoxId, status: 'resolved' } });
    expect((await inbox(lee.idToken, { status: 'resolved' })).map((e: { id: string }) => e.id)).toEqual([a.chatBoxId]);
    expect((await inbox(lee.idToken, { status: 'open' })).map((e: { id: string }) => e.id)).toEqual([b.chatBoxId]);
    // Contacts have no inbox.
    expect((await call('/api/inbox/list', { token: a.token, body: {} })).status).toBe(401);
  });

  it('ends open streams when the hub closes (the server stopping), and refuses a bad Last-Event-ID', async () => {
    const ana = await contact();
    const url = `${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`;
    expect((await openStream(url, ana.token, 'x1')).status).toBe(400);
    const unknown = await createChatBox(db, ana.contactId);
    expect((await openStream(`${server.url}/api/chat/stream?chatBoxId=${unknown}`, ana.token)).status).toBe(403);
    const stream = await openStream(url, ana.token);
    expect(stream.comments).toBeDefined();
    await services.chat.close();
    await stream.ended;
    // One that arrives while stopping ends at once.
    const late = await openStream(url, ana.token);
    expect(late.status).toBe(200);
    await late.ended;
  });
});
