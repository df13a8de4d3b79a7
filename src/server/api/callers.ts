/**
 * Who is calling, for the router's callers (route.ts): a contact's session, checked against the chat box asked for,
 * and a chat box's participant — its contact (a session token) or any staff member (a Firebase ID token). Open
 * streams ask again with `checkContactAccess` (chatStream.ts).
 */
import { decodeJwt } from 'jose';
import { pageScope } from '../../lib/api/ids.ts';
import { chatBoxOwner } from '../contacts/records.ts';
import { sessionEnded, sessionTokenIssuer, verifySessionToken, type ContactSession } from '../contacts/sessionTokens.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { staffFromToken } from '../staff/signIn.ts';
import type { ChatParticipant } from './route.ts';

/**
 * The contact-session caller: the session in the bearer token, checked against the chat box asked for: a chat box
 * token only for its own chat box, a page token for the page and every chat box of its contact. The contact must
 * still exist, not revoked since.
 */
export async function authorizeContact(services: Services, token: string, chatBoxId: string): Promise<ContactSession> {
  const { keys, config } = services;
  const session = await verifySessionToken(keys.sessionTokens, token, config.SESSION_MAX_HOURS);
  await checkContactAccess(services, session, chatBoxId);
  return session;
}

/**
 * What a verified session may reach, which can change after its token was issued: a revoked session (its version
 * bumped), a chat box that is no longer the contact's.
 */
export async function checkContactAccess(
  services: Services,
  session: Pick<ContactSession, 'contactId' | 'scope' | 'version'>,
  chatBoxId: string,
): Promise<void> {
  const outOfScope = () => new ApiError(403, 'out_of_scope', 'This session does not cover that chat box.');
  if (session.scope !== pageScope && session.scope !== chatBoxId) throw outOfScope();
  if ((await services.sessionVersions.current(session.contactId)) !== session.version) throw sessionEnded();
  // Someone else's chat box and one that does not exist get the same answer: a session cannot probe for ids.
  if (session.scope === pageScope && chatBoxId !== pageScope && (await chatBoxOwner(services.db, chatBoxId)) !== session.contactId) {
    throw outOfScope();
  }
}

function issuerOf(token: string): string | undefined {
  try {
    return decodeJwt(token).iss;
  } catch {
    return undefined;
  }
}

/** The token's issuer tells which kind of participant to verify; each is then verified in full by its own rules. */
export async function participantFromToken(services: Services, token: string, chatBoxId: string): Promise<ChatParticipant> {
  if (issuerOf(token) === sessionTokenIssuer) {
    const session = await authorizeContact(services, token, chatBoxId);
    return { participant: { kind: 'contact', id: session.contactId }, session };
  }
  const staff = await staffFromToken(services.db, services.verifyIdToken, token);
  return { participant: { kind: 'staff', id: staff.uid }, staff };
}
