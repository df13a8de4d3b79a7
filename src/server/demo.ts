/**
 * The demo on a fresh database: a staff member (whose login the Auth emulator gets from the staff sign-in
 * work), a contact, and a chat box with a short conversation. Only when there is no one yet.
 */
import { randomUUID } from 'node:crypto';
import { createChatBox, ensureContact } from './contacts/records.ts';
import { upsertOrganizationUser } from './staff/records.ts';
import { storeMessageEvent } from './chat/messages.ts';
import { invite } from './contacts/invitations.ts';
import type { Services } from './services.ts';

export const demoStaff = { uid: 'demo-staff', email: 'demo@foyer.test', name: 'Dana Demo', role: 'admin' as const };
export const demoContact = { email: 'ana@example.com', name: 'Ana Example', lang: 'en' as const };

// Two processes starting on one empty PostgreSQL database take turns, so only the first seeds.
const demoLock = 4_636_972;

/** Seeds the demo if the database is empty; returns whether it did. All or nothing, in one transaction. */
export async function seedDemo(services: Services): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [demoLock]);
    const [{ people }] = (await tx.query<{ people: number }>(
      `select (select count(*) from organization_users) + (select count(*) from contacts) as people`,
    )) as [{ people: number }];
    if (people > 0) return false;
    await upsertOrganizationUser(tx, demoStaff);
    await tx.query(`update organization_users set uid = $1 where lower(email) = lower($2)`, [demoStaff.uid, demoStaff.email]);
    const contact = await ensureContact(tx, demoContact);
    const chatBoxId = await createChatBox(tx, contact.id);
    const conversation: ['contact' | 'staff', string, string][] = [
      ['staff', demoStaff.uid, `Hello ${demoContact.name.split(' ')[0]}, welcome to Foyer! Ask us anything here.`],
      ['contact', contact.id, 'Hi! How do I change the colour theme?'],
      ['staff', demoStaff.uid, 'Open the palette button at the top of any page and pick one of the fifteen colours, light or dark.'],
    ];
    // Stored as any message is, with its event, so the conversation's stream starts after them.
    for (const [kind, id, text] of conversation)
      await storeMessageEvent(tx, chatBoxId, { sender: { kind, id }, clientId: randomUUID(), text });
    return true;
  });
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
