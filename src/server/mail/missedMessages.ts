/**
 * Missed-message e-mails. A staff reply the contact has not read for UNREAD_MAIL_MINUTES, while no stream of theirs
 * is open, sends the contact one e-mail with the unread messages and a fresh code link (never to a revoked contact). A contact's message that no
 * staff member has read in that time sends one to the assignee or, with none, to every staff member (each may turn
 * it off), skipping those who have the workspace open. Each side of a chat box gets at most one an hour, and a
 * message is told about once. A reply counts as read: whoever answered has seen what they answered.
 *
 * Every process scans (scan below); the chat box's row is locked while its e-mail is written, with SKIP LOCKED, so
 * processes sharing PostgreSQL never write the same e-mail, and the outbox row is written in that transaction.
 */
import { isLang, type Lang } from '../../lib/i18n/languages.ts';
import { issueLink } from '../contacts/invitations.ts';
import type { Queryable } from '../db/database.ts';
import type { Services } from '../services.ts';
import { scanRegularly } from '../scanRegularly.ts';
import { missedMessagesMail, type MissedMessage } from './missedMessagesMail.ts';
import { ratingToMail, scanRatingRequests } from './ratingRequests.ts';
import { unsubscribeToken } from './unsubscribe.ts';

type Side = 'contact' | 'staff';

/** At most this many messages are quoted (the most recent). */
export const quotedAtMost = 20;
/** Messages older than this are not e-mailed about: a scan after a long stop does not dig up last week. */
const lookBackHours = 24;

const writerOf = { contact: 'staff', staff: 'contact' } as const;

/**
 * The last message of the chat box `b` that the side has seen: the last one e-mailed to it, read by it (any staff
 * member, for staff), or written by it.
 */
function seenBy(side: Side): string {
  return `greatest(b.${side}_mailed_through,
    coalesce((select max(r.message_id) from read_cursors r where r.chat_box_id = b.id and r.reader_kind = '${side}'), 0),
    coalesce((select max(w.id) from messages w where w.chat_box_id = b.id and w.sender_kind = '${side}'), 0))`;
}

/** A contact with a stream of this chat box open (in any process) is reading. */
const contactReading = `exists (select 1 from stream_presence p where p.alive_until > now() and b.id = any(p.chat_box_ids))`;

/** $1: now, $2: the window in minutes. Chat boxes with a message unread by the side for the window. */
function candidatesSql(side: Side): string {
  return `select b.id from chat_boxes b join contacts k on k.id = b.contact_id
    where coalesce(b.last_activity_at, b.created_at) > $1::timestamptz - make_interval(hours => ${lookBackHours})
      and (b.${side}_mailed_at is null or b.${side}_mailed_at <= $1::timestamptz - interval '1 hour')
      ${side === 'contact' ? `and k.missed_mail_off_at is null and k.access_revoked_at is null and not ${contactReading}` : ''}
      and exists (select 1 from messages m
        where m.chat_box_id = b.id and m.sender_kind = '${writerOf[side]}' and not m.internal
          and m.created_at <= $1::timestamptz - make_interval(mins => $2)
          and m.created_at > $1::timestamptz - make_interval(hours => ${lookBackHours})
          and m.id > ${seenBy(side)})
    order by b.id limit 200`;
}

interface Box {
  id: string;
  contact_id: string;
  email: string;
  name: string;
  lang: string;
  assignee: number | null;
  seen: number;
  [key: string]: unknown;
}

interface Unread {
  id: number;
  body: string;
  files: number;
  created_at: Date;
  sender_name: string;
  [key: string]: unknown;
}

interface StaffRecipient {
  id: number;
  email: string;
  name: string;
  lang: string;
  [key: string]: unknown;
}

const langOf = (value: string): Lang => (isLang(value) ? value : 'en');

