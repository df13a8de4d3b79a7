import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { closeServices, type Services } from '../services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { openStream, type OpenStream } from '../../../tests/server/eventStreams.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';
import { defaultStreamMax, StreamLimits, type LimitedStream } from './streamLimits.ts';

class Stream implements LimitedStream {
  ended = false;
  readonly limits: StreamLimits;
  readonly readerKey: LimitedStream['readerKey'];
  readonly address: string;
  constructor(limits: StreamLimits, readerKey: LimitedStream['readerKey'], address = '192.0.2.1') {
    this.limits = limits;
    this.readerKey = readerKey;
    this.address = address;
  }
  end() {
    this.ended = true;
    this.limits.closed(this);
  }
}

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? { status: error.status, code: error.code, retryAfter: error.headers?.['Retry-After'] } : error;
  }
  return undefined;
};

describe('stream limits', () => {
  it('keep a reader’s newest streams and end the oldest first, contacts and staff each by their own number', () => {
    const limits = new StreamLimits({ perReader: { contact: 2, staff: 3 }, perAddress: 100, total: 100 });
    const ana = [1, 2, 3].map(() => new Stream(limits, 'contact:ana'));
    const lee = [1, 2, 3, 4].map(() => new Stream(limits, 'staff:lee'));
    for (const stream of [...ana, ...lee]) limits.opened(stream);
    expect(ana.map((stream) => stream.ended)).toEqual([true, false, false]);
    expect(lee.map((stream) => stream.ended)).toEqual([true, false, false, false]);
    expect(limits.open).toBe(5);
  });

  it('refuse a stream past the address’s number with 429, and past the process’s with 503, each with Retry-After', () => {
    const limits = new StreamLimits({ perReader: { contact: 10, staff: 10 }, perAddress: 2, total: 3 });
    const first = new Stream(limits, 'contact:a', '198.51.100.1');
    for (const stream of [first, new Stream(limits, 'contact:b', '198.51.100.1')]) limits.opened(stream);
    expect(refusal(() => limits.check('198.51.100.1'))).toEqual({ status: 429, code: 'rate_limited', retryAfter: '30' });
    expect(refusal(() => limits.check('198.51.100.2'))).toBeUndefined();
    limits.opened(new Stream(limits, 'contact:c', '198.51.100.2'));
    expect(refusal(() => limits.check('198.51.100.3'))).toEqual({ status: 503, code: 'server_busy', retryAfter: '10' });
    // One ends: there is room again, for that address too.
    first.end();
    expect(refusal(() => limits.check('198.51.100.1'))).toBeUndefined();
  });

  it('leave half the open-file limit to the rest of the process, at most 10,000 streams', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-limits-'));
    const file = (soft: string) => {
      const path = join(dir, soft);
      writeFileSync(
        path,
        `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                20000                files\n`,
      );
      return path;
    };
    expect(defaultStreamMax(file('20000'))).toBe(10_000);
    expect(defaultStreamMax(file('1024'))).toBe(512);
    expect(defaultStreamMax(join(dir, 'missing'))).toBe(10_000);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(testDatabases)('a flood of streams on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { STREAMS_PER_CONTACT: '4', STREAMS_PER_ADDRESS: '12', STREAMS_MAX: '1000' });
    server = await startApiServer(services);
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });

  async function contactToken() {
    const { contactId, chatBoxId } = await invited(services);
    const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
    return { chatBoxId, token: (await issueSessionToken(services.keys.sessionTokens, grant, 24)).jwt };
  }
  const streamOf = ({ chatBoxId, token }: { chatBoxId: string; token: string }) =>
    openStream(`${server.url}/api/chat/stream?chatBoxId=${chatBoxId}`, token);

  it('from one token keeps its newest four open, and the API answers everyone else', async () => {
    const ana = await contactToken();
    const flood: OpenStream[] = [];
    for (let i = 0; i < 40; i += 1) flood.push(await streamOf(ana));
    expect(flood.every((stream) => stream.status === 200)).toBe(true);
    let ended = 0;
    for (const stream of flood) void stream.ended.then(() => (ended += 1));
    await expect.poll(() => ended).toBe(36);
    expect(services.streams.open).toBe(4);
    const bo = await streamOf(await contactToken());
    expect(bo.status).toBe(200);
    const verify = await fetch(`${server.url}/api/chat/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chatBoxId: ana.chatBoxId, contactId: 'ct_00000000000000000000', otp: '12345678', token: 't' }),
    });
    expect(verify.status).toBe(401);
    for (const stream of [...flood, bo]) stream.close();
  });

  it('from one address stops at its number with 429 and Retry-After, and takes them again once some close', async () => {
    const streams: OpenStream[] = [];
    for (let i = 0; i < 12; i += 1) streams.push(await streamOf(await contactToken()));
    expect(streams.map((stream) => stream.status)).toEqual(Array(12).fill(200));
    const one = await contactToken();
    const over = await fetch(`${server.url}/api/chat/stream?chatBoxId=${one.chatBoxId}`, {
      headers: { authorization: `Bearer ${one.token}` },
    });
    expect([over.status, over.headers.get('retry-after'), (await over.json()).error.code]).toEqual([429, '30', 'rate_limited']);
    streams[0]!.close();
    await expect.poll(() => services.streams.open).toBe(11);
    const again = await streamOf(one);
    expect(again.status).toBe(200);
    for (const stream of [...streams, again]) stream.close();
  });
});
