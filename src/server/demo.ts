/**
 * The demo on a fresh database: a staff member (whose login the Auth emulator gets from the staff sign-in
 * work), a contact, and a chat box with a short conversation. Only when there is no one yet.
 */
import { randomUUID } from 'node:crypto';
import { ensureContact, upsertOrganizationUser } from './directory.ts';
import { invite } from './invitations.ts';
import type { Services } from './services.ts';

export const demoStaff = { uid: 'demo-staff', email: 'demo@foyer.test', name: 'Dana Demo', role: 'admin' as const };
export const demoContact = { email: 'ana@example.com', name: 'Ana Example', lang: 'en' as const };

/** Seeds the demo if the database is empty; returns whether it did. */
export async function seedDemo(services: Services): Promise<boolean> {
  const { db } = services;
  const [{ people }] = (await db.query<{ people: number }>(
    `select (select count(*) from organization_users) + (select count(*) from contacts) as people`,
  )) as [{ people: number }];
  if (people > 0) return false;
  await upsertOrganizationUser(db, demoStaff);
  await db.query(`update organization_users set uid = $1 where lower(email) = lower($2)`, [demoStaff.uid, demoStaff.email]);
  const contact = await ensureContact(db, demoContact);
  const { chatBoxId } = await invite(services, { email: demoContact.email });
  const conversation: [string, string, string][] = [
    ['staff', demoStaff.uid, `Hello ${demoContact.name.split(' ')[0]}, welcome to Foyer! Ask us anything here.`],
    ['contact', contact.id, 'Hi! How do I change the colour theme?'],
    ['staff', demoStaff.uid, 'Open the palette button at the top of any page and pick one of the fifteen colours, light or dark.'],
  ];
  for (const [kind, sender, body] of conversation) {
    await db.query(`insert into messages (chat_box_id, client_id, sender_kind, sender_id, body) values ($1, $2, $3, $4, $5)`, [
      chatBoxId,
      randomUUID(),
      kind,
      sender,
      body,
    ]);
  }
  await db.query(`update chat_boxes set last_message_at = now() where id = $1`, [chatBoxId]);
  return true;
}

/** A fresh link into the demo contact's first chat box, printed at every development start. */
export async function demoInviteLink(services: Services): Promise<string | undefined> {
  const [row] = await services.db.query<{ id: string }>(
    `select cb.id from chat_boxes cb join contacts c on c.id = cb.contact_id where lower(c.email) = lower($1) order by cb.created_at limit 1`,
    [demoContact.email],
  );
  if (!row) return undefined;
  return (await invite(services, { email: demoContact.email, chatBoxId: row.id })).link;
}
