import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { listInbox } from './inbox.ts';
import { searchable } from './messages.ts';

/** Runs the inbox's statements as EXPLAIN with sequential scans off, and keeps their plans. */
function explaining(db: Database): { db: Queryable; plans: string[] } {
  const plans: string[] = [];
  return {
    plans,
    db: {
      query: async (sql, params) => {
        await db.query('set enable_seqscan = off');
        try {
          const rows = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
          plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        } finally {
          await db.query('set enable_seqscan = on');
        }
        return [];
      },
    },
  };
}

describe.each(testDatabases)('message search on $name', ({ open }) => {
  let db: Database;
  const texts = ['我的密码不能用了', 'Refund for order 77777, please', '👍 thanks', 'รหัสผ่านของฉันใช้ไม่ได้'];

  beforeAll(async () => {
    db = await open();
    await db.query(`insert into contacts (id, email, name) values ('co_search', 'search@example.com', 'Sam')`);
    await db.query(`insert into chat_boxes (id, contact_id) values ('cb_search', 'co_search')`);
    for (const text of texts) {
      await db.query(
        `insert into messages (chat_box_id, client_id, sender_kind, sender_id, body, search_text)
         values ('cb_search', gen_random_uuid(), 'contact', 'co_search', $1, $2)`,
        [text, searchable(text)],
      );
    }
  });
  afterAll(() => db.close());

  it('splits text into pairs of characters, not bytes, in every script', async () => {
    const pairs = async (text: string) => ((await db.query<{ p: string[] }>('select foyer_bigrams($1) as p', [text]))[0]!.p ?? []).sort();
    expect(await pairs('密码不')).toEqual(['密码', '码不'].sort());
    expect(await pairs('refund')).toEqual(['ef', 'fu', 'nd', 're', 'un']);
    expect(await pairs('aaa')).toEqual(['aa']);
    expect(await pairs('x')).toEqual([]);
    expect(await pairs('👍x')).toEqual(['👍x']);
  });

  it('finds a text of two characters or more through the pairs index, and one character by reading every message', async () => {
    for (const query of ['密码', 'ORDER 77777', 'ใช้ไม่ได้', '👍 t']) {
      const { db: explained, plans } = explaining(db);
      await listInbox(explained, 'nobody', { query, limit: 10 });
      expect(plans[0], query).toContain('messages_search_bigrams');
    }
    const { db: explained, plans } = explaining(db);
    await listInbox(explained, 'nobody', { query: '密', limit: 10 });
    expect(plans[0]).not.toContain('messages_search_bigrams');
  });

  it('answers the same with the index as without it', async () => {
    for (const [query, found] of [
      ['密码', 1],
      ['码不能', 1],
      ['密', 1],
      ['order 77777', 1],
      ['👍', 1],
      ['👍 than', 1],
      ['ไม่ได้', 1],
      ['passwort', 0],
      ['rder 7777', 1],
      ['77777,', 1],
      ['7777x', 0],
    ] as const) {
      const entries = await listInbox(db, 'nobody', { query, limit: 10 });
      expect(entries.length, query).toBe(found);
      if (found) expect(searchable(entries[0]!.match!.text), query).toContain(searchable(query));
    }
  });
});
