import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message, Participant } from '../../lib/api/chat.ts';
import { createConversation, type Conversation } from '../../stores/conversation.ts';
import { forgetOrganizationUsers, $organizationUsers } from '../../stores/organizationUsers.ts';
import { isChatEvent, startLiveConversation, type LiveConversation } from './liveConversation.ts';

const staffMessage: Message = {
  id: 1,
  chatBoxId: 'cb_1',
  clientId: 'a',
  sender: { kind: 'staff', id: 'uid-1' },
  text: 'Hello',
  createdAt: '2026-01-01T10:00:00Z',
};
let server: Server;
let origin: string;
let refuseList = false;
const calls: { path: string; body: Record<string, unknown>; lastEventId?: string | undefined }[] = [];
const streams: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url!.startsWith('/api/chat/stream')) {
      calls.push({ path: '/api/chat/stream', body: {}, lastEventId: req.headers['last-event-id'] as string });
      res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
      streams.push(res);
      return;
    }
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', (): void => {
      const body = JSON.parse(text) as Record<string, unknown>;
      calls.push({ path: req.url!, body });
      const json = (status: number, answer: unknown): void =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (req.url === '/api/chat/messages/list') {
        if (refuseList) return json(403, { error: { code: 'out_of_scope', message: 'no' } });
        return json(200, {
          chatBox: { id: 'cb_1', status: 'open', contact: { id: 'ct_1', name: 'Ada' }, assignee: null, seq: 5 },
          messages: [staffMessage],
          hasOlder: false,
          hasNewer: false,
          readCursors: [],
        });
      }
      if (req.url === '/api/chat/messages/send') {
        return json(200, {
          message: {
            id: 2,
            chatBoxId: 'cb_1',
            clientId: body['clientId'],
            sender: { kind: 'contact', id: 'ct_1' },
            text: body['text'],
            createdAt: '2026-01-01T10:01:00Z',
            ...(body['internal'] === true && { internal: true }),
          },
        });
      }
      if (req.url === '/api/chat/read')
        return json(200, { readCursor: { reader: { kind: 'contact', id: 'ct_1' }, messageId: body['messageId'] } });
      if (req.url === '/api/chat/status') return json(200, { status: body['status'] });
      if (req.url === '/api/chat/assign') {
        const email = body['assignee'] as string | null;
        return json(200, { assignee: email && { email, name: 'Lee', uid: 'uid-1' } });
      }
      if (req.url === '/api/organizationUsers/get')
        return json(200, { organizationUser: { uid: body['uid'], name: 'Lee', avatarUrl: null } });
      return json(200, { ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let conversation: Conversation;
let live: LiveConversation;
afterEach(() => {
  live.close();
  for (const res of streams.splice(0)) res.destroy();
  calls.length = 0;
  refuseList = false;
  forgetOrganizationUsers();
});

function start(me: Participant = { kind: 'contact', id: 'ct_1' }) {
  conversation = createConversation(me);
  live = startLiveConversation({ chatBoxId: 'cb_1', getToken: async () => 'token', conversation, origin, wakeUps: () => () => {} });
}

describe('a live conversation', () => {
  it('loads the newest page, streams from its seq, and applies events and typing', async () => {
    start();
    await vi.waitFor(() => expect(conversation.$conversation.get().connection).toBe('open'));
    expect(calls.find((call) => call.path === '/api/chat/stream')?.lastEventId).toBe('5');
    await vi.waitFor(() => expect($organizationUsers.get()['uid-1']?.name).toBe('Lee'));
    streams[0]!.write(`event: typing\ndata: ${JSON.stringify({ type: 'typing', chatBoxId: 'cb_1', sender: staffMessage.sender })}\n\n`);
    await vi.waitFor(() => expect(conversation.$typingNow.get()).toHaveLength(1));
    const next = { ...staffMessage, id: 3, clientId: 'b', text: 'Still there?' };
    streams[0]!.write(
      `event: message\nid: 6\ndata: ${JSON.stringify({ type: 'message', chatBoxId: 'cb_1', seq: 6, position: 1, message: next })}\n\n`,
    );
    await vi.waitFor(() => expect(conversation.$timeline.get().map((entry) => entry.text)).toEqual(['Hello', 'Still there?']));
    expect(conversation.$typingNow.get()).toEqual([]);
  });

  it('sends through the outbox and shows the message sent; refuses too long a text without a request', async () => {
    start();
    await vi.waitFor(() => expect(conversation.$conversation.get().loaded).toBe(true));
    expect(live.send('x'.repeat(4001))).toEqual({ ok: false, problem: 'tooLong', over: 1 });
    expect(live.send('  Hi there ')).toEqual({ ok: true, text: 'Hi there' });
    await vi.waitFor(() => expect(conversation.$timeline.get().at(-1)).toMatchObject({ text: 'Hi there', delivery: 'sent' }));
    const sends = calls.filter((call) => call.path === '/api/chat/messages/send');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body['clientId']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('marks read once up to the newest message of the other side, and signals typing at most every 2 s', async () => {
    start();
    await vi.waitFor(() => expect(conversation.$unreadUpTo.get()).toBe(1));
    await live.markRead();
    await live.markRead();
    expect(calls.filter((call) => call.path === '/api/chat/read').map((call) => call.body)).toEqual([{ chatBoxId: 'cb_1', messageId: 1 }]);
    expect(conversation.$unreadUpTo.get()).toBeUndefined();
    live.typing(10_000);
    live.typing(11_999);
    live.typing(12_000);
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/api/chat/typing')).toHaveLength(2));
  });

  it('stops with the server’s code when the chat box is not the caller’s', async () => {
    refuseList = true;
    start();
    await vi.waitFor(() => expect(conversation.$conversation.get()).toMatchObject({ connection: 'stopped', stoppedBy: 'out_of_scope' }));
  });

  it('applies assignment and status events from the stream, and a staff member’s own changes from the answers', async () => {
    start({ kind: 'staff', id: 'uid-2' });
    await vi.waitFor(() => expect(conversation.$conversation.get().connection).toBe('open'));
    expect(conversation.$conversation.get()).toMatchObject({ status: 'open', assignee: null });
    const lee = { email: 'lee@example.com', name: 'Lee', uid: 'uid-1' };
    const at = '2026-01-01T10:05:00.000Z';
    streams[0]!.write(
      `event: assignment\nid: 6\ndata: ${JSON.stringify({ type: 'assignment', chatBoxId: 'cb_1', seq: 6, assignee: lee, by: 'uid-3', at })}\n\n`,
    );
    streams[0]!.write(
      `event: status\nid: 7\ndata: ${JSON.stringify({ type: 'status', chatBoxId: 'cb_1', seq: 7, status: 'resolved', by: 'uid-3', at })}\n\n`,
    );
    await vi.waitFor(() => expect(conversation.$conversation.get()).toMatchObject({ status: 'resolved', assignee: lee }));
    // Each a line of the history, and who did it is looked up once.
    expect(conversation.$conversation.get().activity).toEqual([
      { type: 'assignment', seq: 6, at, by: 'uid-3', assignee: lee },
      { type: 'status', seq: 7, at, by: 'uid-3', status: 'resolved' },
    ]);
    await vi.waitFor(() => expect($organizationUsers.get()['uid-3']).toMatchObject({ name: 'Lee' }));
    expect(calls.filter((call) => call.path === '/api/organizationUsers/get' && call.body['uid'] === 'uid-3')).toHaveLength(1);

    await live.setStatus('open');
    await live.assign(null);
    expect(conversation.$conversation.get()).toMatchObject({ status: 'open', assignee: null });
    await live.assign('lee@example.com');
    expect(conversation.$conversation.get().assignee).toEqual(lee);
    expect(calls.filter((call) => call.path === '/api/chat/status' || call.path === '/api/chat/assign').map((call) => call.body)).toEqual([
      { chatBoxId: 'cb_1', status: 'open' },
      { chatBoxId: 'cb_1', assignee: null },
      { chatBoxId: 'cb_1', assignee: 'lee@example.com' },
    ]);
  });

  it('sends a staff member’s note with internal: true, and shows it as a note', async () => {
    start({ kind: 'staff', id: 'uid-2' });
    await vi.waitFor(() => expect(conversation.$conversation.get().loaded).toBe(true));
    live.send('Only for us', { internal: true });
    live.send('For the contact');
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/api/chat/messages/send')).toHaveLength(2));
    const sends = calls.filter((call) => call.path === '/api/chat/messages/send').map((call) => call.body);
    expect(sends[0]).toMatchObject({ text: 'Only for us', internal: true });
    expect(sends[1]).not.toHaveProperty('internal');
  });

  it('never sends a contact’s message as a note', async () => {
    start();
    await vi.waitFor(() => expect(conversation.$conversation.get().loaded).toBe(true));
    live.send('Hi', { internal: true });
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/api/chat/messages/send')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/chat/messages/send')!.body).not.toHaveProperty('internal');
  });
});

describe('the stream’s event guard', () => {
  const base = { chatBoxId: 'cb_1', seq: 3 };
  it('lets an assignment through with an assignee or nobody', () => {
    expect(isChatEvent({ ...base, type: 'assignment', assignee: null })).toBe(true);
    expect(isChatEvent({ ...base, type: 'assignment', assignee: { email: 'a@example.com', name: 'A', uid: null } })).toBe(true);
    expect(isChatEvent({ ...base, type: 'assignment', assignee: { email: 'a@example.com', name: 'A', uid: 'u' } })).toBe(true);
  });
  it('lets an away answer through with when the team is back, or without', () => {
    const at = '2026-11-29T22:00:00Z';
    expect(isChatEvent({ ...base, type: 'away', opensAt: '2026-11-30T08:00:00Z', by: null, at })).toBe(true);
    expect(isChatEvent({ ...base, type: 'away', opensAt: null, by: null, at })).toBe(true);
    expect(isChatEvent({ ...base, type: 'away', opensAt: 8, by: null, at })).toBe(false);
    expect(isChatEvent({ ...base, type: 'away', opensAt: 'Monday', by: null, at })).toBe(false);
    expect(isChatEvent({ ...base, type: 'away', opensAt: null, by: null })).toBe(false);
  });
  it('lets the articles a visitor read before writing through, with their titles', () => {
    const at = '2026-11-30T02:00:00Z';
    const read = { article: 'basics/first-steps', title: 'First steps' };
    expect(isChatEvent({ ...base, type: 'articles', articles: [read], by: null, at })).toBe(true);
    expect(isChatEvent({ ...base, type: 'articles', articles: [{ article: 'basics/first-steps' }], by: null, at })).toBe(false);
    expect(isChatEvent({ ...base, type: 'articles', articles: 'basics/first-steps', by: null, at })).toBe(false);
    expect(isChatEvent({ ...base, type: 'articles', articles: [read], by: null })).toBe(false);
  });
  it('keeps a truncated or foreign event out', () => {
    expect(isChatEvent({ ...base, type: 'assignment' })).toBe(false);
    expect(isChatEvent({ ...base, type: 'assignment', assignee: { email: 'a@example.com' } })).toBe(false);
    expect(isChatEvent({ ...base, type: 'assignment', assignee: 'a@example.com' })).toBe(false);
    expect(isChatEvent({ type: 'assignment', assignee: null })).toBe(false);
    expect(isChatEvent({ ...base, type: 'status', status: 'closed' })).toBe(false);
    expect(isChatEvent({ ...base, type: 'status', status: 'open', by: 7 })).toBe(false);
    expect(isChatEvent({ ...base, type: 'assignment', assignee: null, at: {} })).toBe(false);
    expect(isChatEvent({ ...base, type: 'other' })).toBe(false);
  });
});
