/**
 * Addresses admins blocked: a whole e-mail address or every address of a domain. Nobody can start a conversation
 * from them (chatStarts.ts), and nothing tells the sender so. Invitations by staff are not affected: staff decide.
 */
import type { BlockedAddress } from '../../lib/api/blockedAddresses.ts';
import type { Queryable } from '../db/database.ts';

/** An entry as stored: lower case, without spaces; a domain without its '@'. */
export const blockEntry = (entry: string) => entry.trim().toLowerCase().replace(/^@/, '');

/** Whether the address, or its domain, is blocked. */
export async function isBlocked(db: Queryable, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const rows = await db.query(`select 1 from blocked_addresses where entry = $1 or entry = $2`, [address, domain]);
  return rows.length > 0;
}

export async function listBlocked(db: Queryable): Promise<BlockedAddress[]> {
  const rows = await db.query<{ entry: string; blocked_by: string | null; created_at: Date }>(
    `select entry, blocked_by, created_at from blocked_addresses order by entry`,
  );
  return rows.map((row) => ({ entry: row.entry, blockedBy: row.blocked_by, createdAt: row.created_at.toISOString() }));
}

export async function block(db: Queryable, entry: string, by: string): Promise<void> {
  await db.query(`insert into blocked_addresses (entry, blocked_by) values ($1, $2) on conflict (entry) do nothing`, [
    blockEntry(entry),
    by,
  ]);
}

export async function unblock(db: Queryable, entry: string): Promise<void> {
  await db.query(`delete from blocked_addresses where entry = $1`, [blockEntry(entry)]);
}
