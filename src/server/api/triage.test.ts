import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { wakeDue } from '../chat/triage.ts';
import { closeServices, type Services } from '../services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();

describe.each(testDatabases)('triage (tags, priority, snooze, bulk actions) on $name', ({ open }) => {
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

  async function contact(name = 'Ana') {
    const { contactId, chatBoxId } = await invited(services, { name });
    const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
    const { jwt } = await issueSessionToken(services.keys.sessionTokens, grant, 24);
    return { contactId, chatBoxId, token: jwt };
  }
  async function staff(role: 'admin' | 'agent' = 'agent') {
    const email = `staff-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db, { email, role, name: 'Lee' });
    return { email, ...(await signedInUser(emulator.host, email, { name: 'Lee' })) };
  }
  const post = async (path: string, token: string, body: object = {}) => call(path, { token, body });
  const inboxIds = async (token: string, body: object) =>
    ((await post('/api/inbox/list', token, body)).body.chatBoxes as { id: string }[]).map((entry) => entry.id);
  const activity = async (token: string, chatBoxId: string) =>
    (await post('/api/chat/messages/list', token, { chatBoxId })).body.activity as { type: string }[];

  it('keeps a tag list admins manage and agents apply, filters by tag, and shows the change to staff only', async () => {
    const admin = await staff('admin');
    const agent = await staff();
    const ana = await contact();
    const bo = await contact('Bo');
    const billing = (await post('/api/tags/create', admin.idToken, { name: ' Billing ' })).body.tag;
    expect(billing).toMatchObject({ name: 'Billing' });
    const bug = (await post('/api/tags/create', admin.idToken, { name: 'Bug' })).body.tag;
    expect((await post('/api/tags/create', admin.idToken, { name: 'BILLING' })).body.error.code).toBe('tag_exists');
    expect((await post('/api/tags/create', agent.idToken, { name: 'Mine' })).status).toBe(403);
    expect((await post('/api/tags/create', admin.idToken, { name: '' })).status).toBe(400);

    const staffStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, agent.idToken);
    const contactStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    const tagged = await post('/api/chat/tags', agent.idToken, { chatBoxId: ana.chatBoxId, add: [billing.id, bug.id] });
    expect(tagged.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Billing', 'Bug']);
    const event = await staffStream.waitFor((e) => e.event === 'tags');
    expect(event[0]!.data).toMatchObject({ added: ['Billing', 'Bug'], removed: [], by: agent.uid });
    // The same again changes nothing and makes no event; taking one off does.
    await post('/api/chat/tags', agent.idToken, { chatBoxId: ana.chatBoxId, add: [billing.id] });
    await post('/api/chat/tags', agent.idToken, { chatBoxId: ana.chatBoxId, remove: [bug.id] });
    await staffStream.waitFor((e) => e.event === 'tags', 2);
    expect(staffStream.events.filter((e) => e.event === 'tags')).toHaveLength(2);
    expect((await post('/api/chat/tags', agent.idToken, { chatBoxId: ana.chatBoxId, add: [999_999] })).status).toBe(404);

    expect(await inboxIds(agent.idToken, { tag: billing.id })).toEqual([ana.chatBoxId]);
    expect((await inboxIds(agent.idToken, {})).sort()).toEqual([ana.chatBoxId, bo.chatBoxId].sort());
    const listed = (await post('/api/tags/list', agent.idToken)).body.tags;
    expect(listed).toEqual([
      { id: billing.id, name: 'Billing', uses: 1 },
      { id: bug.id, name: 'Bug', uses: 0 },
    ]);
    // Renamed: the conversation shows the new name; deleted: it is gone from the conversation.
    await post('/api/tags/rename', admin.idToken, { id: billing.id, name: 'Invoices' });
    const page = await post('/api/chat/messages/list', agent.idToken, { chatBoxId: ana.chatBoxId });
    expect(page.body.chatBox.tags).toEqual([{ id: billing.id, name: 'Invoices' }]);
    expect(page.body.activity.filter((line: { type: string }) => line.type === 'tags')).toMatchObject([
      { added: ['Billing', 'Bug'], removed: [], by: agent.uid },
      { added: [], removed: ['Bug'], by: agent.uid },
    ]);
    expect((await post('/api/tags/delete', admin.idToken, { id: billing.id })).body).toEqual({ ok: true });
    expect((await post('/api/chat/messages/list', agent.idToken, { chatBoxId: ana.chatBoxId })).body.chatBox.tags).toEqual([]);

    // The contact: no tags event on the stream, nothing in their page.
    await post('/api/chat/messages/send', ana.token, { chatBoxId: ana.chatBoxId, clientId: randomUUID(), text: 'Hi' });
    await contactStream.waitFor((e) => e.event === 'message');
    expect(contactStream.events.map((e) => e.event)).toEqual(['message']);
    const theirs = (await post('/api/chat/messages/list', ana.token, { chatBoxId: ana.chatBoxId })).body;
    expect(theirs.chatBox).not.toHaveProperty('tags');
    // A contact's history holds only the away answers they were given (office hours), none here.
    expect(theirs.activity).toEqual([]);
    staffStream.close();
    contactStream.close();
  });

  it('sets a priority, shown in the inbox and the history', async () => {
    const agent = await staff();
    const ana = await contact();
    expect((await post('/api/chat/priority', agent.idToken, { chatBoxId: ana.chatBoxId, priority: 'urgent' })).body).toEqual({
      priority: 'urgent',
    });
    expect((await post('/api/chat/priority', agent.idToken, { chatBoxId: ana.chatBoxId, priority: 'dire' })).status).toBe(400);
    const [entry] = (await post('/api/inbox/list', agent.idToken, {})).body.chatBoxes;
    expect(entry).toMatchObject({ priority: 'urgent', tags: [], snoozedUntil: null });
    await post('/api/chat/priority', agent.idToken, { chatBoxId: ana.chatBoxId, priority: null });
    expect(await activity(agent.idToken, ana.chatBoxId)).toMatchObject([
      { type: 'priority', priority: 'urgent', by: agent.uid },
      { type: 'priority', priority: null, by: agent.uid },
    ]);
  });

  it('snoozes: out of the open list and the waiting count until the time comes or the contact writes, each with an event', async () => {
    const agent = await staff();
    const ana = await contact();
    const bo = await contact('Bo');
    for (const who of [ana, bo]) {
      await post('/api/chat/messages/send', who.token, { chatBoxId: who.chatBoxId, clientId: randomUUID(), text: 'Help' });
    }
    const until = new Date(Date.now() + 3600_000).toISOString();
    expect((await post('/api/chat/snooze', agent.idToken, { chatBoxId: ana.chatBoxId, until })).body).toEqual({ snoozedUntil: until });
    expect(await inboxIds(agent.idToken, { status: 'open' })).toEqual([bo.chatBoxId]);
    expect(await inboxIds(agent.idToken, { status: 'snoozed' })).toEqual([ana.chatBoxId]);
    expect((await post('/api/inbox/list', agent.idToken, {})).body.waiting).toBe(1);
    expect(
      (await post('/api/chat/snooze', agent.idToken, { chatBoxId: ana.chatBoxId, until: new Date(Date.now() - 1000).toISOString() }))
        .status,
    ).toBe(400);

    // The contact writes: awake at once, by nobody.
    await post('/api/chat/messages/send', ana.token, { chatBoxId: ana.chatBoxId, clientId: randomUUID(), text: 'Still there?' });
    expect((await inboxIds(agent.idToken, { status: 'open' })).sort()).toEqual([ana.chatBoxId, bo.chatBoxId].sort());
    expect((await activity(agent.idToken, ana.chatBoxId)).filter((line) => line.type === 'snooze')).toMatchObject([
      { until, by: agent.uid },
      { until: null, by: null },
    ]);

    // Its time comes: the scan wakes it once, whichever process runs it; one snoozed again meanwhile stays.
    await post('/api/chat/snooze', agent.idToken, { chatBoxId: bo.chatBoxId, until });
    await post('/api/chat/snooze', agent.idToken, { chatBoxId: ana.chatBoxId, until });
    await db.query(`update chat_boxes set snoozed_until = now() - interval '1 second' where id = $1`, [bo.chatBoxId]);
    expect(await Promise.all([wakeDue(services), wakeDue(services)])).toEqual(expect.arrayContaining([1]));
    expect(await inboxIds(agent.idToken, { status: 'snoozed' })).toEqual([ana.chatBoxId]);
    expect((await activity(agent.idToken, bo.chatBoxId)).filter((line) => line.type === 'snooze')).toHaveLength(2);

    // Resolving ends a snooze; a resolved conversation cannot be snoozed.
    await post('/api/chat/status', agent.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect(await inboxIds(agent.idToken, { status: 'snoozed' })).toEqual([]);
    expect((await post('/api/chat/snooze', agent.idToken, { chatBoxId: ana.chatBoxId, until })).status).toBe(409);
  });

  it('applies one action to many selected conversations, each on its own', async () => {
    const admin = await staff('admin');
    const agent = await staff();
    const [ana, bo] = [await contact(), await contact('Bo')];
    const vip = (await post('/api/tags/create', admin.idToken, { name: 'VIP' })).body.tag;
    const missing = `cb_${'0'.repeat(20)}`;
    const bulk = (action: object, chatBoxIds = [ana.chatBoxId, bo.chatBoxId, missing]) =>
      post('/api/inbox/bulk', agent.idToken, { chatBoxIds, action });

    expect((await bulk({ type: 'assign', assignee: agent.email })).body).toEqual({
      done: [ana.chatBoxId, bo.chatBoxId],
      failed: [{ chatBoxId: missing, code: 'not_found' }],
    });
    expect(await inboxIds(agent.idToken, { assigned: 'me' })).toHaveLength(2);
    await bulk({ type: 'tag', tagId: vip.id, add: true });
    expect((await inboxIds(agent.idToken, { tag: vip.id })).sort()).toEqual([ana.chatBoxId, bo.chatBoxId].sort());
    await bulk({ type: 'status', status: 'resolved' });
    expect(await inboxIds(agent.idToken, { status: 'open' })).toEqual([]);
    expect((await bulk({ type: 'status', status: 'closed' })).status).toBe(400);
    expect((await post('/api/inbox/bulk', agent.idToken, { chatBoxIds: [], action: { type: 'status', status: 'open' } })).status).toBe(400);
    expect(
      (await post('/api/inbox/bulk', (await contact()).token, { chatBoxIds: [ana.chatBoxId], action: { type: 'status', status: 'open' } }))
        .status,
    ).toBe(401);
  });
});
