import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createChatBox, ensureContact } from './records.ts';
import { codeDigits, createCode, hashCode, maxWrongTries, newCode, redeemCode } from './oneTimeCodes.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';

const key = Buffer.alloc(32, 7);

describe('new codes', () => {
  it('are 8 digits (seed), from the whole range', () => {
    expect(codeDigits).toBe(8);
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('are stored as a keyed hash bound to contact and scope, never as digits', () => {
    const hash = hashCode(key, 'ct_a', null, '12345678');
    expect(hash).not.toContain('12345678');
    expect(hashCode(key, 'ct_b', null, '12345678')).not.toBe(hash);
    expect(hashCode(key, 'ct_a', 'cb_x', '12345678')).not.toBe(hash);
    expect(hashCode(Buffer.alloc(32, 8), 'ct_a', null, '12345678')).not.toBe(hash);
  });
});

describe.each(testDatabases)('codes on $name', ({ open }) => {
  let db: Database;
  let contactId: string;
  let chatBoxId: string;
  beforeAll(async () => (db = await open()));
  afterAll(() => db.close());
  beforeEach(async () => {
    await emptyDatabase(db);
    contactId = (await ensureContact(db, { email: 'ana@example.com', name: 'Ana', lang: 'en' })).id;
    chatBoxId = await createChatBox(db, contactId);
  });

  const redeem = (code: string, scope: string | null = chatBoxId) => redeemCode(db, key, { contactId, chatBoxId: scope, code });

  it('work once', async () => {
    const code = await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    const [stored] = await db.query<{ code_hash: string }>('select code_hash from one_time_codes');
    expect(stored!.code_hash).not.toContain(code);
    expect(await redeem(code)).toBe(true);
    expect(await redeem(code)).toBe(false);
  });

  it('work only for their own scope', async () => {
    const code = await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    const other = await createChatBox(db, contactId);
    expect(await redeem(code, other)).toBe(false);
    expect(await redeem(code, null)).toBe(false);
    const pageCode = await createCode(db, key, { contactId, chatBoxId: null, ttlDays: 7 });
    expect(await redeem(pageCode, chatBoxId)).toBe(false);
    expect(await redeem(pageCode, null)).toBe(true);
  });

  it('expire after their days (7 by default, configurable)', async () => {
    const code = await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    const [row] = await db.query<{ days: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400) as days from one_time_codes`,
    );
    expect(Number(row!.days)).toBe(7);
    await db.query(`update one_time_codes set expires_at = now() - interval '1 second'`);
    expect(await redeem(code)).toBe(false);
  });

  it(`survive ${maxWrongTries - 1} wrong tries and die at the ${maxWrongTries}th`, async () => {
    expect(maxWrongTries).toBe(5);
    const code = await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < maxWrongTries - 1; i += 1) expect(await redeem(wrong)).toBe(false);
    const survivor = await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    expect(await redeem(code)).toBe(true);
    for (let i = 0; i < maxWrongTries; i += 1) expect(await redeem(wrong)).toBe(false);
    expect(await redeem(survivor)).toBe(false);
  });

  it('cannot be used twice by two requests racing', async () => {
    const code = await createCode(db, key, { contactId, chatBoxId, ttlDays: 7 });
    const results = await Promise.all([redeem(code), redeem(code), redeem(code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
