import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
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

describe.each(testDatabases)('the staff workspace API on $name', ({ open }) => {
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

  /** An invited contact and a session token for their chat box (or, with `page`, for all of theirs). */
  async function contact(request: { email?: string; name?: string; page?: boolean } = {}) {
    const { contactId, chatBoxId } = await invited(services, request);
    const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    return { contactId, chatBoxId, token: jwt };
  }

  async function staff(role: 'admin' | 'agent' = 'agent', name = 'Lee Staff') {
    const email = `staff-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email, role, name });
    return { email, ...(await signedInUser(emulator.host, email, { name })) };
  }

  const send = (token: string, chatBoxId: string, text: string, extra: object = {}) =>
    call('/api/chat/messages/send', { token, body: { chatBoxId, clientId: randomUUID(), text, ...extra } });
  const list = async (token: string, chatBoxId: string) => (await call('/api/chat/messages/list', { token, body: { chatBoxId } })).body;
  const inbox = async (token: string, body: object = {}) => (await call('/api/inbox/list', { token, body })).body.chatBoxes;
  const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

  it('keeps internal notes from the contact by every endpoint and stream, and shows them to staff', async () => {
    const ana = await contact();
    const lee = await staff();
    const url = `${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`;
    const contactStream = await openStream(url, ana.token);
    const staffStream = await openStream(url, lee.idToken);
    const inboxStream = await openStream(`${server.url}/api/inbox/stream`, lee.idToken);
    await send(ana.token, ana.chatBoxId, 'Hello');
    const note = await send(lee.idToken, ana.chatBoxId, 'Secret: refund approved', { internal: true });
    expect(note.status).toBe(200);
    expect(note.body.message).toMatchObject({ internal: true, text: 'Secret: refund approved' });
    await send(lee.idToken, ana.chatBoxId, 'Hi Ana');
    await staffStream.waitFor((e) => e.event === 'message', 3);
    await inboxStream.waitFor((e) => e.event === 'message', 3);
    await contactStream.waitFor((e) => e.data.message?.text === 'Hi Ana');
    expect(contactStream.events.map((e) => e.data.message?.text)).toEqual(['Hello', 'Hi Ana']);
    expect(staffStream.events.filter((e) => e.data.message?.internal).length).toBe(1);
    // A reconnect replays without it too.
    const replay = await openStream(url, ana.token, 0);
    await replay.waitFor((e) => e.event === 'message', 2);
    expect(replay.events.some((e) => JSON.stringify(e.data).includes('Secret'))).toBe(false);
    for (const stream of [contactStream, staffStream, inboxStream, replay]) stream.close();
    // Lists: staff see three, the contact two; the contact's own list never shows it as the last message.
    expect((await list(lee.idToken, ana.chatBoxId)).messages.map((m: { text: string }) => m.text)).toEqual([
      'Hello',
      'Secret: refund approved',
      'Hi Ana',
    ]);
    const seen = await list(ana.token, ana.chatBoxId);
    expect(JSON.stringify(seen)).not.toContain('Secret');
    await send(lee.idToken, ana.chatBoxId, 'Secret two', { internal: true });
    const boxes = (await call('/api/chat/boxes', { token: ana.token, body: { chatBoxId: ana.chatBoxId } })).body;
    expect(boxes.chatBoxes).toMatchObject([{ id: ana.chatBoxId, lastMessage: { text: 'Hi Ana' }, unread: 1 }]);
    // Paging around a note tells nothing either.
    const before = (
      await call('/api/chat/messages/list', { token: ana.token, body: { chatBoxId: ana.chatBoxId, before: seen.messages[1].id } })
    ).body;
    expect(before.messages.map((m: { text: string }) => m.text)).toEqual(['Hello']);
    // A contact cannot write one.
    const forged = await send(ana.token, ana.chatBoxId, 'Am I staff?', { internal: true });
    expect([forged.status, forged.body.error.code]).toEqual([403, 'not_staff']);
  });

  it('answers a contact as if notes did not exist: a note’s id is unknown, and staff read at a note read before it', async () => {
    const ana = await contact();
    const lee = await staff();
    const hello = (await send(ana.token, ana.chatBoxId, 'Hello')).body.message;
    const note = (await send(lee.idToken, ana.chatBoxId, 'Secret', { internal: true })).body.message;
    const read = (token: string, messageId: number) => call('/api/chat/read', { token, body: { chatBoxId: ana.chatBoxId, messageId } });
    // The contact marking the note read gets the answer any unknown id gets.
    const [onNote, onNothing] = [await read(ana.token, note.id), await read(ana.token, note.id + 1000)];
    expect([onNote.status, onNote.body]).toEqual([onNothing.status, onNothing.body]);
    expect(onNote.status).toBe(404);
    // Staff read up to the note: the contact sees them at "Hello", by stream and list alike.
    const contactStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token, 0);
    expect((await read(lee.idToken, note.id)).body.readCursor.messageId).toBe(note.id);
    const [event] = await contactStream.waitFor((e) => e.event === 'read' && e.data.readCursor.reader.kind === 'staff');
    expect(event!.data.readCursor.messageId).toBe(hello.id);
    const cursors = (await list(ana.token, ana.chatBoxId)).readCursors;
    expect(cursors).toContainEqual({ reader: { kind: 'staff', id: lee.uid }, messageId: hello.id });
    expect(JSON.stringify([contactStream.events, cursors])).not.toContain(`"messageId":${note.id}`);
    // Staff still see where they are.
    expect((await list(lee.idToken, ana.chatBoxId)).readCursors).toContainEqual({
      reader: { kind: 'staff', id: lee.uid },
      messageId: note.id,
    });
    contactStream.close();
  });

  it('assigns to a colleague or to nobody, filters mine and unassigned, and a contact never hears of it', async () => {
    const [a, b] = [await contact(), await contact()];
    const [lee, kim] = [await staff('agent', 'Lee'), await staff('agent', 'Kim')];
    const contactStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${a.chatBoxId}`, a.token);
    const staffStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${a.chatBoxId}`, kim.idToken);
    const assign = (token: string, chatBoxId: string, assignee: string | null) =>
      call('/api/chat/assign', { token, body: { chatBoxId, assignee } });
    const assigned = await assign(kim.idToken, a.chatBoxId, lee.email.toUpperCase());
    // Lee has not called the API yet, so no uid is linked to the record: assignment goes by e-mail.
    expect(assigned.body).toEqual({ assignee: { email: lee.email, name: 'Lee', uid: null } });
    await staffStream.waitFor((e) => e.event === 'assignment');
    expect((await list(kim.idToken, a.chatBoxId)).chatBox.assignee).toMatchObject({ email: lee.email });
    expect((await list(a.token, a.chatBoxId)).chatBox.assignee).toBeNull();
    expect(ids(await inbox(lee.idToken, { assigned: 'me' }))).toEqual([a.chatBoxId]);
    expect(ids(await inbox(kim.idToken, { assigned: 'me' }))).toEqual([]);
    expect(ids(await inbox(kim.idToken, { assigned: 'nobody' }))).toEqual([b.chatBoxId]);
    expect((await inbox(kim.idToken)).find((entry: { id: string }) => entry.id === a.chatBoxId).assignee).toMatchObject({ name: 'Lee' });
    await assign(kim.idToken, a.chatBoxId, null);
    expect(ids(await inbox(kim.idToken, { assigned: 'nobody' })).sort()).toEqual([a.chatBoxId, b.chatBoxId].sort());
    expect((await assign(kim.idToken, a.chatBoxId, 'nobody@example.com')).status).toBe(404);
    expect((await assign(a.token, a.chatBoxId, null)).status).toBe(401);
    await send(kim.idToken, a.chatBoxId, 'After the assignments');
    await contactStream.waitFor((e) => e.event === 'message');
    expect(contactStream.events.map((e) => e.event)).toEqual(['message']);
    contactStream.close();
    staffStream.close();
  });

  it('reopens a resolved conversation when the contact writes, but not when staff do', async () => {
    const ana = await contact();
    const lee = await staff();
    const status = (value: string) => call('/api/chat/status', { token: lee.idToken, body: { chatBoxId: ana.chatBoxId, status: value } });
    await status('resolved');
    await send(lee.idToken, ana.chatBoxId, 'Anything else?');
    expect((await list(lee.idToken, ana.chatBoxId)).chatBox.status).toBe('resolved');
    const stream = await openStream(`${server.url}/api/inbox/stream`, lee.idToken);
    await send(ana.token, ana.chatBoxId, 'Yes, one more thing');
    await stream.waitFor((e) => e.event === 'status' && e.data.status === 'open');
    expect(stream.events.map((e) => e.event)).toEqual(['message', 'status']);
    stream.close();
    expect((await list(ana.token, ana.chatBoxId)).chatBox.status).toBe('open');
  });

  it('keeps who resolved, reopened and assigned, and when, for staff: in their pages and their streams, never the contact’s', async () => {
    const ana = await contact();
    const [dana, ivo] = [await staff('admin', 'Dana'), await staff('agent', 'Ivo')];
    const contactStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    const staffStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ivo.idToken);
    await send(ana.token, ana.chatBoxId, 'Hello');
    await call('/api/chat/assign', { token: dana.idToken, body: { chatBoxId: ana.chatBoxId, assignee: ivo.email } });
    await call('/api/chat/status', { token: ivo.idToken, body: { chatBoxId: ana.chatBoxId, status: 'resolved' } });
    // The contact writing reopens it: nobody on the staff did.
    await send(ana.token, ana.chatBoxId, 'One more thing');

    const { activity } = await list(ivo.idToken, ana.chatBoxId);
    expect(activity).toMatchObject([
      { type: 'assignment', by: dana.uid, assignee: { email: ivo.email } },
      { type: 'status', by: ivo.uid, status: 'resolved' },
      { type: 'status', by: null, status: 'open' },
    ]);
    for (const entry of activity) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(ana.token, ana.chatBoxId)).activity).toEqual([]);

    await staffStream.waitFor((e) => e.event === 'status' && e.data.status === 'open');
    expect(staffStream.events.find((e) => e.event === 'assignment')!.data.by).toBe(dana.uid);
    expect(staffStream.events.find((e) => e.event === 'status')!.data.by).toBe(ivo.uid);
    await contactStream.waitFor((e) => e.event === 'status' && e.data.status === 'open');
    expect(contactStream.events.map((e) => e.event)).toEqual(['message', 'status', 'message', 'status']);
    expect(contactStream.events.some((e) => 'by' in e.data)).toBe(false);
    contactStream.close();
    staffStream.close();
  });

  it('tells open inbox streams of a new chat box at once, and lists it before anyone writes', async () => {
    const [lee, kim] = [await staff(), await staff()];
    const inboxStream = await openStream(`${server.url}/api/inbox/stream`, kim.idToken);
    const invited = await call('/api/invitations/create', {
      token: lee.idToken,
      body: { target: 'newChatBox', email: `new-${randomUUID()}@example.com`, name: 'New Nia', lang: 'en' },
    });
    const { chatBoxId } = invited.body.invitation;
    await inboxStream.waitFor((e) => e.event === 'opened' && e.data.chatBoxId === chatBoxId);
    inboxStream.close();
    expect(ids(await inbox(kim.idToken))).toContain(chatBoxId);
    // At seq 0, before the chat box's own events: its streams start after it, and its first message is seq 1.
    const stream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${chatBoxId}`, kim.idToken, 0);
    await send(kim.idToken, chatBoxId, 'Welcome');
    await stream.waitFor((e) => e.event === 'message');
    expect(stream.events.map((e) => [e.event, e.data.seq])).toEqual([['message', 1]]);
    stream.close();
  });

  it('says which conversations wait for us, counts them, and sorts by waiting longest, newest or oldest activity', async () => {
    const lee = await staff();
    const [a, b, c] = [await contact(), await contact(), await contact()];
    await send(a.token, a.chatBoxId, 'a asks');
    await send(b.token, b.chatBoxId, 'b asks');
    await send(c.token, c.chatBoxId, 'c asks');
    await send(lee.idToken, c.chatBoxId, 'c answered');
    // A note answers nobody: b still waits.
    await send(lee.idToken, b.chatBoxId, 'looking into it', { internal: true });
    const list = async (body: object = {}) => (await call('/api/inbox/list', { token: lee.idToken, body })).body;

    const all = await list();
    expect(all.waiting).toBe(2);
    expect(ids(all.chatBoxes)).toEqual([b.chatBoxId, c.chatBoxId, a.chatBoxId]);
    const byId = Object.fromEntries(all.chatBoxes.map((entry: { id: string }) => [entry.id, entry]));
    expect(byId[a.chatBoxId]).toMatchObject({ waiting: true, contactWroteAt: expect.any(String) });
    expect(byId[c.chatBoxId]).toMatchObject({ waiting: false, contactWroteAt: expect.any(String) });
    expect(Date.parse(byId[a.chatBoxId].contactWroteAt)).toBeLessThanOrEqual(Date.parse(byId[b.chatBoxId].contactWroteAt));

    expect(ids((await list({ waiting: true })).chatBoxes)).toEqual([b.chatBoxId, a.chatBoxId]);
    expect(ids((await list({ sort: 'waitingLongest' })).chatBoxes)).toEqual([a.chatBoxId, b.chatBoxId, c.chatBoxId]);
    expect(ids((await list({ sort: 'oldest' })).chatBoxes)).toEqual([a.chatBoxId, c.chatBoxId, b.chatBoxId]);

    // Resolved, a conversation waits for nobody; the contact writing again reopens it and it waits again.
    await call('/api/chat/status', { token: lee.idToken, body: { chatBoxId: a.chatBoxId, status: 'resolved' } });
    expect((await list()).waiting).toBe(1);
    await send(a.token, a.chatBoxId, 'one more thing');
    expect((await list({ waiting: true, sort: 'waitingLongest' })).chatBoxes.map((e: { id: string }) => e.id)).toEqual([
      b.chatBoxId,
      a.chatBoxId,
    ]);
  });

  it('searches message text in every script, case-insensitively, with wildcards taken literally', async () => {
    const [a, b, c] = [await contact(), await contact(), await contact()];
    const lee = await staff();
    await send(a.token, a.chatBoxId, 'Mein Passwort funktioniert nicht');
    await send(b.token, b.chatBoxId, '我的密码不能用了');
    await send(c.token, c.chatBoxId, 'รหัสผ่านของฉันใช้ไม่ได้');
    await send(c.token, c.chatBoxId, 'ПАРОЛЬ 100% забыт');
    await send(lee.idToken, b.chatBoxId, 'Note about ＰＡＳＳＷＯＲＴ', { internal: true });
    const search = async (query: string) => inbox(lee.idToken, { query });
    expect(ids(await search('passwort'))).toEqual([b.chatBoxId, a.chatBoxId]);
    expect((await search('passwort'))[0].match).toMatchObject({ internal: true });
    expect(ids(await search('密码'))).toEqual([b.chatBoxId]);
    expect(ids(await search('ใช้ไม่ได้'))).toEqual([c.chatBoxId]);
    const russian = await search('пароль');
    expect(ids(russian)).toEqual([c.chatBoxId]);
    expect(russian[0].match.text).toBe('ПАРОЛЬ 100% забыт');
    expect(ids(await search('100%'))).toEqual([c.chatBoxId]);
    expect(ids(await search('%'))).toEqual([c.chatBoxId]);
    expect(ids(await search('_'))).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
    expect((await call('/api/inbox/list', { token: lee.idToken, body: { query: 'x'.repeat(201) } })).status).toBe(400);
  });

  it('manages staff: admins add, change and remove; agents cannot; the last admin stays', async () => {
    const admin = await staff('admin', 'Ada');
    const agent = await staff('agent', 'Abe');
    const as = (token: string, path: string, body: object = {}) => call(`/api/staff/${path}`, { token, body });
    const listed = (await as(agent.idToken, 'list')).body.staff;
    expect(listed.map((s: { email: string }) => s.email).sort()).toEqual([admin.email, agent.email].sort());
    for (const [path, body] of [
      ['add', { email: 'new@example.com', role: 'agent' }],
      ['role', { email: admin.email, role: 'agent' }],
      ['remove', { email: admin.email }],
    ] as const) {
      const refused = await as(agent.idToken, path, body);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'not_admin']);
    }
    // The last admin can be neither demoted nor removed, not even by themselves.
    for (const [path, body] of [
      ['role', { email: admin.email, role: 'agent' }],
      ['remove', { email: admin.email }],
      ['add', { email: admin.email, role: 'agent' }],
    ] as const) {
      const refused = await as(admin.idToken, path, body);
      expect([refused.status, refused.body.error.code]).toEqual([409, 'last_admin']);
    }
    const added = await as(admin.idToken, 'add', { email: 'Nia@Example.com', role: 'agent', name: 'Nia' });
    expect(added.body.member).toMatchObject({ email: 'Nia@Example.com', role: 'agent', name: 'Nia', uid: null });
    expect((await as(admin.idToken, 'role', { email: agent.email, role: 'admin' })).body.member.role).toBe('admin');
    expect((await as(admin.idToken, 'role', { email: 'ghost@example.com', role: 'admin' })).status).toBe(404);
    // Now there are two admins: the first may step down.
    expect((await as(admin.idToken, 'role', { email: admin.email, role: 'agent' })).status).toBe(200);
    expect((await as(admin.idToken, 'add', { email: 'x@example.com', role: 'agent' })).body.error.code).toBe('not_admin');
    expect((await as(agent.idToken, 'role', { email: admin.email, role: 'admin' })).status).toBe(200);
    // Removing someone keeps their name on their messages, unassigns them, and ends their access.
    const ana = await contact();
    const said = (await send(agent.idToken, ana.chatBoxId, 'I was here')).body.message;
    await call('/api/chat/assign', { token: admin.idToken, body: { chatBoxId: ana.chatBoxId, assignee: agent.email } });
    expect((await as(admin.idToken, 'remove', { email: agent.email })).body).toEqual({ ok: true });
    expect((await as(admin.idToken, 'remove', { email: agent.email })).status).toBe(404);
    expect((await call('/api/me', { token: agent.idToken, method: 'GET' })).body.error.code).toBe('not_staff');
    const name = await call('/api/organizationUsers/get', { token: ana.token, body: { chatBoxId: ana.chatBoxId, uid: said.sender.id } });
    expect(name.body.organizationUser).toMatchObject({ name: 'Abe' });
    expect((await list(admin.idToken, ana.chatBoxId)).chatBox.assignee).toBeNull();
    expect((await as(admin.idToken, 'list')).body.staff.map((s: { email: string }) => s.email)).not.toContain(agent.email);
    // Added again, they are back.
    await as(admin.idToken, 'add', { email: agent.email, role: 'agent' });
    expect((await call('/api/me', { token: agent.idToken, method: 'GET' })).status).toBe(200);
  });

  it('takes no text that lies about itself: names lose bidi controls, invisible messages and NUL anywhere are refused', async () => {
    const lee = await staff();
    const spoof = 'Invoice \u202egnp.exe';
    const invited = await call('/api/invitations/create', {
      token: lee.idToken,
      body: { target: 'newChatBox', email: `eve-${randomUUID()}@example.com`, name: spoof, lang: 'en' },
    });
    expect(invited.status).toBe(200);
    const [{ name }] = (await db.query<{ name: string }>('select name from contacts where id = $1', [
      invited.body.invitation.contactId,
    ])) as [{ name: string }];
    expect(name).toBe('Invoice gnp.exe');
    const added = await call('/api/staff/add', {
      token: (await staff('admin')).idToken,
      body: { email: `kim-${randomUUID()}@example.com`, role: 'agent', name: '\u2067Kim\u2069' },
    });
    expect(added.body.member.name).toBe('Kim');
    const ana = await contact();
    for (const text of ['\u200b\u200b', '\u2066\u2069 \u200d', '\u3164', '\ufeff']) {
      const refused = await send(ana.token, ana.chatBoxId, text);
      expect([refused.status, refused.body.error.code], JSON.stringify(text)).toEqual([400, 'invalid_body']);
    }
    expect((await send(ana.token, ana.chatBoxId, 'ok\u200b')).status).toBe(200);
    // A NUL in any field (here one the schema would otherwise not look at) is refused before the database sees it.
    const nul = await call('/api/helpful', { body: { lang: 'en', article: 'a/b', helpful: true, extra: 'x\u0000y' } });
    expect([nul.status, nul.body.error.issues]).toEqual([
      400,
      [{ path: 'extra', message: 'must be text (no NUL character, well-formed)' }],
    ]);
    const inName = await call('/api/invitations/create', {
      token: lee.idToken,
      body: { target: 'newChatBox', email: 'nul@example.com', name: 'A\u0000B', lang: 'en' },
    });
    expect([inName.status, inName.body.error.issues[0].path]).toEqual([400, 'name']);
  });

  it('invites from the browser like the command-line tool: new chat box, existing one (the old code dies), page; errors by field', async () => {
    const lee = await staff();
    const create = (body: object, token = lee.idToken) => call('/api/invitations/create', { token, body });
    const first = await create({ target: 'newChatBox', email: 'ana@example.com', name: 'Ana', lang: 'he' });
    expect(first.status).toBe(200);
    const { invitation } = first.body;
    expect(invitation).toMatchObject({ contactCreated: true, chatBoxId: expect.stringMatching(/^cb_/) });
    expect(new URL(invitation.link).pathname).toBe(`/he/chat/${invitation.chatBoxId}`);
    expect(Date.parse(invitation.expiresAt)).toBeGreaterThan(Date.now());
    const codeOf = (link: string) => new URL(link).searchParams.get('cs_otp')!;
    const verify = (link: string) =>
      call('/api/chat/verify', {
        body: { chatBoxId: invitation.chatBoxId, contactId: invitation.contactId, otp: codeOf(link), token: 'test-token' },
      });
    const again = (await create({ target: 'chatBox', chatBoxId: invitation.chatBoxId, email: 'ANA@example.com' })).body.invitation;
    expect(again).toMatchObject({ contactCreated: false, chatBoxId: invitation.chatBoxId, contactId: invitation.contactId });
    expect((await verify(invitation.link)).status).toBe(401);
    expect((await verify(again.link)).status).toBe(200);
    const page = (await create({ target: 'page', email: 'ana@example.com' })).body.invitation;
    expect(page.chatBoxId).toBeNull();
    expect(new URL(page.link).pathname).toBe('/he/chat');
    const other = await create({ target: 'chatBox', chatBoxId: invitation.chatBoxId, email: 'bo@example.com' });
    expect(other.status).toBe(400);
    expect(other.body.error.issues).toEqual([{ path: 'chatBoxId', message: expect.stringMatching(/another contact/) }]);
    const bad = await create({ target: 'newChatBox', email: 'not an address', lang: 'xx' });
    expect(bad.body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['email', 'lang']);
    const ana = await contact();
    expect((await create({ target: 'page', email: 'x@example.com' }, ana.token)).status).toBe(401);
  });

  it('shows staff a contact’s details, and lets the contact list their own chat boxes', async () => {
    const email = `ana-${randomUUID()}@example.com`;
    const ana = await contact({ email });
    const second = await invited(services, { email });
    const page = await contact({ email, page: true });
    const lee = await staff();
    await send(lee.idToken, second.chatBoxId, 'In the second one');
    const details = (await call('/api/contacts/details', { token: lee.idToken, body: { contactId: ana.contactId } })).body;
    expect(details.contact).toMatchObject({ id: ana.contactId, email });
    expect(ids(details.chatBoxes)).toEqual([second.chatBoxId, ana.chatBoxId]);
    expect(details.chatBoxes[0]).toMatchObject({ status: 'open', messages: 1 });
    expect((await call('/api/contacts/details', { token: page.token, body: { contactId: ana.contactId } })).status).toBe(401);
    // The page session sees both; a chat box session only its own; nobody sees another contact's.
    const own = async (token: string, chatBoxId: string) => (await call('/api/chat/boxes', { token, body: { chatBoxId } })).body;
    const all = await own(page.token, 'page');
    expect(ids(all.chatBoxes)).toEqual([second.chatBoxId, ana.chatBoxId]);
    expect(all.chatBoxes[0]).toMatchObject({ unread: 1, lastMessage: { text: 'In the second one' } });
    expect(ids((await own(ana.token, ana.chatBoxId)).chatBoxes)).toEqual([ana.chatBoxId]);
    const bo = await contact();
    expect((await call('/api/chat/boxes', { token: bo.token, body: { chatBoxId: ana.chatBoxId } })).status).toBe(403);
  });

  it('exports everything about a contact for admins, then erases them: data gone, sessions and streams ended', async () => {
    const email = `erase-${randomUUID()}@example.com`;
    const ana = await contact({ email });
    const [admin, agent] = [await staff('admin'), await staff('agent')];
    await send(ana.token, ana.chatBoxId, 'My address is 1 Main St');
    await send(admin.idToken, ana.chatBoxId, 'Checked their order', { internal: true });
    const exported = await call('/api/contacts/export', { token: admin.idToken, body: { contactId: ana.contactId, audience: 'team' } });
    expect(exported.status).toBe(200);
    const document = exported.body.export;
    // The copy to hand over, and the default: the note is not in it, as if it never existed.
    const forContact = (await call('/api/contacts/export', { token: admin.idToken, body: { contactId: ana.contactId } })).body.export;
    expect(forContact.chatBoxes[0].messages).toMatchObject([{ from: 'contact', internal: false, text: 'My address is 1 Main St' }]);
    expect(JSON.stringify(forContact)).not.toContain('Checked their order');
    expect(document.contact).toMatchObject({ id: ana.contactId, email });
    expect(document.chatBoxes[0].messages).toMatchObject([
      { from: 'contact', internal: false, text: 'My address is 1 Main St' },
      { from: 'staff', internal: true, text: 'Checked their order' },
    ]);
    expect(document.codes.length).toBe(1);
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/hash|\$argon|code_hash/i);
    expect(text).not.toContain(admin.uid);
    expect((await call('/api/contacts/export', { token: agent.idToken, body: { contactId: ana.contactId } })).body.error.code).toBe(
      'not_admin',
    );

    const stream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    const erase = (confirmEmail: string, token = admin.idToken) =>
      call('/api/contacts/erase', { token, body: { contactId: ana.contactId, confirmEmail } });
    expect((await erase(email, agent.idToken)).body.error.code).toBe('not_admin');
    const wrong = await erase('someone@example.com');
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'confirmation_mismatch']);
    expect((await erase(email.toUpperCase())).body).toEqual({ erased: { chatBoxes: 1, messages: 2 } });
    await stream.ended;
    for (const table of ['contacts', 'chat_boxes', 'messages', 'one_time_codes', 'chat_events', 'read_cursors']) {
      expect(await db.query(`select 1 from ${table}`), table).toEqual([]);
    }
    const after = await call('/api/chat/messages/list', { token: ana.token, body: { chatBoxId: ana.chatBoxId } });
    expect([after.status, after.body.error.code]).toEqual([401, 'session_ended']);
    expect((await erase(email)).status).toBe(404);
  });
  it('finds contacts by part of the name or e-mail, most recently seen first, with first and last seen and their conversations', async () => {
    const lee = await staff();
    const directory = async (body: object, token = lee.idToken) => call('/api/contacts/list', { token, body });
    const anaEmail = `ana.lima-${randomUUID()}@example.com`;
    const ana = await contact({ email: anaEmail, name: 'Ana Lima' });
    await invited(services, { email: anaEmail, name: 'Ana Lima' });
    const bo = await contact({ email: `bo-${randomUUID()}@example.com`, name: 'Bo 100% Real_Name' });
    const quiet = await contact({ email: `quiet-${randomUUID()}@example.com`, name: 'Quiet Person' });
    await send(bo.token, bo.chatBoxId, 'First');
    await send(ana.token, ana.chatBoxId, 'Later');

    // Everyone: the one who wrote last first; one who never wrote nor came in after them.
    const everyone = await directory({});
    expect(everyone.status).toBe(200);
    expect(ids(everyone.body.contacts)).toEqual([ana.contactId, bo.contactId, quiet.contactId]);
    const [first] = everyone.body.contacts;
    expect(first).toMatchObject({ name: 'Ana Lima', conversations: 2, lang: 'en' });
    expect(Date.parse(first.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    expect(everyone.body.contacts[2].lastSeenAt).toBeNull();

    // By name in any case, by part of the e-mail; % and _ mean themselves.
    expect(ids((await directory({ query: 'LIMA' })).body.contacts)).toEqual([ana.contactId]);
    expect(ids((await directory({ query: 'ana.lima-' })).body.contacts)).toEqual([ana.contactId]);
    expect(ids((await directory({ query: '100%' })).body.contacts)).toEqual([bo.contactId]);
    expect(ids((await directory({ query: 'l_ma' })).body.contacts)).toEqual([]);
    expect((await directory({ query: 'nobody-like-this' })).body).toEqual({ contacts: [], hasMore: false });

    // Pages.
    const page = await directory({ limit: 2 });
    expect([page.body.contacts.length, page.body.hasMore]).toEqual([2, true]);
    expect(ids((await directory({ limit: 2, offset: 2 })).body.contacts)).toEqual([quiet.contactId]);

    // The details say when the contact was last seen; a contact's own token gets neither.
    const details = await call('/api/contacts/details', { token: lee.idToken, body: { contactId: ana.contactId } });
    expect(details.body.lastSeenAt).toBe(first.lastSeenAt);
    expect((await directory({}, ana.token)).status).toBe(401);
    expect((await directory({ limit: 51 })).status).toBe(400);
  });
});
