/**
 * The contact session as islands use it: getSessionToken applies the seed's rules (rules.ts) with the API,
 * keeps the store and cookies in step, and caches the contact and organisation users it fetches.
 */
import { map } from 'nanostores';
import { botToken } from '../botCheck.ts';
import { request } from '../http/client.ts';
import { $contactSessions, forgetSession, storeSession } from '../../stores/contactSessions.ts';
import { nextStep, type SessionRecord } from './rules.ts';

export const pageSession = 'page';

/** The contact as `contacts/get` answers it: the server's record. */
import type { Contact } from '../../server/directory.ts';
export type { Contact };

export interface OrganizationUser {
  uid: string;
  name: string;
  avatarUrl: string | null;
}

/** Organisation users by uid, and the contact by chat box id (or `page`). */
export const $organizationUsers = map<Record<string, OrganizationUser | undefined>>({});
export const $contacts = map<Record<string, Contact | undefined>>({});

interface Issued {
  jwt: string;
  expiresAt: string;
}

const toRecord = ({ jwt, expiresAt }: Issued): SessionRecord => ({ token: jwt, expiresAt: Date.parse(expiresAt) });

async function verify(key: string, contactId: string, otp: string): Promise<SessionRecord> {
  const token = await botToken('login');
  const path = key === pageSession ? '/api/verify' : '/api/chat/verify';
  const { data } = await request<{ data: Issued }>(path, { method: 'POST', body: { chatBoxId: key, contactId, otp, token } });
  return toRecord(data);
}

async function extend(key: string, record: SessionRecord): Promise<SessionRecord> {
  const token = await botToken('login');
  return toRecord(await request<Issued>('/api/chat/extend', { method: 'POST', bearer: record.token, body: { chatBoxId: key, token } }));
}

/** The contact a token belongs to (read, not verified: only to tell whether a new link is for someone else). */
function tokenContact(token: string): string | undefined {
  try {
    return (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string }).sub;
  } catch {
    return undefined;
  }
}

export interface TokenRequest {
  otp?: string | undefined;
  contactId?: string | undefined;
  forceReload?: boolean | undefined;
}

/**
 * The session token for a chat box (or `page`), or null when there is none and no code to get one.
 * A failed verify or extend clears the session and its cookie, then rejects with the ApiRequestError.
 */
export async function getSessionToken(
  key: string,
  { otp, contactId, forceReload = false }: TokenRequest = {},
  now = Date.now(),
): Promise<string | null> {
  let record = $contactSessions.get()[key];
  const hasCode = !!otp && !!contactId;
  // A link for another contact replaces this device's session for that chat box.
  if (record && hasCode && tokenContact(record.token) !== contactId) record = undefined;
  const step = nextStep(record, { hasCode, forceReload }, now);
  if (step === 'keep') return record!.token;
  if (step === 'none' || step === 'verify') forgetSession(key);
  if (step === 'none') return null;
  try {
    const fresh = step === 'verify' ? await verify(key, contactId!, otp!) : await extend(key, record!);
    storeSession(key, fresh);
    return fresh.token;
  } catch (error) {
    forgetSession(key);
    throw error;
  }
}

export { isPresent as hasPreviousSession } from './rules.ts';

/** Forgets every session on this device, and the contact and organisation users fetched with them. */
export function resetSessions(): void {
  for (const key of Object.keys($contactSessions.get())) forgetSession(key);
  $organizationUsers.set({});
  $contacts.set({});
}

export async function fetchContact(key: string): Promise<Contact | null> {
  const cached = $contacts.get()[key];
  if (cached) return cached;
  const token = await getSessionToken(key);
  if (!token) return null;
  const { contact } = await request<{ contact: Contact }>('/api/contacts/get', { method: 'POST', bearer: token, body: { chatBoxId: key } });
  $contacts.setKey(key, contact);
  return contact;
}

export async function fetchOrganizationUser(key: string, uid: string): Promise<OrganizationUser | null> {
  const cached = $organizationUsers.get()[uid];
  if (cached) return cached;
  const token = await getSessionToken(key);
  if (!token) return null;
  const { organizationUser } = await request<{ organizationUser: OrganizationUser }>('/api/organizationUsers/get', {
    method: 'POST',
    bearer: token,
    body: { chatBoxId: key, uid },
  });
  $organizationUsers.setKey(uid, organizationUser);
  return organizationUser;
}
