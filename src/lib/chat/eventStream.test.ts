import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  backoffFirstMs,
  backoffMaxMs,
  deadAfterMs,
  openEventStream,
  type EventStream,
  type StreamState,
} from './eventStream.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;
let server: Server;
let url: string;
let handler: Handler;
let requests: IncomingMessage['headers'][] = [];
const open: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.headers);
    open.push(res);
    handler(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat/stream?chatBoxId=cb_x`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let stream: EventStream | undefined;
afterEach(() => {
  stream?.close();
  for (const res of open.splice(0)) res.destroy();
  requests = [];
});

const sse = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).flushHeaders();
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function start(overrides: Partial<Parameters<typeof openEventStream>[0]> = {}) {
  const events: { event?: string | undefined; id?: string | undefined; data: string }[] = [];
  const states: string[] = [];
  let tokens = 0;
  stream = openEventStream({
    url,
    getToken: async () => `token-${++tokens}`,
    lastEventId: '7',
    onEvent: (event) => events.push(event),
    onState: (state: StreamState, code?: string) => states.push(code ? `${state}:${code}` : state),
    backoff: { firstMs: 20, maxMs: 100 },
    wakeUps: () => () => {},
    ...overrides,
  });
  return { events, states, tokens: () => tokens };
}

describe('the event stream', () => {
  it('sends a fresh bearer token and the last event id, and reads typed events past heartbeats', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(': heartbeat\n\n');
      res.write('event: message\nid: 8\ndata: {"a":1}\n\n');
      res.write(': heartbeat\n\nevent: typing\ndata: {"b":2}\n\n');
    };
    const { events, states } = start();
    await until(() => events.length === 2);
    expect(requests[0]!['authorization']).toBe('Bearer token-1');
    expect(requests[0]!['last-event-id']).toBe('7');
    expect(requests[0]!['accept']).toBe('text/event-stream');
    expect(events).toEqual([
      { event: 'message', id: '8', data: '{"a":1}' },
      { event: 'typing', id: undefined, data: '{"b":2}' },
    ]);
    expect(states).toEqual(['connecting', 'open']);
    expect(stream!.lastEventId()).toBe('8');
  });

  it('reconnects after the connection is cut, with the last id it saw and a new token', async () => {
    handler = (_req, res, index) => {
      sse(res);
      if (index === 0) {
        res.write('event: message\nid: 9\ndata: {}\n\n');
        setTimeout(() => res.destroy(), 20);
      } else res.write('event: read\nid: 10\ndata: {}\n\n');
    };
    const { events, states } = start();
    await until(() => events.length === 2);
    expect(requests[1]!['last-event-id']).toBe('9');
    expect(requests[1]!['authorization']).toBe('Bearer token-2');
    expect(states).toEqual(['connecting', 'open', 'down', 'open']);
  });

  it('keeps the id of an event split across chunks', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write('event: mess');
      setTimeout(() => res.write('age\nid: 12\nda'), 10);
      setTimeout(() => res.write('ta: {"x":true}\n\n'), 20);
    };
    const { events } = start();
    await until(() => events.length === 1);
    expect(events[0]).toEqual({ event: 'message', id: '12', data: '{"x":true}' });
  });

  it('stops on 401 (once a fresh token was refused too) or 403 and reports the server’s code, without retrying', async () => {
    handler = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'token_expired', message: 'expired' } }));
    };
    const { states } = start();
    await until(() => states.includes('stopped:token_expired'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(requests).toHaveLength(2);

    handler = (_req, res) => {
      res.writeHead(403);
      res.end();
    };
    const second = start();
    await until(() => second.states.includes('stopped:forbidden'));
  });

  it('retries a server error with backoff until the stream opens', async () => {
    handler = (_req, res, index) => {
      if (index < 2) {
        res.writeHead(503);
        res.end();
      } else sse(res);
    };
    const { states } = start();
    await until(() => states.at(-1) === 'open');
    expect(requests).toHaveLength(3);
    expect(states).toEqual(['connecting', 'down', 'open']);
  });

  it('backs off from a server that ends every stream as soon as it opens, and starts again after one that stayed open', async () => {
    const at: number[] = [];
    let sixthEnded = 0;
    handler = (_req, res, index) => {
      at[index] = Date.now();
      sse(res);
      // The first five end at once; the sixth stays open past steadyAfterMs, then drops; the seventh stays.
      if (index < 5) res.end();
      else if (index === 5) setTimeout(() => ((sixthEnded = Date.now()), res.end()), 600);
    };
    // Retries after 20, 40, 80, 160, 320 ms (the jitter pinned to the top).
    const { states } = start({ backoff: { firstMs: 20, maxMs: 10_000 }, random: () => 1, steadyAfterMs: 100 });
    await until(() => requests.length === 7, 10_000);
    expect(at[4]! - at[3]!).toBeGreaterThanOrEqual(160);
    expect(at[5]! - at[4]!).toBeGreaterThanOrEqual(320);
    // 600 ms open (well past steadyAfterMs, even on a busy machine), then the first delay again (20 ms), not the
    // next one (640 ms): counted from the drop, so a slow start of the sixth does not count against it.
    expect(at[6]! - sixthEnded).toBeLessThan(640);
    // The seventh request reached the server before its answer reached the client: wait for that too.
    await until(() => states.filter((state) => state === 'open').length === 7);
  });

  it('waits as long as a refusal’s Retry-After says (too many streams), even when woken', async () => {
    const at: number[] = [];
    handler = (_req, res, index) => {
      at[index] = Date.now();
      if (index === 0) return void res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{}');
      if (index === 1) return void res.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' }).end('{}');
      sse(res);
    };
    let wake = () => {};
    const { states } = start({ wakeUps: (handler) => ((wake = handler), () => {}) });
    await until(() => states.includes('down'));
    // The tab comes back, the network returns: still not before the server said.
    wake();
    await until(() => requests.length === 3, 5000);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1000);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(1000);
    await until(() => states.at(-1) === 'open');
  });

  it('after a 401 asks once for a fresh token and connects again at once; a second 401 stops it', async () => {
    handler = (_req, res, index) => {
      // The first token was revoked (the emulator started again); the fresh one works until the sign-in ends.
      if (index === 0 || index >= 2)
        return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"invalid_token"}}');
      sse(res);
      res.write(': open\n\n');
      setTimeout(() => res.end(), 50);
    };
    const asked: (boolean | undefined)[] = [];
    const { states } = start({
      getToken: async (options) => (asked.push(options?.fresh), `token-${asked.length}`),
      backoff: { firstMs: 5000, maxMs: 5000 },
    });
    await until(() => requests.length === 2);
    expect(requests[1]!['authorization']).toBe('Bearer token-2');
    // Once open, a later 401 earns one fresh try again, then stops.
    await until(() => states.at(-1) === 'stopped:invalid_token', 8000);
    expect(asked).toEqual([undefined, true, undefined, true]);
  });

  it('treats a connection silent for too long as dead, though it never closed', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(': hello\n\n');
    };
    const { states } = start({ deadAfterMs: 80 });
    await until(() => requests.length >= 2);
    expect(states.slice(0, 3)).toEqual(['connecting', 'open', 'down']);
  });

  it('is kept alive by heartbeats alone', async () => {
    handler = (_req, res) => {
      sse(res);
      const timer = setInterval(() => res.write(': heartbeat\n\n'), 20);
      res.on('close', () => clearInterval(timer));
    };
    // Far apart margins: timers slip on a busy machine.
    const { states } = start({ deadAfterMs: 500 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requests).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open']);
  });

  it('reconnects at once when woken (online, tab visible, focus) instead of waiting out the backoff', async () => {
    let wake = () => {};
    handler = (_req, res, index) => {
      if (index === 0) {
        res.writeHead(500);
        res.end();
      } else sse(res);
    };
    const { states } = start({
      backoff: { firstMs: 60_000, maxMs: 60_000 },
      wakeUps: (callback) => {
        wake = callback;
        return () => {};
      },
    });
    await until(() => states.includes('down'));
    wake();
    await until(() => states.at(-1) === 'open', 1000);
    expect(requests).toHaveLength(2);
  });

  it('stops with unauthorized when there is no token any more', async () => {
    handler = (_req, res) => sse(res);
    const { states } = start({ getToken: async () => null });
    await until(() => states.includes('stopped:unauthorized'));
    expect(requests).toHaveLength(0);
  });

  it('closes for good', async () => {
    handler = (_req, res) => sse(res);
    const { states } = start();
    await until(() => states.at(-1) === 'open');
    stream!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(1);
  });
});

describe('the backoff', () => {
  it('starts at 0.5 s, doubles to 15 s, and jitters within the upper half', () => {
    const settings = { firstMs: backoffFirstMs, maxMs: backoffMaxMs };
    expect(backoffFirstMs).toBe(500);
    expect(backoffMaxMs).toBe(15_000);
    expect([0, 1, 2, 5, 10].map((n) => backoffDelay(n, settings, () => 1))).toEqual([500, 1000, 2000, 15_000, 15_000]);
    expect(backoffDelay(0, settings, () => 0)).toBe(250);
  });

  it('counts a minute of silence as dead, more than two heartbeats', () => {
    expect(deadAfterMs).toBe(60_000);
  });
});
