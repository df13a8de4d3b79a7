/**
 * Contact session tokens: HS256 JWTs naming the contact and one chat box, or `page` for all of the
 * contact's chat boxes. Valid one hour (seed); extending gives a new one with the same scope, up to a ceiling
 * SESSION_MAX_HOURS after the one-time code was redeemed.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { sessionTokenSeconds, type IssuedToken } from '../../lib/api/sessions.ts';
import { ApiError } from '../errors.ts';

export const sessionTokenIssuer = 'foyer';
const issuer = sessionTokenIssuer;
const audience = 'foyer-contact-session';

export interface ContactSession {
  contactId: string;
  /** A chat box id, or `page`. */
  scope: string;
  /** When the one-time code was redeemed; every extended token keeps it. */
  authTime: Date;
  /** The contact's session version then (sessionVersions.ts): a bump ends every session issued before it. */
  version: number;
  expiresAt: Date;
}

/** What a token is issued for: the session without an expiry, which issuing decides. */
export type SessionGrant = Omit<ContactSession, 'expiresAt'>;

const claimsSchema = z.object({
  sub: z.string(),
  scope: z.string(),
  exp: z.number(),
  auth_time: z.number().int(),
  session_version: z.number().int().min(0),
});

const seconds = (time: Date) => Math.floor(time.getTime() / 1000);

export const sessionEnded = () => new ApiError(401, 'session_ended', 'The session has ended. A new one-time code is needed.');
const invalidToken = () => new ApiError(401, 'invalid_token', 'The session token is not valid.');

/** The moment a session ends, however often it was extended. */
export function sessionCeiling(authTime: Date, maxHours: number): Date {
  return new Date((seconds(authTime) + Math.floor(maxHours * 3600)) * 1000);
}

/** A token for the grant, valid one hour but never past the session's ceiling; at or past the ceiling, session_ended. */
export async function issueSessionToken(key: CryptoKey, grant: SessionGrant, maxHours: number, now = new Date()): Promise<IssuedToken> {
  const issuedAt = seconds(now);
  const ceiling = seconds(sessionCeiling(grant.authTime, maxHours));
  if (issuedAt >= ceiling) throw sessionEnded();
  // The last extend before the ceiling gets a shorter token, not a full hour past it: a session limit ends the
  // session at that hour however active the contact is, which is what Intercom or Chatwoot users expect of one.
  const expires = Math.min(issuedAt + sessionTokenSeconds, ceiling);
  const jwt = await new SignJWT({ scope: grant.scope, auth_time: seconds(grant.authTime), session_version: grant.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(grant.contactId)
    .setIssuedAt(issuedAt)
    // A fresh id, so extending within the same second still gives a new token.
    .setJti(randomUUID())
    .setExpirationTime(expires)
    .sign(key);
  return { jwt, expiresAt: new Date(expires * 1000).toISOString() };
}

function toSession(payload: JWTPayload): ContactSession | undefined {
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return undefined;
  const { sub, scope, exp, auth_time, session_version } = claims.data;
  return { contactId: sub, scope, authTime: new Date(auth_time * 1000), version: session_version, expiresAt: new Date(exp * 1000) };
}

/**
 * The session in a bearer token, or a 401 that says whether it was missing, expired, ended for good (past its
 * ceiling) or not ours.
 */
export async function verifySessionToken(key: CryptoKey, token: string, maxHours: number, now = new Date()): Promise<ContactSession> {
  const ended = (session: ContactSession) => now >= sessionCeiling(session.authTime, maxHours);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer, audience, currentDate: now }));
  } catch (error) {
    if (!(error instanceof errors.JWTExpired)) throw invalidToken();
    // jose checks the signature before the times, so an expired token's claims are ours: they tell a token that
    // only needed extending in time from a session that is over.
    const expired = toSession(error.payload);
    throw expired && ended(expired) ? sessionEnded() : new ApiError(401, 'token_expired', 'The session has expired.');
  }
  const session = toSession(payload);
  if (!session) throw invalidToken();
  // A ceiling lowered since the token was issued applies at once.
  if (ended(session)) throw sessionEnded();
  return session;
}
