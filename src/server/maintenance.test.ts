import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { createChatBox, ensureContact } from './contacts/records.ts';
import { sweep } from './maintenance.ts';
import { createCode } from './contacts/oneTimeCodes.ts';
import { emptyDatabase, testDatabases } from './testing/databases.ts';

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
    expect(await sweep(db)).toEqual({ rateLimits: 1, codes: 2 });
    expect((await db.query<{ key: string }>('select key from rate_limits')).map((row) => row.key)).toEqual(['new']);
    expect((await db.query<{ id: number }>('select id from one_time_codes order by id')).map((row) => row.id)).toEqual(ids.slice(2));
  });
});
