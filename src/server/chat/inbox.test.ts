import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { listInbox } from './inbox.ts';
import { searchable } from './messages.ts';

/**
 * Runs the inbox's statements with sequential scans off, in one transaction (on PostgreSQL a pool would send `set`
 * and the statement to different connections), as EXPLAIN (keeping the plans) or as they are (for the answers).
 */
function withoutSeqScans(db: Database, { explain }: { explain: boolean }): { query: Queryable['query']; plans: string[] } {
  const plans: string[] = [];
  return {
    plans,
    query: (sql, params) =>
      db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        if (!explain) return tx.query(sql, params);
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return [];
      }) as never,
  };
}

describe.each(testDatabases)('message search on $name', ({ open }) => {
  let db: Database;
  const texts = [
    '我的密码不能用了',
    'Refund for order 77777, please',
    '👍 thanks',
    'รหัสผ่านของฉันใช้ไม่ได้',
    '50% off with code a_b in c:\\dir',
  ];

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
      const explained = withoutSeqScans(db, { explain: true });
      await listInbox(explained, 'nobody', { query, limit: 10 });
      expect(explained.plans[0], query).toContain('messages_search_bigrams');
    }
    const explained = withoutSeqScans(db, { explain: true });
    await listInbox(explained, 'nobody', { query: '密', limit: 10 });
    expect(explained.plans[0]).not.toContain('messages_search_bigrams');
  });

  it('answers the same through the index as by reading every message, % _ and \\ included', async () => {
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
      ['50%', 1],
      ['0% o', 1],
      ['%', 1],
      ['a_b', 1],
      ['_b', 1],
      ['a_c', 0],
      ['c:\\d', 1],
      ['\\dir', 1],
      ['\\x', 0],
      ['5% off', 0],
    ] as const) {
      for (const target of [db, withoutSeqScans(db, { explain: false })]) {
        const entries = await listInbox(target, 'nobody', { query, limit: 10 });
        expect(entries.length, query).toBe(found);
        if (found) expect(searchable(entries[0]!.match!.text), query).toContain(searchable(query));
      }
    }
  });
});
