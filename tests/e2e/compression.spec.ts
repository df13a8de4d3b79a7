/**
 * Compression on the wire, through the real server: built files from their Brotli and gzip copies, on-demand pages
 * compressed as they go out; every encoding decodes to the same bytes, caches are told it varies, and HEAD and
 * byte ranges still work.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { inviteLink } from './cli.ts';
import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4329);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request by node:http, which never decodes: the bytes as they crossed the wire. */
function fetchRaw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decode = ({ headers, body }: Answer) =>
  headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;

async function builtFiles(): Promise<string[]> {
  const page = await fetchRaw(articlePath('en', articleIn('en')));
  const html = decode(page).toString();
  const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]!);
  expect(assets.length).toBeGreaterThan(0);
  return [articlePath('en', articleIn('en')), '/ar', '/sitemap.xml', ...new Set(assets)];
}

test('built files come in Brotli and gzip, each decoding to the same bytes, with Vary and their own length and ETag', async () => {
  for (const path of await builtFiles()) {
    const plain = await fetchRaw(path);
    const br = await fetchRaw(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await fetchRaw(path, { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    expect(br.headers['content-encoding'], path).toBe('br');
    expect(gzip.headers['content-encoding'], path).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.status, path).toBe(200);
      expect(answer.headers['vary'], path).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
      expect(decode(answer).equals(plain.body), path).toBe(true);
      expect(answer.headers['content-type'], path).toBe(plain.headers['content-type']);
    }
    expect(br.body.length, path).toBeLessThan(gzip.body.length);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size, path).toBe(3);
    // A revalidation gets a 304 for the encoding it holds.
    expect((await fetchRaw(path, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! })).status, path).toBe(304);
  }
});

test('a client that refuses an encoding never gets it', async () => {
  const path = articlePath('en', articleIn('en'));
  expect((await fetchRaw(path, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  expect((await fetchRaw(path, { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  expect((await fetchRaw(path, { 'Accept-Encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
});

test('HEAD and byte ranges still work on compressed answers', async () => {
  const path = articlePath('en', articleIn('en'));
  const full = await fetchRaw(path, { 'Accept-Encoding': 'br' });
  const head = await fetchRaw(path, { 'Accept-Encoding': 'br' }, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers['content-encoding']).toBe('br');
  expect(Number(head.headers['content-length'])).toBe(full.body.length);

  const range = await fetchRaw(path, { 'Accept-Encoding': 'br', Range: 'bytes=0-99' });
  expect(range.status).toBe(206);
  expect(range.headers['content-range']).toBe(`bytes 0-99/${full.body.length}`);
  expect(range.body.equals(full.body.subarray(0, 100))).toBe(true);
  const plainRange = await fetchRaw(path, { Range: 'bytes=10-19' });
  expect(plainRange.status).toBe(206);
  expect(plainRange.body.toString()).toBe(decode(full).subarray(10, 20).toString());
});

test('on-demand pages are compressed as they go out', async () => {
  for (const path of ['/en/no-such-page', '/de/categories/nothing-here']) {
    const plain = await fetchRaw(path);
    const br = await fetchRaw(path, { 'Accept-Encoding': 'br, gzip' });
    expect(plain.status, path).toBe(404);
    expect(br.status, path).toBe(404);
    expect(br.headers['content-encoding'], path).toBe('br');
    expect(br.headers['vary'], path).toMatch(/accept-encoding/i);
    expect(decode(br).toString(), path).toContain('<html');
    expect(br.body.length, path).toBeLessThan(plain.body.length / 2);
  }
});

test('small API answers are sent as they are', async () => {
  const answer = await fetchRaw('/api/nothing', { 'Accept-Encoding': 'br, gzip' });
  expect(answer.status).toBe(404);
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(answer.body.toString())).toMatchObject({ error: { code: 'not_found' } });
});

test('API answers of 1 KB or more are compressed as they go out, decoding to the same JSON', async () => {
  // A contact's chat box with a few long messages: listing them answers well over 1 KB of JSON.
  const invitation = inviteLink(['--name', 'Zip']);
  const json = (token?: string) => ({ 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) });
  const verified = await fetchRaw(
    '/api/chat/verify',
    json(),
    'POST',
    JSON.stringify({ chatBoxId: invitation.chatBoxId, contactId: invitation.contactId, otp: invitation.code, token: '' }),
  );
  expect(verified.status, decode(verified).toString()).toBe(200);
  const token = (JSON.parse(decode(verified).toString()) as { data: { jwt: string } }).data.jwt;
  const { chatBoxId } = invitation;
  for (let i = 0; i < 4; i += 1) {
    const text = `Message ${i}: ${'the quick brown fox jumps over the lazy dog, '.repeat(8)}`;
    const sent = await fetchRaw(
      '/api/chat/messages/send',
      json(token),
      'POST',
      JSON.stringify({ chatBoxId, clientId: randomUUID(), text }),
    );
    expect(sent.status, decode(sent).toString()).toBe(200);
  }
  const list = (encoding?: string) =>
    fetchRaw(
      '/api/chat/messages/list',
      { ...json(token), ...(encoding && { 'Accept-Encoding': encoding }) },
      'POST',
      JSON.stringify({ chatBoxId }),
    );
  const plain = await list();
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  const messages = (JSON.parse(plain.body.toString()) as { messages: { text: string }[] }).messages;
  expect(messages.filter((message) => message.text.startsWith('Message ')).length).toBe(4);
  for (const [acceptEncoding, expected] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const answer = await list(acceptEncoding);
    expect(answer.status, acceptEncoding).toBe(200);
    expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
    expect(answer.headers['vary'], acceptEncoding).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type'], acceptEncoding).toBe(plain.headers['content-type']);
    expect(answer.body.length, acceptEncoding).toBeLessThan(plain.body.length / 2);
    expect(decode(answer).equals(plain.body), acceptEncoding).toBe(true);
  }
});
