/**
 * Erasing a contact leaves nothing that names them: every table's every text column is searched for their address
 * and their name after an erasure that follows all the ways Foyer writes them down (invitation and new-link e-mails,
 * one still queued, a staff e-mail about their message, the new-link rate limit).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendMessage } from '../chat/messages.ts';
import type { Database } from '../db/database.ts';
import { scanMissedMessages } from '../mail/missedMessages.ts';
import { closeServices, type Services } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';
import { eraseContact } from './dataRights.ts';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

/** Every row of every table whose text (any text, JSON or array column) contains `needle`, case-insensitively. */
async function rowsNaming(db: Database, needle: string): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::integer as n from "${table}" where "${column}"::text ilike '%' || $1 || '%'`,
      [needle],
    );
    if (row!.n > 0) found.push(`${table}.${column}: ${row!.n}`);
  }
  return found;
}

describe.each(testDatabases)('erasing a contact on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { SMTP_URL: catcher.url, MAIL_FROM: 'Help <help@example.com>' });
    call = apiCaller(services);
  });
  afterAll(() => closeServices(services));
  beforeEach(() => emptyDatabase(db));
  afterEach(() => void catcher.mails.splice(0));

  it('leaves no row that holds their address or name, and nothing queued for them is sent', async () => {
    const email = `zorblax-${randomUUID().slice(0, 8)}@example.com`;
    const name = 'Zorblax Quimby';
    const contact = await invited(services, { email, name, sendEmail: true });
    await services.mail!.startWorker().drain();
    await call('/api/chat/newLink', { body: { email, lang: 'en', chatBoxId: contact.chatBoxId, token: 't' } });
    await services.mail!.startWorker().drain();
    // A staff member hears of their message by e-mail (the subject names them); one more to them waits unsent.
    await upsertOrganizationUser(db, { email: 'lee@example.com', role: 'agent', name: 'Lee' });
    await db.query(`update organization_users set uid = 'uid-lee' where email = 'lee@example.com'`);
    await sendMessage(services, contact.chatBoxId, {
      sender: { kind: 'contact', id: contact.contactId },
      clientId: randomUUID(),
      text: `I am ${name}`,
    });
    expect(await scanMissedMessages(services, new Date(Date.now() + 6 * 60_000))).toBe(1);
    await services.mail!.startWorker().drain();
    // Unsent for sure: the worker started above keeps polling, and would send it before the erasure.
    await services.mail!.stop();
    await invited(services, { email, chatBoxId: contact.chatBoxId, sendEmail: true });
    expect((await rowsNaming(db, email)).length).toBeGreaterThan(2);
    expect(await rowsNaming(db, name)).not.toEqual([]);
    const sentBefore = catcher.mails.length;

    await eraseContact(services, contact.contactId, email);
    expect(await rowsNaming(db, email)).toEqual([]);
    expect(await rowsNaming(db, name)).toEqual([]);
    // A device of theirs that still remembers the contact id asks for a link: nothing is made or sent.
    const asked = await call('/api/chat/newLink', { body: { contactId: contact.contactId, lang: 'en', token: 't' } });
    expect(asked.status).toBe(200);
    expect(await rowsNaming(db, email)).toEqual([]);
    await services.mail!.startWorker().drain();
    expect(catcher.mails.slice(sentBefore).filter((mail) => mail.to === email)).toEqual([]);
  });
});
