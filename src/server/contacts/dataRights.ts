/**
 * What staff see of a contact, and the contact's data rights: everything stored about them as one document, and
 * erasure. Export names no staff member (only "staff") and describes one-time codes without their hashes.
 * Erasure deletes the contact; chat boxes, messages, files, events, read cursors and codes go with it (foreign keys
 * cascade), then the files' bytes wherever they are kept; its sessions end (the session version is gone with the
 * row) and its open streams end at once.
 */
import type { ContactDetailsAnswer, ContactEraseAnswer, ContactExport, ExportAudience } from '../../lib/api/contacts.ts';
import type { ChatStatus } from '../../lib/api/chat.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { forgetMailAbout } from '../mail/outbox.ts';
import { lastSeenSql } from './directory.ts';
import type { MessageFile } from '../../lib/api/files.ts';

type ContactRow = { id: string; email: string; name: string; lang: string; created_at: Date } & Record<string, unknown>;

async function contactOf(db: Queryable, contactId: string): Promise<ContactDetailsAnswer['contact']> {
  const [row] = await db.query<ContactRow>(`select id, email, name, lang, created_at from contacts where id = $1`, [contactId]);
  if (!row) throw new ApiError(404, 'not_found', 'There is no such contact.');
  return { id: row.id, email: row.email, name: row.name, lang: row.lang, createdAt: row.created_at.toISOString() };
}

export async function contactDetails(db: Queryable, contactId: string): Promise<ContactDetailsAnswer> {
  const contact = await contactOf(db, contactId);
  const boxes = await db.query<{ id: string; status: ChatStatus; activity: Date; messages: number }>(
    `select b.id, b.status, coalesce(b.last_activity_at, b.created_at) as activity,
       (select count(*) from messages m where m.chat_box_id = b.id)::integer as messages
     from chat_boxes b where b.contact_id = $1 order by activity desc, b.id`,
    [contactId],
  );
  const [seen] = await db.query<{ at: Date | null }>(`select ${lastSeenSql('c')} as at from contacts c where c.id = $1`, [contactId]);
  return {
    contact,
    lastSeenAt: seen?.at?.toISOString() ?? null,
    chatBoxes: boxes.map((box) => ({ id: box.id, status: box.status, lastActivityAt: box.activity.toISOString(), messages: box.messages })),
  };
}

/**
 * Everything stored about a contact. `audience: 'contact'` is the copy to hand to them: internal notes are left out
 * as if they did not exist; `'team'` keeps them, marked `internal`.
 */
export async function exportContact(db: Queryable, contactId: string, audience: ExportAudience): Promise<ContactExport> {
  const contact = await contactOf(db, contactId);
  const boxes = await db.query<{ id: string; status: ChatStatus; created_at: Date }>(
    `select id, status, created_at from chat_boxes where contact_id = $1 order by created_at, id`,
    [contactId],
  );
  const messages = await db.query<{
    id: number;
    chat_box_id: string;
    sender_kind: 'contact' | 'staff';
    internal: boolean;
    body: string;
    files: MessageFile[] | null;
    created_at: Date;
  }>(
    `select m.id, m.chat_box_id, m.sender_kind, m.internal, m.body, m.files, m.created_at
     from messages m join chat_boxes b on b.id = m.chat_box_id
     where b.contact_id = $1 and ($2 or not m.internal) order by m.id`,
    [contactId, audience === 'team'],
  );
  const ratings = await db.query<{
    id: number;
    chat_box_id: string;
    asked_at: Date;
    score: number | null;
    comment: string | null;
    rated_at: Date | null;
  }>(
    `select r.id::integer as id, r.chat_box_id, r.asked_at, r.score, r.comment, r.rated_at
     from ratings r join chat_boxes b on b.id = r.chat_box_id where b.contact_id = $1 order by r.id`,
    [contactId],
  );
  const codes = await db.query<{
    chat_box_id: string | null;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    wrong_tries: number;
  }>(`select chat_box_id, created_at, expires_at, used_at, wrong_tries from one_time_codes where contact_id = $1 order by id`, [contactId]);
  return {
    exportedAt: new Date().toISOString(),
    contact,
    chatBoxes: boxes.map((box) => ({
      id: box.id,
      status: box.status,
      createdAt: box.created_at.toISOString(),
      messages: messages
        .filter((message) => message.chat_box_id === box.id)
        .map((message) => ({
          id: message.id,
          from: message.sender_kind,
          internal: message.internal,
          text: message.body,
          createdAt: message.created_at.toISOString(),
          files: message.files ?? [],
        })),
      ratings: ratings
        .filter((rating) => rating.chat_box_id === box.id)
        .map((rating) => ({
          id: rating.id,
          askedAt: rating.asked_at.toISOString(),
          score: rating.score,
          comment: rating.comment,
          ratedAt: rating.rated_at?.toISOString() ?? null,
        })),
    })),
    codes: codes.map((code) => ({
      chatBoxId: code.chat_box_id,
      createdAt: code.created_at.toISOString(),
      expiresAt: code.expires_at.toISOString(),
      usedAt: code.used_at?.toISOString() ?? null,
      wrongTries: code.wrong_tries,
    })),
  };
}

