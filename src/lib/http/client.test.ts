import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, internalHeader, request, retryDelayMs, retryStatusCodes, writeMethods } from './client.ts';
import { $staffAuth, emptyStaffAuth } from '../../stores/staffAuth.ts';
// The sign-in layer makes the staff member's id token the default bearer as it loads.
import '../../flows/staff/idToken.ts';

const signOutStaff = () => $staffAuth.set({ ...emptyStaffAuth });

let server: Server;
let base: string;
let hits: { path: string; method: string; headers: IncomingMessage['headers'] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ path: req.url!, method: req.method!, headers: req.headers });
    req.resume();
    const status = Number(req.url!.split('/')[2] ?? 200);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      status === 200 ? JSON.stringify({ ok: true }) : JSON.stringify({ error: { code: `code_${status}`, message: `status ${status}` } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  hits = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signOutStaff();
});

/** Starts a call, lets fake time pass, and counts the requests that reached the server. */
async function attempts(
  method: string,
  status: number,
): Promise<{ beforeDelay: number; total: number; error: ApiRequestError | undefined }> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  let error: ApiRequestError | undefined;
  const call = request(`${base}/status/${status}`, { method: method as 'GET', ...(writeMethods.includes(method) && { body: {} }) }).catch(
    (e: ApiRequestError) => (error = e),
  );
  await vi.waitFor(() => expect(hits.length).toBeGreaterThan(0));
  await vi.advanceTimersByTimeAsync(retryDelayMs - 1);
  const beforeDelay = hits.length;
  await vi.advanceTimersByTimeAsync(1);
  await call;
  return { beforeDelay, total: hits.length, error };
}

describe('the HTTP client', () => {
  it('uses the seed’s figures', () => {
    expect(retryDelayMs).toBe(2000);
    expect(retryStatusCodes).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(writeMethods).toEqual(['PATCH', 'POST', 'PUT', 'DELETE']);
  });

  describe.each(['GET', 'HEAD'])('%s (GET-like)', (method) => {
    it.each(retryStatusCodes)('is retried once, 2,000 ms later, on %i', async (status) => {
      const { beforeDelay, total, error } = await attempts(method, status);
      expect(beforeDelay).toBe(1);
      expect(total).toBe(2);
      expect(error?.status).toBe(status);
    });

    it.each([400, 401, 403, 404, 413, 415, 501])('is not retried on %i', async (status) => {
      const { total, error } = await attempts(method, status);
      expect(total).toBe(1);
      expect(error?.status).toBe(status);
    });
  });

  describe.each(writeMethods)('%s (a write)', (method) => {
    it.each([...retryStatusCodes, 400])('is not retried on %i', async (status) => {
      const { total, error } = await attempts(method, status);
      expect(total).toBe(1);
      expect(error).toBeInstanceOf(ApiRequestError);
    });
  });

  it('turns an error answer into the server’s code and message, and a dead server into "network"', async () => {
    const error = await request(`${base}/status/401`, { method: 'POST', body: {} }).catch((e: ApiRequestError) => e);
    expect(error).toMatchObject({ status: 401, code: 'code_401', message: 'status 401' });
    const dead = await request('http://127.0.0.1:9/x', { method: 'POST', body: {} }).catch((e: ApiRequestError) => e);
    expect(dead).toMatchObject({ status: 0, code: 'network' });
  });

  it('marks every call internal and sends the page’s language', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'pt-BR' } });
    await request(`${base}/status/200`, { method: 'POST', body: { a: 1 } });
    expect(hits[0]!.headers[internalHeader]).toBe('1');
    expect(hits[0]!.headers['accept-language']).toBe('pt-BR');
    expect(hits[0]!.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends the staff authorisation after sign-in and stops after sign-out; a contact bearer wins', async () => {
    await request(`${base}/status/200`);
    $staffAuth.set({ ...$staffAuth.get(), idToken: 'id-token', idTokenStoredAt: Date.now() });
    await request(`${base}/status/200`);
    await request(`${base}/status/200`, { bearer: 'contact-session' });
    signOutStaff();
    await request(`${base}/status/200`);
    expect(hits.map((hit) => hit.headers.authorization)).toEqual([undefined, 'Bearer id-token', 'Bearer contact-session', undefined]);
  });
});
