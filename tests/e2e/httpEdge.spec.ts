/**
 * Hostile clients at the HTTP edge of the real server, on raw sockets: malformed request lines, odd target forms,
 * bad percent-encoding, huge URLs and headers, early-refused uploads. Each gets an answer, and the server still
 * serves /en after.
 */
import { connect } from 'node:net';
import { expect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4329);

/** Sends bytes on a fresh connection; resolves with everything the server wrote before it closed or went quiet. */
function raw(request: string | Buffer, { quietMs = 1500 } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      quiet();
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.write(request);
    quiet();
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const get = (target: string, headers = '') => raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);

async function expectStillServing() {
  expect(statusOf(await get('/en'))).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test('a path that looks like a host with a bad port, or an unclosed bracket, is answered and the server keeps serving', async () => {
  for (const target of ['//x:99999/', '//[', '//[::1', '//x:99999/api/contacts/get', '/api//x:99999/']) {
    const status = statusOf(await get(target));
    expect(status, target).toBeGreaterThanOrEqual(300);
    expect(status, target).toBeLessThan(500);
  }
  await expectStillServing();
});

test('malformed request lines get a 400', async () => {
  for (const line of ['GET\r\n\r\n', 'GET /en HTTP/9.9\r\n\r\n', '\x00\x01\x02\r\n\r\n', 'GET /e n HTTP/1.1\r\n\r\n']) {
    expect(statusOf(await raw(line)), JSON.stringify(line)).toBe(400);
  }
  await expectStillServing();
});

test('absolute-form targets are served by their path only; authority and asterisk forms get a 400', async () => {
  expect(statusOf(await get('http://evil.example/en'))).toBe(200);
  const redirect = await get('http://evil.example/en/');
  expect(statusOf(redirect)).toBe(301);
  expect(redirect).toMatch(/\r\nLocation: \/en\r\n/i);
  expect(statusOf(await raw('CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n'))).toBe(400);
  expect(statusOf(await raw('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'))).toBe(400);
  expect(statusOf(await get('ftp://evil.example/en'))).toBe(400);
  await expectStillServing();
});

test('a doubled leading slash never becomes a redirect to another host', async () => {
  const answer = await get('//evil.example/..//en/');
  expect(answer).not.toMatch(/\r\nLocation: \/\//i);
  expect(answer).not.toMatch(/\r\nLocation: [a-z]+:/i);
});

test('bad percent-encoding gets a 4xx, in pages and in the API', async () => {
  for (const target of ['/en/%E0%A4%A', '/%', '/en/%zz', '/api/%E0%A4%A', '/en/search?q=%E0%A4%A']) {
    const status = statusOf(await get(target));
    expect(status, target).toBeGreaterThanOrEqual(200);
    expect(status, target).toBeLessThan(500);
  }
  await expectStillServing();
});

test('an over-long URL and a header flood are refused with 431 or 414', async () => {
  expect([414, 431]).toContain(statusOf(await get(`/en/${'a'.repeat(100_000)}`)));
  const many = Array.from({ length: 3000 }, (_, i) => `X-Flood-${i}: ${'v'.repeat(20)}\r\n`).join('');
  expect([400, 431]).toContain(statusOf(await get('/en', many)));
  expect([400, 431]).toContain(statusOf(await get('/en', `X-Big: ${'b'.repeat(64 * 1024)}\r\n`)));
  await expectStillServing();
});

test('a body refused by its Content-Length is answered with Connection: close, without waiting for the body', async () => {
  for (const path of ['/api/contacts/get', '/en']) {
    const started = Date.now();
    const answer = await raw(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{"chatBoxId":"`,
      { quietMs: 4000 },
    );
    expect(statusOf(answer), path).toBe(413);
    expect(answer, path).toMatch(/\r\nConnection: close\r\n/i);
    // The server hung up by itself, well before the quiet timeout would have.
    expect(Date.now() - started, path).toBeLessThan(3500);
  }
  await expectStillServing();
});

test('a page answers an endless upload sent without a length, then hangs up rather than read it', async () => {
  // The sign-in page renders on demand and takes a POST: same-origin, so Astro's origin check lets it through to the
  // page (a 404 or a 403 would be answered early whatever the server does with the body). No page reads a body, so
  // the answer comes before the upload ends and the server must end the connection, not read on for ever.
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  const { answer, hungUp } = await new Promise<{ answer: string; hungUp: boolean }>((resolve) => {
    let received = '';
    const finish = (hungUp: boolean) => {
      clearInterval(pump);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer: received, hungUp });
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    // The server's FIN, or a reset while still sending: either way the server ended it.
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(
      `POST /en/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        'Content-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = `4000\r\n${'x'.repeat(0x4000)}\r\n`;
    // 16 KB every 5 ms, for ever: only the server can end this.
    const pump = setInterval(() => socket.writable && socket.write(chunk), 5);
    const giveUp = setTimeout(() => finish(false), 10_000);
  });
  expect(statusOf(answer)).toBe(200);
  expect(hungUp).toBe(true);
  expect(Date.now() - started).toBeLessThan(5000);
  await expectStillServing();
});

test('the server answers an operator: /healthz and /readyz, and no /metrics without its token', async ({ request }) => {
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok', stopping: false } });
  expect((await request.get('/metrics')).status()).toBe(404);
});
