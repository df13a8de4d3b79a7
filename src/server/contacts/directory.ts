/**
 * The contacts directory: staff find a contact by part of their name or e-mail address, most recently seen first,
 * with when they were first and last seen and how many conversations they have.
 */
import type { ContactsListAnswer } from '../../lib/api/contacts.ts';
import type { Queryable } from '../db/database.ts';
import { likeSubstring } from '../db/like.ts';

/** When contact `c` last wrote or came in with a one-time code; null when never. */
export const lastSeenSql = (c: string) =>
  `greatest((select max(b.contact_wrote_at) from chat_boxes b where b.contact_id = ${c}.id),
            (select max(o.used_at) from one_time_codes o where o.contact_id = ${c}.id))`;

export async function listContacts(db: Queryable, query: string, offset: number, limit: number): Promise<ContactsListAnswer> {
  const text = query.normalize('NFKC');
  const rows = await db.query<{
    id: string;
    email: string;
    name: string;
    lang: string;
    created_at: Date;
    last_seen: Date | null;
    boxes: number;
  }>(
    `select * from (
       select c.id, c.email, c.name, c.lang, c.created_at, ${lastSeenSql('c')} as last_seen,
         (select count(*) from chat_boxes b where b.contact_id = c.id)::integer as boxes
       from contacts c
       where $1 = '' or c.name ilike $2 escape '\\' or c.email ilike $2 escape '\\') found
     order by last_seen desc nulls last, created_at desc, id
     limit $3 offset $4`,
    [text, likeSubstring(text), limit + 1, offset],
  );
  return {
    contacts: rows.slice(0, limit).map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      lang: row.lang,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen?.toISOString() ?? null,
      conversations: row.boxes,
    })),
    hasMore: rows.length > limit,
  };
}
