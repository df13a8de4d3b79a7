/**
 * The contact session's calls to the API: getSessionToken applies the seed's token-age rules (tokenAge.ts) with the API,
 * keeps the store and cookies in step, and caches the contact and organisation users it fetches.
 */
import { botToken } from '../../lib/botCheck.ts';
import { requestEndpoint } from '../../lib/http/client.ts';
import { $contactSessions, forgetAllSessions, forgetSession, storeSession } from '../../stores/contactSessions.ts';
import { $contacts, forgetContact, forgetContacts, rememberContact } from '../../stores/contacts.ts';
import { forgetOrganizationUsers, loadOrganizationUser } from '../../stores/organizationUsers.ts';
import { sessionTokenSeconds } from '../../lib/api/constants.ts';
import type { Contact, IssuedToken, OrganizationUser } from '../../lib/api/sessions.ts';
import { pageScope } from '../../lib/api/constants.ts';
import { isPresent, nextStep, type SessionRecord } from '../../lib/session/tokenAge.ts';

export type { Contact, OrganizationUser };

/** The token's claims (read, not verified: the server checks them; this device only needs its own bookkeeping). */
function claims(token: string): { sub?: string; iat?: number; exp?: number } {
  try {
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as ReturnType<typeof claims>;
  } catch {
    return {};
  }
}

/**
 * Whether the token ends its session: the server cuts the last token short at the session's ceiling
 * (SESSION_MAX_HOURS after the code was redeemed), so a lifetime under the full hour means no extend can add time.
 */
export function isFinal(token: string): boolean {
  const { iat, exp } = claims(token);
  return !!iat && !!exp && exp - iat < sessionTokenSeconds;
}

/**
 * The record keeps the expiry on this device's clock: the token's lifetime counted from when it arrived. A clock
 * that is minutes off would otherwise make a new token look old (or an old one young) to the seed's 3540/3000 s.
 */
export function toRecord({ jwt, expiresAt }: IssuedToken, receivedAt: number): SessionRecord {
  const { iat, exp } = claims(jwt);
  const lifetime = iat && exp && exp > iat ? (exp - iat) * 1000 : Date.parse(expiresAt) - receivedAt;
  return { token: jwt, expiresAt: receivedAt + lifetime };
}

async function verify(key: string, contactId: string, otp: string): Promise<SessionRecord> {
  const token = await botToken('login');
  const endpoint = key === pageScope ? 'pageVerify' : 'chatVerify';
  const { data } = await requestEndpoint(endpoint, { body: { chatBoxId: key, contactId, otp, token } });
  return toRecord(data, Date.now());
}

async function extend(key: string, record: SessionRecord): Promise<SessionRecord> {
  const token = await botToken('login');
  const issued = await requestEndpoint('chatExtend', { bearer: record.token, body: { chatBoxId: key, token } });
  return toRecord(issued, Date.now());
}

export interface TokenRequest {
  otp?: string | undefined;
  contactId?: string | undefined;
  forceReload?: boolean | undefined;
}

// One verify or extend at a time per key: islands, timers and the tab coming back all ask for the token, and two
// extends at once would race (the loser's failure clearing the winner's token). Reset starts a new generation, so
// an answer that arrives after it is dropped instead of bringing the session back.
const pending = new Map<string, Promise<string | null>>();
let generation = 0;

/**
 * The session token for a chat box (or `page`), or null when there is none and no code to get one.
 * A failed verify or extend clears the session and its cookie, then rejects with the ApiRequestError.
 */
export async function getSessionToken(
  key: string,
  { otp, contactId, forceReload = false }: TokenRequest = {},
  now = Date.now(),
): Promise<string | null> {
  const hasCode = !!otp && !!contactId;
  const running = pending.get(key);
  if (running && !hasCode) return running;
  if (running) await running.catch(() => null);
  let record = $contactSessions.get()[key];
  // A link for another contact replaces this device's session for that chat box.
  if (record && hasCode && claims(record.token).sub !== contactId) record = undefined;
  const step = nextStep(record, { hasCode, forceReload, final: !!record && isFinal(record.token) }, now);
  if (step === 'keep') return record!.token;
  if (step === 'none' || step === 'verify') forgetSession(key);
  if (step === 'none') return null;
  const started = generation;
  const work = (step === 'verify' ? verify(key, contactId!, otp!) : extend(key, record!)).then(
    (fresh) => {
      if (generation !== started) return null;
      storeSession(key, fresh);
      return fresh.token;
    },
    (error: unknown) => {
      if (generation === started) forgetSession(key);
      throw error;
    },
  );
  pending.set(key, work);
  const settle = () => {
    if (pending.get(key) === work) pending.delete(key);
  };
  work.then(settle, settle);
  return work;
}

export { isPresent as hasPreviousSession } from '../../lib/session/tokenAge.ts';

/**
 * A live session on this device that belongs to someone other than `contactId` (the keys in `first` looked at
 * first): a link for another person would replace it without a word, so the page asks before.
 */
export function sessionOfAnotherContact(contactId: string, first: string[], now = Date.now()): string | undefined {
  const records = $contactSessions.get();
  return [...first, ...Object.keys(records)].find((key) => {
    const record = records[key];
    return isPresent(record, now) && claims(record.token).sub !== contactId;
  });
}

/** A link for another person was opened on purpose: the device is theirs now, and the earlier person's sessions go. */
export function forgetOtherContacts(contactId: string): void {
  for (const [key, record] of Object.entries($contactSessions.get())) {
    if (!record || claims(record.token).sub === contactId) continue;
    forgetSession(key);
    forgetContact(key);
  }
}

/** Forgets every session on this device, and the contact and organisation users fetched with them. */
export function resetSessions(): void {
  generation += 1;
  pending.clear();
  forgetAllSessions();
  forgetOrganizationUsers();
  forgetContacts();
}

export async function fetchContact(key: string): Promise<Contact | null> {
  const cached = $contacts.get()[key];
  if (cached) return cached;
  const started = generation;
  const token = await getSessionToken(key);
  if (!token) return null;
  const { contact } = await requestEndpoint('contactGet', { bearer: token, body: { chatBoxId: key } });
  if (generation !== started) return null;
  rememberContact(key, contact);
  return contact;
}

export async function fetchOrganizationUser(key: string, uid: string): Promise<OrganizationUser | null> {
  return loadOrganizationUser(uid, async () => {
    const token = await getSessionToken(key);
    if (!token) throw new Error('There is no session to ask with.');
    const { organizationUser } = await requestEndpoint('organizationUserGet', { bearer: token, body: { chatBoxId: key, uid } });
    return organizationUser;
  });
}
