import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { sessionTokenKey } from './secrets.ts';
import { issueSessionToken, sessionTokenSeconds, verifySessionToken } from './sessionTokens.ts';

const key = await sessionTokenKey(new Uint8Array(32).fill(3));
const now = new Date('2026-11-22T10:00:00Z');
const bearer = (jwt: string) => `Bearer ${jwt}`;

async function rejection(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { status: (error as ApiError).status, code: (error as ApiError).code };
}

describe('session tokens', () => {
  it('last one hour (seed) and carry the contact and scope', async () => {
    expect(sessionTokenSeconds).toBe(3600);
    const { jwt, expiresAt } = await issueSessionToken(key, 'ct_a', 'cb_b', now);
    expect(expiresAt).toBe('2026-11-22T11:00:00.000Z');
    const session = await verifySessionToken(key, bearer(jwt), now);
    expect(session).toEqual({ contactId: 'ct_a', scope: 'cb_b', expiresAt: new Date(expiresAt) });
  });

  it('are new each time, even within one second', async () => {
    const a = await issueSessionToken(key, 'ct_a', 'page', now);
    const b = await issueSessionToken(key, 'ct_a', 'page', now);
    expect(a.jwt).not.toBe(b.jwt);
  });

  it('are refused when missing, expired, tampered, signed with another key, or unsigned (alg: none)', async () => {
    const { jwt } = await issueSessionToken(key, 'ct_a', 'cb_b', now);
    expect(await rejection(verifySessionToken(key, null, now))).toEqual({ status: 401, code: 'unauthorized' });
    expect(await rejection(verifySessionToken(key, 'Basic abc', now))).toEqual({ status: 401, code: 'unauthorized' });
    const later = new Date(now.getTime() + 3601_000);
    expect(await rejection(verifySessionToken(key, bearer(jwt), later))).toEqual({ status: 401, code: 'token_expired' });
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'page' })).toString('base64url');
    expect(await rejection(verifySessionToken(key, bearer(`${header}.${forged}.${signature}`), now))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(9));
    expect(await rejection(verifySessionToken(await sessionTokenKey(new Uint8Array(32).fill(9)), bearer(jwt), now))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
    expect(await rejection(verifySessionToken(key, bearer(otherKey), now))).toEqual({ status: 401, code: 'invalid_token' });
    const unsigned = new UnsecuredJWT(claims).encode();
    expect(await rejection(verifySessionToken(key, bearer(unsigned), now))).toEqual({ status: 401, code: 'invalid_token' });
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array(64).fill(3));
    expect(await rejection(verifySessionToken(key, bearer(hs512), now))).toEqual({ status: 401, code: 'invalid_token' });
  });
});
