/** Invites a contact for a test and hands back the ids and code the link carries. */
import { invite, type InviteRequest } from '../../src/server/contacts/invitations.ts';
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
