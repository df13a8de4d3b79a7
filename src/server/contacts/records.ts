/** Contacts and their chat boxes: the records the API and the command-line tool read and write. */
import type { Contact } from '../../lib/api/sessions.ts';
import type { Queryable } from '../db/database.ts';
import { newChatBoxId, newContactId } from '../ids.ts';

export type { Contact };

export async function findContact(db: Queryable, id: string): Promise<Contact | undefined> {
  const [row] = await db.query<{ id: string; email: string; name: string; lang: string }>(
    `select id, email, name, lang from contacts where id = $1`,
    [id],
  );
  return row;
}

export async function findContactByEmail(db: Queryable, email: string): Promise<Contact | undefined> {
  const [row] = await db.query<Contact & Record<string, unknown>>(
    `select id, email, name, lang from contacts where lower(email) = lower($1)`,
    [email],
  );
  return row;
}

/** The contact with this e-mail, made when missing (name and language are only set on creation). */
export async function ensureContact(
  db: Queryable,
  { email, name, lang }: { email: string; name: string; lang: string },
): Promise<Contact & { created: boolean }> {
  const [created] = await db.query<Contact & Record<string, unknown>>(
    `insert into contacts (id, email, name, lang) values ($1, $2, $3, $4)
     on conflict ((lower(email))) do nothing returning id, email, name, lang`,
    [newContactId(), email, name, lang],
  );
  if (created) return { ...created, created: true };
  const [existing] = await db.query<Contact & Record<string, unknown>>(
    `select id, email, name, lang from contacts where lower(email) = lower($1)`,
    [email],
  );
  return { ...existing!, created: false };
}

export async function chatBoxOwner(db: Queryable, chatBoxId: string): Promise<string | undefined> {
  const [row] = await db.query<{ contact_id: string }>(`select contact_id from chat_boxes where id = $1`, [chatBoxId]);
  return row?.contact_id;
}

export async function createChatBox(db: Queryable, contactId: string): Promise<string> {
  const id = newChatBoxId();
  await db.query(`insert into chat_boxes (id, contact_id) values ($1, $2)`, [id, contactId]);
  return id;
}
