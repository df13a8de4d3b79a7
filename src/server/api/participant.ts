/**
 * The participant caller: a chat box's contact (a session token, see sessions.ts) or any staff member (a Firebase
 * ID token). The token's issuer tells which to verify; each is then verified in full by its own rules.
 */
import { decodeJwt } from 'jose';
import { sessionTokenIssuer } from '../contacts/sessionTokens.ts';
import type { Services } from '../services.ts';
import { staffFromToken } from '../staff/signIn.ts';
import type { ChatParticipant } from './route.ts';
import { authorizeContact } from './sessions.ts';

function issuerOf(token: string): string | undefined {
  try {
    return decodeJwt(token).iss;
  } catch {
    return undefined;
  }
}

export async function participantFromToken(services: Services, token: string, chatBoxId: string): Promise<ChatParticipant> {
  if (issuerOf(token) === sessionTokenIssuer) {
    const session = await authorizeContact(services, token, chatBoxId);
    return { participant: { kind: 'contact', id: session.contactId }, session };
  }
  const staff = await staffFromToken(services.db, services.verifyIdToken, token);
  return { participant: { kind: 'staff', id: staff.uid }, staff };
}
