/**
 * One-time codes: 8 random digits, stored only as an HMAC bound to the contact and scope, single use,
 * valid for a number of days, dead after 5 wrong tries. A code for a chat box has its id; a page code has none.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { pageScope } from '../../lib/api/ids.ts';
import type { Queryable } from '../db/database.ts';

export const codeDigits = 8;
export const maxWrongTries = 5;

export function newCode(): string {
  return String(randomInt(0, 10 ** codeDigits)).padStart(codeDigits, '0');
}

export function hashCode(key: Buffer, contactId: string, chatBoxId: string | null, code: string): string {
  return createHmac('sha256', key)
    .update(`${contactId}\n${chatBoxId ?? pageScope}\n${code}`)
    .digest('base64url');
}

export async function createCode(
  db: Queryable,
  key: Buffer,
  { contactId, chatBoxId, ttlDays }: { contactId: string; chatBoxId: string | null; ttlDays: number },
): Promise<string> {
  const code = newCode();
  await db.query(
    `insert into one_time_codes (contact_id, chat_box_id, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [contactId, chatBoxId, hashCode(key, contactId, chatBoxId, code), Math.round(ttlDays * 86400)],
  );
  return code;
}

/**
 * Uses the code if it is live and right. Every failure looks the same to the caller (false), and a wrong
 * code counts against every live code of that contact and scope.
 */
export async function redeemCode(
  db: Queryable,
  key: Buffer,
  { contactId, chatBoxId, code }: { contactId: string; chatBoxId: string | null; code: string },
): Promise<boolean> {
  const live = await db.query<{ id: number; code_hash: string }>(
    `select id, code_hash from one_time_codes
     where contact_id = $1 and chat_box_id is not distinct from $2::text
       and used_at is null and expires_at > now() and wrong_tries < $3`,
    [contactId, chatBoxId, maxWrongTries],
  );
  const wanted = Buffer.from(hashCode(key, contactId, chatBoxId, code));
  let match: number | undefined;
  // Compare with every row, in constant time each, so timing says nothing about which one matched.
  for (const row of live) {
    const stored = Buffer.from(row.code_hash);
    if (stored.length === wanted.length && timingSafeEqual(stored, wanted)) match = row.id;
  }
  if (match === undefined) {
    await db.query(
      `update one_time_codes set wrong_tries = wrong_tries + 1
       where contact_id = $1 and chat_box_id is not distinct from $2::text and used_at is null and expires_at > now()`,
      [contactId, chatBoxId],
    );
    return false;
  }
  // Two requests with the same code race here; only one sees used_at still empty.
  const used = await db.query(
    `update one_time_codes set used_at = now() where id = $1 and used_at is null and wrong_tries < $2 returning id`,
    [match, maxWrongTries],
  );
  return used.length === 1;
}
