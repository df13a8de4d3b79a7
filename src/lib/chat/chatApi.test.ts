import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../http/client.ts';
import { createChatApi } from './chatApi.ts';

let server: Server;
let origin: string;
const hits: { path: string; authorization: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      hits.push({ path: req.url!, authorization: req.headers.authorization, body: JSON.parse(text || 'null') });
      res.writeHead(req.url === '/api/chat/read' ? 403 : 200, { 'content-type': 'application/json' });
      const answers: Record<string, unknown> = {
        '/api/chat/read': { error: { code: 'out_of_scope', message: 'no' } },
        '/api/organizationUsers/get': { organizationUser: { uid: 'u1', name: 'Lee', avatarUrl: null } },
      };
      res.end(JSON.stringify(answers[req.url!] ?? { ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the chat calls', () => {
  it('post the contract’s bodies with a token asked for at each call', async () => {
    let n = 0;
    const api = createChatApi(async () => `t${++n}`, origin);
    await api.typing('cb_1');
    expect(await api.organizationUser('cb_1', 'u1')).toEqual({ uid: 'u1', name: 'Lee', avatarUrl: null });
    expect(hits).toEqual([
      { path: '/api/chat/typing', authorization: 'Bearer t1', body: { chatBoxId: 'cb_1' } },
      { path: '/api/organizationUsers/get', authorization: 'Bearer t2', body: { chatBoxId: 'cb_1', uid: 'u1' } },
    ]);
    expect(api.streamUrl('cb_1')).toBe(`${origin}/api/chat/stream?chatBoxId=cb_1`);
  });

  it('turn refusals into the server’s code, and no session into unauthorized without a request', async () => {
    const api = createChatApi(async () => 't', origin);
    await expect(api.markRead({ chatBoxId: 'cb_1', messageId: 3 })).rejects.toMatchObject({ status: 403, code: 'out_of_scope' });
    const before = hits.length;
    const none = createChatApi(async () => null, origin);
    await expect(none.send({ chatBoxId: 'cb_1', clientId: 'x', text: 'hi' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(hits).toHaveLength(before);
  });

  it('post the staff calls’ bodies: status and assignment', async () => {
    const api = createChatApi(async () => 'staff-token', origin);
    const before = hits.length;
    await api.setStatus({ chatBoxId: 'cb_1', status: 'resolved' });
    await api.assign({ chatBoxId: 'cb_1', assignee: null });
    expect(hits.slice(before).map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/chat/status', body: { chatBoxId: 'cb_1', status: 'resolved' } },
      { path: '/api/chat/assign', body: { chatBoxId: 'cb_1', assignee: null } },
    ]);
    expect(hits.slice(before).every((hit) => hit.authorization === 'Bearer staff-token')).toBe(true);
  });
});
