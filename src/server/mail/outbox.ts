/**
 * The mail outbox: an e-mail is a row written in the same transaction as the change that causes it, so it exists
 * exactly when the change does; mail/worker.ts sends it. One row per idempotency key: writing the same cause
 * twice (a retried request) stores nothing the second time.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export interface OutgoingMail {
  /** One e-mail per cause, e.g. `invitation:{codeId}`. */
  idempotencyKey: string;
  /** What kind of e-mail it is (invitation, new link, missed messages): for the log and the bench. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** A Message-ID for a new row; the same on every attempt to send it. */
export function newMessageId(siteUrl: string): string {
  return `<${Date.now().toString(36)}.${randomBytes(12).toString('hex')}@${new URL(siteUrl).hostname}>`;
}

/**
 * Gives up every e-mail to this address not sent yet, and drops its text: the person's access has ended (revoked,
 * erased), so nothing more reaches them, nor a link back in. One a worker is sending at this moment still goes.
 */
export async function cancelPendingMail(tx: Queryable, address: string): Promise<number> {
  const rows = await tx.query(
    `update mail_outbox set gave_up_at = now(), last_error = 'cancelled: the recipient''s access ended', subject = '',
       text_body = '', html_body = ''
     where lower(recipient) = lower($1) and sent_at is null and gave_up_at is null returning id`,
    [address],
  );
  return rows.length;
}

/**
 * What the outbox holds about an erased contact goes: the e-mails to them (their address), and the text and subject of
 * staff e-mails about their chat boxes (their name, their words). Those rows stay, empty, so the causes they record
 * are not sent again.
 */
export async function forgetMailAbout(tx: Queryable, address: string, chatBoxIds: readonly string[]): Promise<void> {
  await tx.query(`delete from mail_outbox where lower(recipient) = lower($1)`, [address]);
  if (chatBoxIds.length === 0) return;
  await tx.query(
    `update mail_outbox set subject = '', text_body = '', html_body = '', last_error = null,
       gave_up_at = case when sent_at is null then coalesce(gave_up_at, now()) else gave_up_at end
     where split_part(idempotency_key, ':', 3) = any($1::text[]) and idempotency_key like 'missed:staff:%'`,
    [chatBoxIds],
  );
}

/** Drops the e-mails sent or given up more than `days` ago: nobody needs their rows any more. */
export async function pruneMail(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from mail_outbox where coalesce(sent_at, gave_up_at) < now() - make_interval(days => $1) returning id`,
    [days],
  );
  return rows.length;
}

/** Writes the e-mail; returns false when one with this idempotency key was written before. */
export async function enqueueMail(tx: Queryable, siteUrl: string, mail: OutgoingMail): Promise<boolean> {
  const rows = await tx.query(
    `insert into mail_outbox (idempotency_key, kind, recipient, message_id, subject, text_body, html_body, headers)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (idempotency_key) do nothing
     returning id`,
    [
      mail.idempotencyKey,
      mail.kind,
      mail.to,
      newMessageId(siteUrl),
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.headers ?? {}),
    ],
  );
  return rows.length === 1;
}