/** Writes the chat box's e-mail(s) for the side, if they are still due; returns how many. */
async function mailChatBox(services: Services, side: Side, chatBoxId: string, now: Date): Promise<number> {
  const { db, config, keys, mail } = services;
  if (!mail) return 0;
  return db.transaction(async (tx: Queryable) => {
    // Locked, so a second process skips it; checked again, since another may have written its e-mail meanwhile. The
    // contact is locked too: a revocation waits for this e-mail, then gives it up and kills its code.
    const [box] = await tx.query<Box>(
      `select b.id, b.contact_id, k.email, k.name, k.lang, a.id as assignee, ${seenBy(side)} as seen
       from chat_boxes b join contacts k on k.id = b.contact_id
         left join organization_users a on a.id = b.assignee_id and a.removed_at is null
       where b.id = $1 and (b.${side}_mailed_at is null or b.${side}_mailed_at <= $2::timestamptz - interval '1 hour')
         ${side === 'contact' ? `and k.missed_mail_off_at is null and k.access_revoked_at is null and not ${contactReading}` : ''}
       for update of b skip locked for share of k`,
      [chatBoxId, now],
    );
    if (!box) return 0;
    const unread = await tx.query<Unread>(
      `select m.id, m.body, jsonb_array_length(coalesce(m.files, '[]'::jsonb)) as files, m.created_at, ${side === 'contact' ? `coalesce(u.name, '')` : `''`} as sender_name
       from messages m ${side === 'contact' ? `left join organization_users u on u.uid = m.sender_id` : ''}
       where m.chat_box_id = $1 and m.sender_kind = $2 and not m.internal and m.id > $3
         and m.created_at > $4::timestamptz - make_interval(hours => ${lookBackHours})
       order by m.id desc limit ${quotedAtMost + 1}`,
      [chatBoxId, writerOf[side], box.seen, now],
    );
    const due = now.getTime() - config.UNREAD_MAIL_MINUTES * 60_000;
    if (!unread.some((message) => new Date(message.created_at).getTime() <= due)) return 0;
    const lastId = Number(unread[0]!.id);
    const contactName = box.name || box.email;
    const messages: MissedMessage[] = unread
      .slice(0, quotedAtMost)
      .reverse()
      .map((message) => ({
        senderName: side === 'staff' ? contactName : message.sender_name,
        body: message.body,
        files: Number(message.files),
        createdAt: new Date(message.created_at),
      }));
    const common = { side, messages, earlier: unread.length > quotedAtMost, siteUrl: config.SITE_URL };
    let written = 0;
    if (side === 'contact') {
      const lang = langOf(box.lang);
      const { link, expiresAt } = await issueLink(tx, { keys, config }, { contactId: box.contact_id, chatBoxId, lang, keepOthers: true });
      const token = unsubscribeToken(keys.unsubscribe, { kind: 'contact', id: box.contact_id });
      // Resolved while they were away: the same e-mail asks how it was.
      const ratingToken = await ratingToMail(tx, { keys }, chatBoxId, now);
      const email = missedMessagesMail({
        ...common,
        idempotencyKey: `missed:contact:${chatBoxId}:${lastId}`,
        to: box.email,
        lang,
        name: box.name,
        link,
        expiresAt,
        unsubscribeToken: token,
        ...(ratingToken && { ratingToken }),
      });
      if (await mail.enqueue(tx, email)) written += 1;
    } else {
      const recipients = await tx.query<StaffRecipient>(
        `select u.id, u.email, u.name, u.lang from organization_users u
         where u.removed_at is null and u.uid is not null and u.missed_mail and ($1::bigint is null or u.id = $1)
           and not exists (select 1 from stream_presence p where p.alive_until > now() and u.uid = any(p.staff_uids))
         order by u.id`,
        [box.assignee],
      );
      for (const recipient of recipients) {
        const lang = langOf(recipient.lang);
        const email = missedMessagesMail({
          ...common,
          idempotencyKey: `missed:staff:${chatBoxId}:${lastId}:${recipient.id}`,
          to: recipient.email,
          lang,
          name: recipient.name,
          contactName,
          // `?staff`: the staff workspace even on a browser that has never signed in (WorkspacePage.astro).
          link: new URL(`/${lang}/chat/${chatBoxId}?staff`, config.SITE_URL).href,
          unsubscribeToken: unsubscribeToken(keys.unsubscribe, { kind: 'staff', id: String(recipient.id) }),
        });
        if (await mail.enqueue(tx, email)) written += 1;
      }
      // Nobody to tell (everyone who would get it is reading, or has turned it off): these messages are passed over,
      // so the chat box does not stay a candidate (and in the way of others) for a day.
      if (recipients.length === 0) {
        await tx.query(`update chat_boxes set staff_mailed_through = $2 where id = $1`, [chatBoxId, lastId]);
        return 0;
      }
    }
    await tx.query(`update chat_boxes set ${side}_mailed_at = $2, ${side}_mailed_through = $3 where id = $1`, [chatBoxId, now, lastId]);
    return written;
  });
}

/**
 * Writes every missed-message e-mail due at `now` (tests pass a later time: a fake clock for the messages' age;
 * who is reading is always judged by the real time) and wakes the mail worker. Returns how many were written.
 */
export async function scanMissedMessages(services: Services, now = new Date()): Promise<number> {
  if (!services.mail) return 0;
  let written = 0;
  for (const side of ['contact', 'staff'] as const) {
    const candidates = await services.db.query<{ id: string }>(candidatesSql(side), [now, services.config.UNREAD_MAIL_MINUTES]);
    for (const { id } of candidates) written += await mailChatBox(services, side, id, now);
  }
  // Staff resolved a conversation while its contact was away: "How was your conversation?" comes the same way.
  written += await scanRatingRequests(services, now);
  if (written > 0) services.mail.poke();
  return written;
}

/** Scans every minute (or more often with a short window); the returned function stops it, after a scan under way. */
export function scanMissedMessagesRegularly(services: Services): () => Promise<void> {
  const everyMs = Math.min(60, services.config.UNREAD_MAIL_MINUTES * 12) * 1000;
  return scanRegularly(services.log, 'Missed-message e-mails', () => scanMissedMessages(services), everyMs);
}
