/**
 * A copy of a conversation for its contact, written into the outbox in the caller's transaction: asked for by the
 * contact, or on resolving when the organisation sends one then (never to a contact who turned e-mails off, or
 * whose access was revoked). Internal notes are never in it.
 */
import { isLang, type Lang } from '../../lib/i18n/languages.ts';
import { paths } from '../../lib/paths.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { transcriptMail, type TranscriptMessage } from '../mail/transcriptMail.ts';
import { unsubscribeToken } from '../mail/unsubscribe.ts';

/** The latest this many messages; a longer conversation's copy says the earlier ones are in the conversation. */
const messagesAtMost = 500;
/** A contact may ask this many times an hour. */
export const transcriptLimit = { max: 3, windowSeconds: 3600 };

type Mailing = Pick<Services, 'config' | 'keys'> & { mail: NonNullable<Services['mail']> };

/** Writes the copy; false when there is nobody to send it to, or this copy (the same last message) was written before. */
export async function enqueueTranscript(
  tx: Queryable,
  { mail, config, keys }: Mailing,
  chatBoxId: string,
  reason: 'asked' | 'resolved',
): Promise<boolean> {
  const [contact] = await tx.query<{ id: string; email: string; name: string; lang: string; off: boolean }>(
    `select c.id, c.email, c.name, c.lang, (c.missed_mail_off_at is not null or c.access_revoked_at is not null) as off
     from chat_boxes b join contacts c on c.id = b.contact_id where b.id = $1`,
    [chatBoxId],
  );
  if (!contact || (reason === 'resolved' && contact.off)) return false;
  const rows = await tx.query<{ id: number; body: string; files: number; created_at: Date | string; staff_name: string | null }>(
    `select m.id, m.body, jsonb_array_length(coalesce(m.files, '[]'::jsonb)) as files, m.created_at, case when m.sender_kind = 'staff' then coalesce(u.name, '') end as staff_name
     from messages m left join organization_users u on m.sender_kind = 'staff' and u.uid = m.sender_id
     where m.chat_box_id = $1 and not m.internal
     order by m.id desc limit ${messagesAtMost + 1}`,
    [chatBoxId],
  );
  if (rows.length === 0) return false;
  const messages: TranscriptMessage[] = rows
    .slice(0, messagesAtMost)
    .reverse()
    .map((row) => ({ staffName: row.staff_name, body: row.body, files: Number(row.files), createdAt: new Date(row.created_at) }));
  const lang: Lang = isLang(contact.lang) ? contact.lang : 'en';
  return mail.enqueue(
    tx,
    transcriptMail({
      // One copy per reason and last message: asking again with nothing new sends nothing new.
      idempotencyKey: `transcript:${reason}:${chatBoxId}:${rows[0]!.id}`,
      reason,
      to: contact.email,
      lang,
      name: contact.name,
      messages,
      earlier: rows.length > messagesAtMost,
      link: new URL(paths.chatBox(lang, chatBoxId), config.SITE_URL).href,
      siteUrl: config.SITE_URL,
      unsubscribeToken: unsubscribeToken(keys.unsubscribe, { kind: 'contact', id: contact.id }),
    }),
  );
}

/** The contact's request: 404 without e-mail on this server, like a new link. */
export async function sendTranscript(services: Services, chatBoxId: string): Promise<void> {
  const { mail } = services;
  if (!mail) throw new ApiError(404, 'not_found', 'E-mail is not set up on this server.');
  await services.db.transaction((tx) => enqueueTranscript(tx, { ...services, mail }, chatBoxId, 'asked'));
  mail.poke();
}
