import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { sessionTokenKey } from '../secrets.ts';
import { sessionTokenSeconds } from '../../lib/api/sessions.ts';
import { issueSessionToken, verifySessionToken, type SessionGrant } from './sessionTokens.ts';

const key = await sessionTokenKey(new Uint8Array(32).fill(3));
const now = new Date('2026-11-22T10:00:00Z');
const maxHours = 24;
/** A session whose code was redeemed `now`, for contact ct_a on chat box cb_b. */
const grant: SessionGrant = { contactId: 'ct_a', scope: 'cb_b', authTime: now, version: 0 };
const at = (hours: number) => new Date(now.getTime() + hours * 3600_000);

async function rejection(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { status: (error as ApiError).status, code: (error as ApiError).code };
}

describe('session tokens', () => {
  it('last one hour (seed) and carry the contact, scope, time of the code and session version', async () => {
    expect(sessionTokenSeconds).toBe(3600);
    const { jwt, expiresAt } = await issueSessionToken(key, { ...grant, version: 4 }, maxHours, now);
    expect(expiresAt).toBe('2026-11-22T11:00:00.000Z');
    const session = await verifySessionToken(key, jwt, maxHours, now);
    expect(session).toEqual({ contactId: 'ct_a', scope: 'cb_b', authTime: now, version: 4, expiresAt: new Date(expiresAt) });
  });

  it('are new each time, even within one second', async () => {
    const a = await issueSessionToken(key, grant, maxHours, now);
    const b = await issueSessionToken(key, grant, maxHours, now);
    expect(a.jwt).not.toBe(b.jwt);
  });

  it('keep the time the code was redeemed through every extend', async () => {
    let issued = await issueSessionToken(key, grant, maxHours, now);
    for (const hours of [0.9, 1.8, 2.7]) {
      const session = await verifySessionToken(key, issued.jwt, maxHours, at(hours));
      expect(session.authTime).toEqual(now);
      issued = await issueSessionToken(key, session, maxHours, at(hours));
    }
    expect((await verifySessionToken(key, issued.jwt, maxHours, at(3))).authTime).toEqual(now);
  });

  it('of a session verified 23 h 30 min ago extend only to the ceiling, 24 h after the code was redeemed', async () => {
    const { jwt } = await issueSessionToken(key, grant, maxHours, at(23));
    const session = await verifySessionToken(key, jwt, maxHours, at(23.5));
    expect((await issueSessionToken(key, session, maxHours, at(23.5))).expiresAt).toBe(at(24).toISOString());
  });

  it('of a session verified 24 h ago cannot be extended: session_ended, not token_expired', async () => {
    const last = await issueSessionToken(key, grant, maxHours, at(23.5));
    expect(await rejection(verifySessionToken(key, last.jwt, maxHours, at(24)))).toEqual({ status: 401, code: 'session_ended' });
    expect(await rejection(issueSessionToken(key, grant, maxHours, at(24)))).toEqual({ status: 401, code: 'session_ended' });
  });

  it('follow SESSION_MAX_HOURS for the ceiling, also one lowered after a token was issued', async () => {
    expect((await issueSessionToken(key, grant, 0.5, now)).expiresAt).toBe(at(0.5).toISOString());
    expect((await issueSessionToken(key, grant, 2, at(1.5))).expiresAt).toBe(at(2).toISOString());
    expect((await issueSessionToken(key, grant, 48, at(23.5))).expiresAt).toBe(at(24.5).toISOString());
    const { jwt } = await issueSessionToken(key, grant, maxHours, at(1.5));
    expect((await verifySessionToken(key, jwt, maxHours, at(2))).contactId).toBe('ct_a');
    expect(await rejection(verifySessionToken(key, jwt, 2, at(2)))).toEqual({ status: 401, code: 'session_ended' });
  });

  it('are refused without the time of the code or the session version, as tokens issued before them were', async () => {
    const older = await new SignJWT({ scope: 'cb_b' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('foyer')
      .setAudience('foyer-contact-session')
      .setSubject('ct_a')
      .setIssuedAt(now)
      .setExpirationTime(at(1))
      .sign(key);
    expect(await rejection(verifySessionToken(key, older, maxHours, now))).toEqual({ status: 401, code: 'invalid_token' });
  });

  it('are refused when expired, tampered, signed with another key, or unsigned (alg: none)', async () => {
    const { jwt } = await issueSessionToken(key, grant, maxHours, now);
    const later = new Date(now.getTime() + 3601_000);
    expect(await rejection(verifySessionToken(key, jwt, maxHours, later))).toEqual({ status: 401, code: 'token_expired' });
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'page' })).toString('base64url');
    expect(await rejection(verifySessionToken(key, `${header}.${forged}.${signature}`, maxHours, now))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(9));
    expect(await rejection(verifySessionToken(await sessionTokenKey(new Uint8Array(32).fill(9)), jwt, maxHours, now))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
    expect(await rejection(verifySessionToken(key, otherKey, maxHours, now))).toEqual({ status: 401, code: 'invalid_token' });
    const unsigned = new UnsecuredJWT(claims).encode();
    expect(await rejection(verifySessionToken(key, unsigned, maxHours, now))).toEqual({ status: 401, code: 'invalid_token' });
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array(64).fill(3));
    expect(await rejection(verifySessionToken(key, hs512, maxHours, now))).toEqual({ status: 401, code: 'invalid_token' });
  });
});