/** Erases a contact; `confirmEmail` must be their e-mail (any case), so a wrong id cannot erase someone else. */
export async function eraseContact(
  { db, chat, fileBytes, log }: Pick<Services, 'db' | 'chat' | 'fileBytes' | 'log'>,
  contactId: string,
  confirmEmail: string,
): Promise<ContactEraseAnswer['erased']> {
  const erased = await db.transaction(async (tx) => {
    const [contact] = await tx.query<{ email: string }>(`select email from contacts where id = $1 for update`, [contactId]);
    if (!contact) throw new ApiError(404, 'not_found', 'There is no such contact.');
    if (contact.email.toLowerCase() !== confirmEmail.trim().toLowerCase()) {
      throw new ApiError(400, 'confirmation_mismatch', 'Type the contact’s e-mail address to confirm.');
    }
    const boxes = await tx.query<{ id: string }>(`select id from chat_boxes where contact_id = $1 for update`, [contactId]);
    const [count] = await tx.query<{ messages: number }>(
      `select count(*)::integer as messages from messages m join chat_boxes b on b.id = m.chat_box_id where b.contact_id = $1`,
      [contactId],
    );
    const ids = boxes.map((box) => box.id);
    const files = await tx.query<{ id: string }>(`select id from chat_files where chat_box_id = any($1::text[])`, [ids]);
    await tx.query(`delete from contacts where id = $1`, [contactId]);
    await forgetMailAbout(tx, contact.email, ids);
    // Conversations asked for with the address and not opened, and the per-address limits of "send me a new link"
    // (api/chat.ts) and of starting a conversation (contacts/chatStarts.ts), which are keyed by the address.
    await tx.query(`delete from chat_starts where lower(email) = lower($1)`, [contact.email]);
    const address = contact.email.trim().toLowerCase();
    await tx.query(`delete from rate_limits where key = any($1::text[])`, [[`newLink:${address}`, `chatStart:${address}`]]);
    await chat.announceEnd(tx, ids);
    await chat.announceAccessEnd(tx, { kind: 'contact', id: contactId });
    return { ids, messages: count!.messages, fileIds: files.map((file) => file.id) };
  });
  chat.endAccess({ kind: 'contact', id: contactId });
  chat.endChatBoxes(erased.ids);
  // After the records: bytes a failure (or a killed process) leaves behind, nobody can reach, and housekeeping
  // removes them. The erasure is done either way.
  await fileBytes.remove(erased.fileIds).catch((error: unknown) => log.error('Erasure: files’ bytes to be removed later:', error));
  return { chatBoxes: erased.ids.length, messages: erased.messages };
}
