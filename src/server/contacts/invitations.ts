/**
 * Inviting a contact: the contact (made when new), a chat box (new, or one of theirs), a one-time code, and
 * the link that carries them: /{lang}/chat/{chatBoxId}?cs_contactId=…&cs_otp=…, or /{lang}/chat?… for a page session.
 */
import { contactSessionParams } from '../../lib/api/sessions.ts';
import type { Invitation, InvitationLogEntry } from '../../lib/api/invitations.ts';
import { isLang, type Lang } from '../../lib/i18n/languages.ts';
import type { Queryable } from '../db/database.ts';
import { appendOpened, type StoredEvent } from '../chat/events.ts';
import { chatBoxOwner, createChatBox, ensureContact } from './records.ts';
import { createCode } from './oneTimeCodes.ts';
import type { Services } from '../services.ts';
import { createHash } from 'node:crypto';
import { invitationMail } from '../mail/invitationMail.ts';

export interface InviteRequest {
  email: string;
  name?: string | undefined;
  lang?: Lang | undefined;
  /** Invite into this existing chat box (it must be the contact's). */
  chatBoxId?: string | undefined;
  /** A page-session link instead of one chat box. */
  page?: boolean | undefined;
  /** Also e-mail the link (through the outbox, in the same transaction). */
  sendEmail?: boolean | undefined;
  /** Who invites, named in the e-mail: the staff member's name; none from the command line. */
  inviter?: string | undefined;
  /** The inviting staff member's e-mail, for the invitation log; none from the command line. */
  invitedBy?: string | undefined;
  /** Which e-mail: an invitation, or the new link a contact asked for. */
  mailKind?: 'invitation' | 'newLink' | undefined;
}

export type { Invitation };

/** A request that cannot be carried out, with the field it is about (the browser shows it there). */
export class InviteError extends Error {
  readonly field: 'chatBoxId' | 'page' | 'sendEmail';
  constructor(message: string, field: 'chatBoxId' | 'page' | 'sendEmail') {
    super(message);
    this.field = field;
  }
}

/** A contact asked for a new link, but their access was revoked: only staff let them back in, by inviting them. */
export class AccessRevoked extends Error {}

export function invitationLink(siteUrl: string, lang: string, contactId: string, chatBoxId: string | null, code: string): string {
  const url = new URL(chatBoxId ? `/${lang}/chat/${chatBoxId}` : `/${lang}/chat`, siteUrl);
  url.searchParams.set(contactSessionParams.contactId, contactId);
  url.searchParams.set(contactSessionParams.otp, code);
  return url.href;
}

/**
 * A new one-time code for a chat box (or the page session) and the link that carries it. A new code for a scope
 * replaces the earlier ones (a link sent by mistake, or to an old address, dies), unless `keepOthers`: a
 * missed-message e-mail goes to the address the invitation went to, and must not kill its unused link.
 */
export async function issueLink(
  tx: Queryable,
  { keys, config }: Pick<Services, 'keys' | 'config'>,
  { contactId, chatBoxId, lang, keepOthers = false }: { contactId: string; chatBoxId: string | null; lang: Lang; keepOthers?: boolean },
): Promise<{ link: string; expiresAt: Date }> {
  if (!keepOthers)
    await tx.query(
      `update one_time_codes set used_at = now() where contact_id = $1 and chat_box_id is not distinct from $2 and used_at is null`,
      [contactId, chatBoxId],
    );
  const code = await createCode(tx, keys.oneTimeCodes, { contactId, chatBoxId, ttlDays: config.OTP_TTL_DAYS });
  const expiresAt = new Date(Date.now() + config.OTP_TTL_DAYS * 86_400_000);
  return { link: invitationLink(config.SITE_URL, lang, contactId, chatBoxId, code), expiresAt };
}

