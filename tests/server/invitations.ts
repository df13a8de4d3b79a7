/** Invites a contact for a test and hands back the ids and code the link carries. */
import { randomUUID } from 'node:crypto';
import type { Lang } from '../../src/lib/i18n/languages.ts';
import { invite, type InviteRequest } from '../../src/server/contacts/invitations.ts';
import { issueSessionToken } from '../../src/server/contacts/sessionTokens.ts';
import type { Services } from '../../src/server/services.ts';

export interface InvitedContact {
  contactId: string;
  chatBoxId: string;
  code: string;
}

export async function invited(services: Services, request: Partial<InviteRequest> = {}): Promise<InvitedContact> {
  const { link, contactId, chatBoxId } = await invite(services, {
    email: `${Math.random().toString(36).slice(2)}@example.com`,
    ...request,
  });
  return { contactId, chatBoxId: chatBoxId ?? 'page', code: new URL(link).searchParams.get('cs_otp')! };
}

/** An invited contact with a session token for their chat box (a day long), as if they had opened the link. */
export async function contactWithSession(services: Services, { name = 'Ana', lang = 'en' }: { name?: string; lang?: Lang } = {}) {
  const email = `${name.length}-${randomUUID().slice(0, 8)}@example.com`;
  const made = await invited(services, { email, name, lang });
  const grant = { contactId: made.contactId, scope: made.chatBoxId, authTime: new Date(), version: 0 };
  return { ...made, email, token: (await issueSessionToken(services.keys.sessionTokens, grant, 24)).jwt };
}
