import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventStream } from './eventStream.ts';
import type { Api } from './router.ts';
import type { Log } from '../log.ts';
import { requestHandler, type NodeHandler } from './requestHandler.ts';

/** One request over a real socket: status and body. */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; requestId: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, requestId: String(res.headers['x-request-id']) }));
    });
    req.on('error', reject);
    // A request nobody answers fails here rather than at the test's timeout.
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to GET ${path}`)));
    req.end();
  });
}

/** A Node server on a free loopback port with the handler, and its clean close. */
async function listening(handler: NodeHandler): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe('the request handler on a Node socket', () => {
  const errors: { message: string; error: unknown; requestId: string | undefined }[] = [];
  const log: Log = {
    info: () => {},
    warn: () => {},
    error: (message, error, context) => errors.push({ message, error, requestId: context?.requestId }),
  };
  const api: Api = {
    answer: () => Promise.reject(new Error('the API broke')),
    handle: () => Promise.reject(new Error('not used here')),
  };
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const handler = requestHandler({
      api,
      site: (req, res) => {
        const path = req.url?.split('?')[0];
        if (path === '/en/throws') throw new Error('the page broke');
        if (path === '/en/rejects') return Promise.reject(new Error('the page broke later'));
        return res.writeHead(200, { 'Content-Type': 'text/plain' }).end('fine');
      },
      headersFor: () => ({}),
      clientAddress: (req) => req.socket.remoteAddress ?? 'unknown',
      log,
    });
    server = await listening(handler);
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    errors.length = 0;
  });
  afterAll(() => closed(server));

  it.each([
    ['a page that throws', '/en/throws', 'the page broke'],
    ['a page whose promise fails', '/en/rejects', 'the page broke later'],
    ['an API call that fails', '/api/contacts/get', 'the API broke'],
  ])('answers %s with a logged, bare 500, then serves the next request', async (_, path, cause) => {
    // The query is not logged: it may hold an e-mail link's token.
    const failed = await get(port, `${path}?token=secret`);
    expect(failed.status).toBe(500);
    expect(failed.body).not.toContain(cause);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe(`Unexpected error answering GET ${path}:`);
    expect((errors[0]!.error as Error).message).toBe(cause);
    // Logged with the id the answer carried.
    expect(errors[0]!.requestId).toBe(failed.requestId);
    expect(failed.requestId).toMatch(/^[0-9a-f-]{36}$/);

    expect(await get(port, '/en/ok')).toMatchObject({ status: 200, body: 'fine' });
    expect(server.listening).toBe(true);
  });

  it("answers with a request id of its own, or a proxy's when it looks like one", async () => {
    const [a, b] = [await get(port, '/en/ok'), await get(port, '/en/ok')];
    expect(a.requestId).not.toBe(b.requestId);
    expect((await get(port, '/en/ok', { 'x-request-id': 'nginx-0123456789abcdef' })).requestId).toBe('nginx-0123456789abcdef');
    expect((await get(port, '/en/ok', { 'x-request-id': 'bad id\twith spaces' })).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a built page named by its file (…/index.html) to its own address, query kept', async () => {
    const locationOf = (path: string) =>
      new Promise<[number, string | undefined]>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          res.resume();
          resolve([res.statusCode ?? 0, res.headers.location]);
        })
          .on('error', reject)
          .end();
      });
    expect(await locationOf('/en/categories/a/articles/b/index.html?x=1')).toEqual([301, '/en/categories/a/articles/b?x=1']);
    expect(await locationOf('/index.html')).toEqual([301, '/']);
    expect((await get(port, '/en/index.htmlx')).status).toBe(200);
  });
});

describe('security headers', () => {
  /** Headers of one answer; an event stream is left once its headers are in. */
  const headersOf = (port: number, path: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        resolve(res.headers);
        res.destroy();
      });
      req.on('error', reject);
      req.end();
    });
  const stream: EventStream = { start: (sink) => void sink.write(': open\n\n'), stop() {} };
  /** Writes 64 KB every 20 ms until stopped: far more than a client that does not read can take. */
  let floodStopped = false;
  const flood: EventStream = {
    start(sink) {
      const timer = setInterval(() => (floodStopped ? clearInterval(timer) : sink.write(`data: ${'x'.repeat(65_536)}\n\n`)), 20);
    },
    stop: () => void (floodStopped = true),
  };
  const api: Api = {
    answer: async (request) => {
      if (request.path === '/api/broken') throw new Error('the API broke');
      if (request.path === '/api/stream') return { status: 200, headers: { 'Content-Type': 'text/event-stream' }, stream, stallMs: 60_000 };
      if (request.path.startsWith('/api/flood'))
        return {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream' },
          stream: flood,
          stallMs: request.query.has('patient') ? 600_000 : 300,
        };
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };
    },
    handle: () => Promise.reject(new Error('not used here')),
  };
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const handler = requestHandler({
      api,
      site: (_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('fine'),
      headersFor: (pathname) => ({ 'X-Area': pathname.startsWith('/api/') ? 'api' : 'site' }),
      clientAddress: () => 'test',
      log: { info() {}, warn() {}, error() {} },
    });
    server = await listening(handler);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closed(server));

  it.each([
    ['a page', '/en', 'site'],
    ['an API answer', '/api/json', 'api'],
    ['an API failure', '/api/broken', 'api'],
    ['an event stream', '/api/stream', 'api'],
  ])('reach %s', async (_, path, area) => {
    expect((await headersOf(port, path))['x-area']).toBe(area);
  });

  /** Asks for the flood and reads nothing: the kernel's buffers fill, then the server's. How the connection ended. */
  async function stalledFlood(path: string): Promise<string> {
    floodStopped = false;
    const socket = connect(port, '127.0.0.1');
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      socket.once('close', () => resolve('closed'));
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n`);
    socket.pause();
    await expect.poll(() => floodStopped, { timeout: 15_000 }).toBe(true);
    // A reset reaches a client even when it reads nothing; its buffered data goes with it.
    socket.resume();
    const how = await ended;
    socket.destroy();
    return how;
  }

  it('cuts off a stream whose client stops reading, once its writes have waited past stallMs', async () => {
    expect(await stalledFlood('/api/flood')).toBe('ECONNRESET');
  });

  it('cuts off a stream at once when a megabyte waits for a client that reads nothing', async () => {
    // The flood's stallMs is ten minutes here: only the bytes can end it within the poll.
    expect(await stalledFlood('/api/flood?patient')).toBe('ECONNRESET');
  });
});

describe('the request handler of a process that is stopping', () => {
  let stopping = false;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const handler = requestHandler({
      api: {
        answer: () => Promise.resolve({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' }),
        handle: () => Promise.reject(new Error('not used here')),
      },
      site: (_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('fine'),
      headersFor: () => ({}),
      clientAddress: () => 'test',
      log: { info() {}, warn() {}, error() {} },
      stopping: () => stopping,
    });
    server = await listening(handler);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closed(server));

  it('takes no new API request (503, Retry-After, so a proxy tries another process) and closes each connection', async () => {
    const answerOf = (path: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
          .on('error', reject)
          .end();
      });
    expect((await answerOf('/api/chat/stream')).status).toBe(200);
    stopping = true;
    const refused = await answerOf('/api/chat/stream');
    expect(refused.status).toBe(503);
    expect(refused.headers).toMatchObject({ 'retry-after': '1', connection: 'close' });
    expect(JSON.parse(refused.body).error.code).toBe('server_busy');
    const page = await answerOf('/en');
    expect(page).toMatchObject({ status: 200, body: 'fine', headers: { connection: 'close' } });
  });
});
