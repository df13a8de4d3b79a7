/** The contact-session routes: verify a one-time code, extend a session, and read what a session may see. */
import {
  verifyChatBoxBody,
  verifyPageBody,
  type ContactAnswer,
  type IssuedToken,
  type NewLinkAnswer,
  type OrganizationUserAnswer,
  type VerifyAnswer,
} from '../../lib/api/sessions.ts';
import { pageScope } from '../../lib/api/ids.ts';
import { chatBoxOwner, findContact } from '../contacts/records.ts';
import { findOrganizationUserByUid } from '../staff/records.ts';
import { ApiError } from '../errors.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { redeemCode } from '../contacts/oneTimeCodes.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import { sendNewLink } from '../contacts/newLink.ts';
import { issueSessionToken, sessionEnded, verifySessionToken, type ContactSession } from '../contacts/sessionTokens.ts';
import { readSessionVersion } from '../contacts/sessionVersions.ts';
import type { Services } from '../services.ts';
import { route, type Call } from './route.ts';

/** Every way a code can fail gets this same answer, so nothing about contacts or codes can be learned from it. */
const notAccepted = () => new ApiError(401, 'code_not_accepted', 'The code was not accepted.');

async function verify({
  services,
  body,
  request,
}: Call<typeof verifyChatBoxBody | typeof verifyPageBody, 'anyone'>): Promise<VerifyAnswer> {
  const { chatBoxId, contactId, otp, token } = body;
  const { db, config, keys, botCheck } = services;
  await countTowardsLimit(db, `verify:${rateLimitGroup(request.clientAddress)}`, {
    max: config.VERIFY_RATE_LIMIT,
    windowSeconds: config.VERIFY_RATE_WINDOW_SECONDS,
  });
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

export const verifyChatBoxRoute = route({
  endpoint: 'chatVerify',
  caller: 'anyone',
  handle: verify,
});
export const verifyPageRoute = route({ endpoint: 'pageVerify', caller: 'anyone', handle: verify });

/** Per client address, and per e-mail address (so one inbox cannot be flooded from many addresses). */
export const newLinkLimits = { perClient: { max: 10, windowSeconds: 3600 }, perEmail: { max: 3, windowSeconds: 3600 } };

export const newLinkRoute = route({
  endpoint: 'chatNewLink',
  caller: 'anyone',
  async handle({ services, body, request }): Promise<NewLinkAnswer> {
    if (!services.mail) throw new ApiError(404, 'not_found', 'E-mail is not set up on this server.');
    await countTowardsLimit(services.db, `newLink:${rateLimitGroup(request.clientAddress)}`, newLinkLimits.perClient);
    await countTowardsLimit(services.db, `newLink:${body.email.trim().toLowerCase()}`, newLinkLimits.perEmail);
    await services.botCheck(body.token, 'login', request.clientAddress);
    await sendNewLink(services, body);
    return { requested: true };
  },
});

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
 * bumped), a chat box that is no longer the contact's. Open streams ask again with this (api/chatStream.ts).
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

export const extendRoute = route({
  endpoint: 'chatExtend',
  caller: 'contactSession',
  async handle({ services, request, body, caller: session }): Promise<IssuedToken> {
    await services.botCheck(body.token, 'login', request.clientAddress);
    // The new token keeps the session's auth_time and version, so extending never moves its ceiling.
    return issueSessionToken(services.keys.sessionTokens, session, services.config.SESSION_MAX_HOURS);
  },
});

export const organizationUserRoute = route({
  endpoint: 'organizationUserGet',
  // Staff see their colleagues' names and pictures in a conversation too.
  caller: 'participant',
  async handle({ services, body }): Promise<OrganizationUserAnswer> {
    const user = await findOrganizationUserByUid(services.db, body.uid);
    if (!user?.uid) throw new ApiError(404, 'not_found', 'There is no such organisation user.');
    return { organizationUser: { uid: user.uid, name: user.name, avatarUrl: user.avatarUrl } };
  },
});

export const contactRoute = route({
  endpoint: 'contactGet',
  caller: 'contactSession',
  async handle({ services, caller: session }): Promise<ContactAnswer> {
    const contact = await findContact(services.db, session.contactId);
    if (!contact) throw new ApiError(404, 'not_found', 'There is no such contact.');
    return { contact };
  },
});
