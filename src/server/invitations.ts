/**
 * Inviting a contact: the contact (made when new), a chat box (new, or one of theirs), a one-time code, and
 * the link that carries them: /{lang}/chat/{chatBoxId}?cs_contactId=…&cs_otp=…, or /{lang}/chat?… for a page session.
 */
import { contactSessionParams } from '../lib/api/contactSessions.ts';
import { isLang, type Lang } from '../lib/i18n/languages.ts';
import type { Queryable } from './db/database.ts';
import { chatBoxOwner, createChatBox, ensureContact } from './directory.ts';
import { createCode } from './oneTimeCodes.ts';
import type { Services } from './services.ts';

export interface InviteRequest {
  email: string;
  name?: string | undefined;
  lang?: Lang | undefined;
  /** Invite into this existing chat box (it must be the contact's). */
  chatBoxId?: string | undefined;
  /** A page-session link instead of one chat box. */
  page?: boolean | undefined;
}

export interface Invitation {
  link: string;
  contactId: string;
  chatBoxId: string | null;
  contactCreated: boolean;
}

export class InviteError extends Error {}

export function invitationLink(siteUrl: string, lang: string, contactId: string, chatBoxId: string | null, code: string): string {
  const url = new URL(chatBoxId ? `/${lang}/chat/${chatBoxId}` : `/${lang}/chat`, siteUrl);
  url.searchParams.set(contactSessionParams.contactId, contactId);
  url.searchParams.set(contactSessionParams.otp, code);
  return url.href;
}

export async function invite({ db, keys, config }: Services, request: InviteRequest): Promise<Invitation> {
  return db.transaction(async (tx: Queryable) => {
    const contact = await ensureContact(tx, { email: request.email, name: request.name ?? '', lang: request.lang ?? 'en' });
    let chatBoxId: string | null = null;
    if (request.page) {
      if (request.chatBoxId) throw new InviteError('Choose either --page or --chat-box, not both.');
    } else if (request.chatBoxId) {
      const owner = await chatBoxOwner(tx, request.chatBoxId);
      if (!owner) throw new InviteError(`There is no chat box ${request.chatBoxId}.`);
      if (owner !== contact.id) throw new InviteError(`Chat box ${request.chatBoxId} belongs to another contact.`);
      chatBoxId = request.chatBoxId;
    } else {
      chatBoxId = await createChatBox(tx, contact.id);
    }
    const code = await createCode(tx, keys.oneTimeCodes, { contactId: contact.id, chatBoxId, ttlDays: config.OTP_TTL_DAYS });
    const lang = request.lang ?? (isLang(contact.lang) ? contact.lang : 'en');
    return {
      link: invitationLink(config.SITE_URL, lang, contact.id, chatBoxId, code),
      contactId: contact.id,
      chatBoxId,
      contactCreated: contact.created,
    };
  });
}
