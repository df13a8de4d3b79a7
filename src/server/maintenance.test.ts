import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { createChatBox, ensureContact } from './contacts/records.ts';
import { sweep } from './maintenance.ts';
import { memoryBytes } from './chat/files/memoryBytes.ts';
import { createCode } from './contacts/oneTimeCodes.ts';
import { emptyDatabase, testDatabases } from '../../tests/server/databases.ts';

describe.each(testDatabases)('the sweep on $name', ({ open }) => {
  let db: Database;
  beforeAll(async () => (db = await open()));
  afterAll(() => db.close());
  beforeEach(() => emptyDatabase(db));

  it('drops day-old rate-limit windows and codes dead for 30 days, and keeps the rest', async () => {
    await db.query(`insert into rate_limits (key, window_start, hits) values ('old', now() - interval '2 days', 3), ('new', now(), 1)`);
    const { id: contactId } = await ensureContact(db, { email: 'a@example.com', name: '', lang: 'en' });
    const chatBoxId = await createChatBox(db, contactId);
    const key = Buffer.alloc(32, 1);
    for (let i = 0; i < 4; i += 1) await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    const ids = (await db.query<{ id: number }>('select id from one_time_codes order by id')).map((row) => row.id);
    await db.query(`update one_time_codes set expires_at = now() - interval '31 days' where id = $1`, [ids[0]]);
    await db.query(`update one_time_codes set used_at = now() - interval '31 days' where id = $1`, [ids[1]]);
    await db.query(`update one_time_codes set used_at = now() - interval '2 days' where id = $1`, [ids[2]]);
    // E-mails: one sent 40 days ago and one given up 31 days ago go; one sent 2 days ago and one still due stay.
    const mail = (key: string, sent: string | null, gaveUp: string | null) =>
      db.query(
        `insert into mail_outbox (idempotency_key, kind, recipient, message_id, subject, text_body, html_body, sent_at, gave_up_at)
         values ($1, 'test', 'a@example.com', $1, '', '', '', now() - $2::interval, now() - $3::interval)`,
        [key, sent, gaveUp],
      );
    await mail('sent-40', '40 days', null);
    await mail('gave-up-31', null, '31 days');
    await mail('sent-2', '2 days', null);
    await mail('due', null, null);
    expect(await sweep(db, memoryBytes(), { mailKeepDays: 30 })).toEqual({ rateLimits: 1, codes: 2, mails: 2, files: 0 });
    expect(
      (await db.query<{ idempotency_key: string }>('select idempotency_key from mail_outbox order by id')).map(
        (row) => row.idempotency_key,
      ),
    ).toEqual(['sent-2', 'due']);
    expect((await db.query<{ key: string }>('select key from rate_limits')).map((row) => row.key)).toEqual(['new']);
    expect((await db.query<{ id: number }>('select id from one_time_codes order by id')).map((row) => row.id)).toEqual(ids.slice(2));
  });

  it('drops a visitor’s start once its code expired unused, or 30 days after it opened a conversation', async () => {
    const start = (id: string, expires: string, used: string | null) =>
      db.query(
        `insert into chat_starts (id, email, name, lang, body, client_id, code_hash, expires_at, used_at)
         values ($1, 'v@example.com', 'V', 'en', 'Hi', gen_random_uuid(), 'x', now() + $2::interval, now() - $3::interval)`,
        [id, expires, used],
      );
    await start('st_expired', '-1 second', null);
    await start('st_waiting', '1 day', null);
    await start('st_opened_long_ago', '-20 days', '31 days');
    await start('st_opened', '-20 days', '2 days');
    await sweep(db, memoryBytes());
    expect((await db.query<{ id: string }>('select id from chat_starts order by id')).map((row) => row.id)).toEqual([
      'st_opened',
      'st_waiting',
    ]);
  });
});
