/**
 * What a backup test backs up and looks for afterwards, on either database: a staff member, a contact whose first
 * message carries a PDF, an e-mail waiting in the outbox, then messages sent back to back while the backup is taken.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { readWhole } from '../../src/server/chat/files/bytes.ts';
import type { Database } from '../../src/server/db/database.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import type { Services } from '../../src/server/services.ts';
import { upsertOrganizationUser } from '../../src/server/staff/records.ts';
import type { ApiServer } from './apiServer.ts';
import { contactWithSession } from './invitations.ts';

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 65)]);

/** Fills the server's database, then runs `backUp` while the contact keeps sending; answers what to check later. */
export async function conversationDuringBackup(services: Services, server: ApiServer, backUp: () => Promise<void>) {
  await upsertOrganizationUser(services.db, { email: 'lee@example.com', role: 'admin', name: 'Lee' });
  const { chatBoxId, token } = await contactWithSession(services);
  const call = (path: string, body: unknown, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    }).then((response) => response.json());
  const { id: fileId } = (await call(`/api/chat/files/upload?chatBoxId=${chatBoxId}&name=invoice.pdf`, null, { body: pdf })).file;
  const send = (text: string, files: object[] = []) => call('/api/chat/messages/send', { chatBoxId, clientId: randomUUID(), text, files });
  await send('My invoice', [{ id: fileId, name: 'invoice.pdf' }]);
  await enqueueMail(services.db, services.config.SITE_URL, {
    idempotencyKey: 'backup:1',
    kind: 'test',
    to: 'ana@example.com',
    subject: 'Waiting',
    text: 'Still to send',
    html: '<p>Still to send</p>',
  });
  let sending = true;
  let sent = 0;
  const sender = (async () => {
    while (sending) (await send(`message ${sent}`), (sent += 1));
  })();
  await new Promise((done) => setTimeout(done, 100));
  await backUp();
  await new Promise((done) => setTimeout(done, 100));
  sending = false;
  await sender;
  return { fileId: fileId as string, chatBoxId, token };
}

/** Every message up to the backup, in order with no gap and nothing half, the staff member, the e-mail and the file. */
export async function expectRestored(db: Database, services: Services, fileId: string): Promise<void> {
  const texts = (await db.query<{ body: string }>(`select body from messages order by id`)).map((row) => row.body);
  expect(texts[0]).toBe('My invoice');
  expect(texts.slice(1)).toEqual(Array.from({ length: texts.length - 1 }, (_, i) => `message ${i}`));
  expect(texts.length).toBeGreaterThan(1);
  expect(await db.query(`select email from organization_users`)).toEqual([{ email: 'lee@example.com' }]);
  expect(await db.query(`select subject from mail_outbox where sent_at is null`)).toEqual([{ subject: 'Waiting' }]);
  expect((await readWhole(services.fileBytes, fileId, 'original')).equals(pdf)).toBe(true);
}
