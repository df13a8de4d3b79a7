/**
 * Contact session tokens: HS256 JWTs naming the contact and one chat box, or `page` for all of the
 * contact's chat boxes. Valid one hour (seed); extending gives a new one with the same scope.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from './errors.ts';

export const sessionTokenSeconds = 3600;
export const pageScope = 'page';

const issuer = 'foyer';
const audience = 'foyer-contact-session';

export interface ContactSession {
  contactId: string;
  /** A chat box id, or `page`. */
  scope: string;
  expiresAt: Date;
}

export interface IssuedToken {
  jwt: string;
  expiresAt: string;
}

export async function issueSessionToken(key: CryptoKey, contactId: string, scope: string, now = new Date()): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expires = issuedAt + sessionTokenSeconds;
  const jwt = await new SignJWT({ scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(contactId)
    .setIssuedAt(issuedAt)
    // A fresh id, so extending within the same second still gives a new token.
    .setJti(randomUUID())
    .setExpirationTime(expires)
    .sign(key);
  return { jwt, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The session in a bearer token, or a 401 that says whether it was missing, expired or not ours. */
export async function verifySessionToken(key: CryptoKey, authorization: string | null, now = new Date()): Promise<ContactSession> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new ApiError(401, 'unauthorized', 'A session token is needed (Authorization: Bearer …).');
  try {
    const { payload } = await jwtVerify(match[1]!, key, { algorithms: ['HS256'], issuer, audience, currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload['scope'] !== 'string' || typeof payload.exp !== 'number') {
      throw new ApiError(401, 'invalid_token', 'The session token is not valid.');
    }
    return { contactId: payload.sub, scope: payload['scope'], expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof errors.JWTExpired) throw new ApiError(401, 'token_expired', 'The session has expired.');
    throw new ApiError(401, 'invalid_token', 'The session token is not valid.');
  }
}
