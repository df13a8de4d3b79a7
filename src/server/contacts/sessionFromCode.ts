/**
 * A one-time code exchanged for a session token (POST /api/chat/verify for one chat box, /api/verify for the page):
 * limited per client address, checked by the bot check, and refused in one way for every reason it fails.
 */
import type { z } from 'zod';
import type { verifyChatBoxBody, VerifyAnswer } from '../../lib/api/sessions.ts';
import { pageScope } from '../../lib/api/ids.ts';
import { ApiError } from '../errors.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import type { Services } from '../services.ts';
import { redeemCode } from './oneTimeCodes.ts';
import { issueSessionToken } from './sessionTokens.ts';
import { readSessionVersion } from './sessionVersions.ts';

/** Every way a code can fail gets this same answer, so nothing about contacts or codes can be learned from it. */
export const notAccepted = () => new ApiError(401, 'code_not_accepted', 'The code was not accepted.');

export async function sessionFromCode(
  services: Services,
  { chatBoxId, contactId, otp, token }: z.infer<typeof verifyChatBoxBody>,
  clientAddress: string,
): Promise<VerifyAnswer> {
  const { db, config, keys, botCheck } = services;
  await countTowardsLimit(db, `verify:${rateLimitGroup(clientAddress)}`, {
    max: config.VERIFY_RATE_LIMIT,
    windowSeconds: config.VERIFY_RATE_WINDOW_SECONDS,
  });
  await botCheck(token, 'login', clientAddress);
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
