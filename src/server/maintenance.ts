/**
 * Housekeeping that keeps tables from growing forever: old rate-limit windows, long-dead one-time codes, e-mails
 * sent or given up longer ago than MAIL_KEEP_DAYS, conversations visitors asked for and never opened, the presence
 * rows of processes that died without removing theirs, and files no message took (chat/files/cleanup.ts).
 */
import type { Queryable } from './db/database.ts';
import { pruneMail } from './mail/outbox.ts';
import type { FileBytes } from './chat/files/bytes.ts';
import { pruneFiles } from './chat/files/cleanup.ts';

export const sweepEveryMs = 60 * 60 * 1000;

export async function sweep(
  db: Queryable,
  fileBytes: FileBytes,
  { mailKeepDays = 30 }: { mailKeepDays?: number } = {},
): Promise<{ rateLimits: number; codes: number; mails: number; files: number }> {
  const rateLimits = await db.query(`delete from rate_limits where window_start < now() - interval '1 day' returning key`);
  // Used or expired codes are kept a while for support questions ("my link did not work"), then dropped.
  const codes = await db.query(`delete from one_time_codes where coalesce(used_at, expires_at) < now() - interval '30 days' returning id`);
  // A conversation a visitor asked for and never opened: their name, address and message go with its code.
  await db.query(`delete from chat_starts where coalesce(used_at + interval '30 days', expires_at) < now()`);
  await db.query(`delete from stream_presence where alive_until < now() - interval '1 hour'`);
  const mails = await pruneMail(db, mailKeepDays);
  const files = await pruneFiles(db, fileBytes);
  return { rateLimits: rateLimits.length, codes: codes.length, mails, files };
}
