/** The contact-session endpoints: verify a one-time code, extend a session, and read what a session may see. */
import type { z } from 'zod';
import { chatBoxOwner, findContact, findOrganizationUserByUid } from '../directory.ts';
import { ApiError } from '../errors.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { redeemCode } from '../oneTimeCodes.ts';
import { hit } from '../rateLimit.ts';
import { issueSessionToken, pageScope, sessionEnded, verifySessionToken, type ContactSession } from '../sessionTokens.ts';
import { readSessionVersion } from '../sessionVersions.ts';
import type { Services } from '../services.ts';
import type { ApiRequest } from './exchange.ts';
import { contactBody, extendBody, organizationUserBody, verifyChatBoxBody, verifyPageBody } from './schemas.ts';

export interface Call {
  services: Services;
  request: ApiRequest;
  body: unknown;
}

/** Every way a code can fail gets this same answer, so nothing about contacts or codes can be learned from it. */
const notAccepted = () => new ApiError(401, 'code_not_accepted', 'The code was not accepted.');

async function verify({ services, body, request }: Call, schema: typeof verifyChatBoxBody | typeof verifyPageBody) {
  const { chatBoxId, contactId, otp, token } = schema.parse(body) as z.infer<typeof verifyChatBoxBody>;
  const { db, config, keys, botCheck } = services;
  await hit(db, `verify:${rateLimitGroup(request.clientAddress)}`, { max: config.VERIFY_RATE_LIMIT, windowSeconds: config.VERIFY_RATE_WINDOW_SECONDS });
  await botCheck(token, 'login', request.clientAddress);
  const codeScope = chatBoxId === pageScope ? null : chatBoxId;
  // Read before redeeming, from the database, not the cache: a revocation committed in between has killed the
  // code, and one committed after leaves this token with the old version (see revokeContact).
  const version = await readSessionVersion(db, contactId);
  if (!(await redeemCode(db, keys.oneTimeCodes, { contactId, chatBoxId: codeScope, code: otp })) || version === undefined) {
    throw notAccepted();
  }
  const grant = { contactId, scope: chatBoxId, authTime: new Date(), version };
  return { data: await issueSessionToken(keys.sessionTokens, grant, config.SESSION_MAX_HOURS) };
}

export const verifyChatBox = (call: Call) => verify(call, verifyChatBoxBody);
export const verifyPage = (call: Call) => verify(call, verifyPageBody);

/**
 * The bearer session, checked against the chat box asked for: a chat box token only for its own chat box,
 * a page token for the page and every chat box of its contact. The contact must still exist, not revoked since.
 */
async function authorize({ services, request }: Call, chatBoxId: string): Promise<ContactSession> {
  const { keys, config } = services;
  const session = await verifySessionToken(keys.sessionTokens, request.header('authorization'), config.SESSION_MAX_HOURS);
  const outOfScope = () => new ApiError(403, 'out_of_scope', 'This session does not cover that chat box.');
  if (session.scope !== pageScope && session.scope !== chatBoxId) throw outOfScope();
  if ((await services.sessionVersions.current(session.contactId)) !== session.version) throw sessionEnded();
  // Someone else's chat box and one that does not exist get the same answer: a session cannot probe for ids.
  if (session.scope === pageScope && chatBoxId !== pageScope && (await chatBoxOwner(services.db, chatBoxId)) !== session.contactId) {
    throw outOfScope();
  }
  return session;
}

export async function extend(call: Call) {
  const { chatBoxId, token } = extendBody.parse(call.body);
  const session = await authorize(call, chatBoxId);
  await call.services.botCheck(token, 'login', call.request.clientAddress);
  // The new token keeps the session's auth_time and version, so extending never moves its ceiling.
  return issueSessionToken(call.services.keys.sessionTokens, session, call.services.config.SESSION_MAX_HOURS);
}

export async function getOrganizationUser(call: Call) {
  const { chatBoxId, uid } = organizationUserBody.parse(call.body);
  await authorize(call, chatBoxId);
  const user = await findOrganizationUserByUid(call.services.db, uid);
  if (!user) throw new ApiError(404, 'not_found', 'There is no such organisation user.');
  return { organizationUser: { uid: user.uid, name: user.name, avatarUrl: user.avatarUrl } };
}

export async function getContact(call: Call) {
  const { chatBoxId } = contactBody.parse(call.body);
  const session = await authorize(call, chatBoxId);
  const contact = await findContact(call.services.db, session.contactId);
  if (!contact) throw new ApiError(404, 'not_found', 'There is no such contact.');
  return { contact };
}
