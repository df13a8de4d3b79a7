/**
 * "How was your conversation?" for contacts who were away. A missed-message e-mail to the contact asks it itself
 * (ratingToMail); otherwise, a rating asked UNREAD_MAIL_MINUTES ago and not given,
 * of a conversation still resolved, whose contact has no stream of it open, gets one e-mail (never to a contact who
 * turned e-mails off or whose access was revoked, never about a resolution more than a day old). Scanned with the
 * missed messages; the rating's row is locked while its e-mail is written (SKIP LOCKED), so processes sharing
 * PostgreSQL never write it twice, and the outbox row is written in that transaction.
 */
import { isLang } from '../../lib/i18n/languages.ts';
import type { Queryable } from '../db/database.ts';
import type { Services } from '../services.ts';
import { ratingToken } from './ratingLinks.ts';
import { ratingRequestMail } from './ratingRequestMail.ts';
import { unsubscribeToken } from './unsubscribe.ts';

const due = `r.score is null and r.mailed_at is null
  and r.asked_at <= $1::timestamptz - make_interval(mins => $2) and r.asked_at > $1::timestamptz - interval '1 day'
  and r.id = (select max(l.id) from ratings l where l.chat_box_id = r.chat_box_id)
  and b.status = 'resolved' and c.missed_mail_off_at is null and c.access_revoked_at is null
  and not exists (select 1 from stream_presence p where p.alive_until > now() and b.id = any(p.chat_box_ids))`;
const from = `ratings r join chat_boxes b on b.id = r.chat_box_id join contacts c on c.id = b.contact_id`;

/**
 * The chat box's rating still to ask about by e-mail, locked for this transaction and marked as asked: the
 * missed-message e-mail to the contact carries its question (one e-mail rather than two); null when there is none.
 */
export async function ratingToMail(tx: Queryable, { keys }: Pick<Services, 'keys'>, chatBoxId: string, now: Date): Promise<string | null> {
  const [row] = await tx.query<{ id: number }>(
    `select r.id::integer as id from ratings r join chat_boxes b on b.id = r.chat_box_id
     where r.chat_box_id = $1 and r.score is null and r.mailed_at is null and b.status = 'resolved'
       and r.id = (select max(l.id) from ratings l where l.chat_box_id = r.chat_box_id)
     for update of r skip locked`,
    [chatBoxId],
  );
  if (!row) return null;
  await tx.query(`update ratings set mailed_at = $2 where id = $1`, [row.id, now]);
  return ratingToken(keys.ratings, row.id);
}

/** Writes every rating e-mail due at `now` (tests pass a later time); returns how many. */
export async function scanRatingRequests(services: Services, now = new Date()): Promise<number> {
  const { mail, db, config, keys } = services;
  if (!mail) return 0;
  const candidates = await db.query<{ id: number }>(`select r.id::integer as id from ${from} where ${due} order by r.id limit 200`, [
    now,
    config.UNREAD_MAIL_MINUTES,
  ]);
  let written = 0;
  for (const { id } of candidates) {
    written += await db.transaction(async (tx) => {
      const [row] = await tx.query<{ email: string; name: string; lang: string; contact_id: string }>(
        `select c.email, c.name, c.lang, c.id as contact_id from ${from} where r.id = $3 and ${due} for update of r skip locked`,
        [now, config.UNREAD_MAIL_MINUTES, id],
      );
      if (!row) return 0;
      const lang = isLang(row.lang) ? row.lang : 'en';
      const email = ratingRequestMail({
        idempotencyKey: `rating:${id}`,
        to: row.email,
        lang,
        name: row.name,
        ratingToken: ratingToken(keys.ratings, id),
        siteUrl: config.SITE_URL,
        unsubscribeToken: unsubscribeToken(keys.unsubscribe, { kind: 'contact', id: row.contact_id }),
      });
      await tx.query(`update ratings set mailed_at = $2 where id = $1`, [id, now]);
      return (await mail.enqueue(tx, email)) ? 1 : 0;
    });
  }
  return written;
}