/** The newest invitations with who sent them (the staff member's name when they are still on the staff). */
export async function recentInvitations(db: Queryable, limit: number): Promise<InvitationLogEntry[]> {
  const rows = await db.query<{
    created_at: Date;
    invited_by: string | null;
    inviter_name: string | null;
    contact_id: string;
    email: string;
    name: string;
    chat_box_id: string | null;
    emailed: boolean;
  }>(
    `select i.created_at, i.invited_by, u.name as inviter_name, i.contact_id, c.email, c.name, i.chat_box_id, i.emailed
     from invitations i join contacts c on c.id = i.contact_id
       left join organization_users u on lower(u.email) = lower(i.invited_by) and u.removed_at is null
     order by i.created_at desc, i.id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    createdAt: row.created_at.toISOString(),
    invitedBy: row.invited_by === null ? null : { email: row.invited_by, name: row.inviter_name ?? '' },
    contact: { id: row.contact_id, email: row.email, name: row.name },
    chatBoxId: row.chat_box_id,
    emailed: row.emailed,
  }));
}

export async function invite({ db, keys, config, mail, chat }: Services, request: InviteRequest): Promise<Invitation> {
  if (request.sendEmail && !mail)
    throw new InviteError('E-mail is not set up: set SMTP_URL and MAIL_FROM to send invitations.', 'sendEmail');
  // A new chat box's event, published once the transaction has committed (as every chat change is).
  let opened: StoredEvent | undefined;
  const invitation = await db.transaction(async (tx: Queryable) => {
    const contact = await ensureContact(tx, { email: request.email, name: request.name ?? '', lang: request.lang ?? 'en' });
    // Locked, so a revocation at the same moment comes before or after this, never in between.
    const [access] = await tx.query<{ revoked: boolean }>(
      `select access_revoked_at is not null as revoked from contacts where id = $1 for update`,
      [contact.id],
    );
    if (access?.revoked) {
      if (request.mailKind === 'newLink') throw new AccessRevoked();
      // Staff inviting a revoked contact is the deliberate way back in.
      await tx.query(`update contacts set access_revoked_at = null where id = $1`, [contact.id]);
    }
    let chatBoxId: string | null = null;
    if (request.page) {
      if (request.chatBoxId) throw new InviteError('Choose either --page or --chat-box, not both.', 'page');
    } else if (request.chatBoxId) {
      const owner = await chatBoxOwner(tx, request.chatBoxId);
      if (!owner) throw new InviteError(`There is no chat box ${request.chatBoxId}.`, 'chatBoxId');
      if (owner !== contact.id) throw new InviteError(`Chat box ${request.chatBoxId} belongs to another contact.`, 'chatBoxId');
      chatBoxId = request.chatBoxId;
    } else {
      chatBoxId = await createChatBox(tx, contact.id);
      opened = await appendOpened(tx, chatBoxId);
      await chat.announce(tx, opened);
    }
    const lang = request.lang ?? (isLang(contact.lang) ? contact.lang : 'en');
    const { link, expiresAt } = await issueLink(tx, { keys, config }, { contactId: contact.id, chatBoxId, lang });
    if (request.mailKind !== 'newLink')
      await tx.query(`insert into invitations (contact_id, chat_box_id, invited_by, emailed) values ($1, $2, $3, $4)`, [
        contact.id,
        chatBoxId,
        request.invitedBy ?? null,
        Boolean(request.sendEmail && mail),
      ]);
    if (request.sendEmail && mail) {
      const mailInput = {
        to: request.email,
        lang,
        inviter: request.inviter,
        link,
        expiresAt,
      };
      // One e-mail per code: the key is the link's hash (the code itself stays out of the database).
      const kind = request.mailKind ?? 'invitation';
      await mail.enqueue(
        tx,
        invitationMail({ idempotencyKey: `${kind}:${createHash('sha256').update(link).digest('hex')}`, kind, ...mailInput }),
      );
    }
    return {
      link,
      contactId: contact.id,
      chatBoxId,
      contactCreated: contact.created,
      expiresAt: expiresAt.toISOString(),
      emailed: Boolean(request.sendEmail),
    };
  });
  if (opened) chat.publish(opened);
  if (invitation.emailed) mail?.poke();
  return invitation;
}
