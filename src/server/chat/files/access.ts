/**
 * Access to a chat box's files from a browser: a picture's `<img>` and a download link send no Authorization header,
 * so a participant trades their bearer token for a file-access token (HS256, 15 minutes) that goes in the address.
 * Each download checks again that its holder may still read the chat box — a contact whose sessions were revoked or
 * who was erased, a staff member removed — so a token outlives nobody's access.
 */
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Participant } from '../../../lib/api/chat.ts';
import type { FileAccessAnswer } from '../../../lib/api/files.ts';
import { checkContactAccess } from '../../api/callers.ts';
import type { ChatParticipant } from '../../api/route.ts';
import { ApiError } from '../../errors.ts';
import type { Services } from '../../services.ts';

export const fileAccessSeconds = 15 * 60;
const audience = 'foyer-file-access';

const claimsSchema = z.object({
  sub: z.string(),
  chat_box_id: z.string(),
  kind: z.enum(['contact', 'staff']),
  /** A contact's: the session's scope and version, checked again at each download. */
  scope: z.string().optional(),
  session_version: z.number().int().optional(),
});

export async function issueFileAccess(services: Services, chatBoxId: string, caller: ChatParticipant): Promise<FileAccessAnswer> {
  const expires = Math.floor(Date.now() / 1000) + fileAccessSeconds;
  const session = 'session' in caller ? { scope: caller.session.scope, session_version: caller.session.version } : {};
  const access = await new SignJWT({ chat_box_id: chatBoxId, kind: caller.participant.kind, ...session })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(audience)
    .setSubject(caller.participant.id)
    .setExpirationTime(expires)
    .sign(services.keys.fileAccess);
  return { access, expiresAt: new Date(expires * 1000).toISOString() };
}

const noAccess = () => new ApiError(403, 'invalid_token', 'The link to this file has expired or is not valid.');

/** Who holds the token, for which chat box, if they still may read it; 403 otherwise. */
export async function checkFileAccess(services: Services, access: string): Promise<{ chatBoxId: string; viewer: Participant }> {
  let claims;
  try {
    const { payload } = await jwtVerify(access, services.keys.fileAccess, { algorithms: ['HS256'], audience });
    claims = claimsSchema.parse(payload);
  } catch {
    throw noAccess();
  }
  const chatBoxId = claims.chat_box_id;
  if (claims.kind === 'contact') {
    const session = { contactId: claims.sub, scope: claims.scope ?? chatBoxId, version: claims.session_version ?? -1 };
    await checkContactAccess(services, session, chatBoxId).catch(() => {
      throw noAccess();
    });
  } else {
    const [staff] = await services.db.query(`select 1 from organization_users where uid = $1 and removed_at is null`, [claims.sub]);
    if (!staff) throw noAccess();
  }
  return { chatBoxId, viewer: { kind: claims.kind, id: claims.sub } };
}
