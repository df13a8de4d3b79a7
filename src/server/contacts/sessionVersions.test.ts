import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';
import type { Services } from '../services.ts';
import { revokeContact } from './revocation.ts';
import { contactCheckCacheMs, readSessionVersion, sessionVersionCache } from './sessionVersions.ts';

describe.each(testDatabases)('session versions on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db);
  });
  afterAll(() => db.close());
  beforeEach(() => emptyDatabase(db));

  const emailOf = async (contactId: string) =>
    (await db.query<{ email: string }>('select email from contacts where id = $1', [contactId]))[0]!.email;
  const liveCodes = async (contactId: string) =>
    (await db.query('select id from one_time_codes where contact_id = $1 and used_at is null', [contactId])).length;

  it('start at 0 and are undefined for a contact that does not exist', async () => {
    const contact = await invited(services);
    expect(await services.sessionVersions.current(contact.contactId)).toBe(0);
    expect(await services.sessionVersions.current('ct_00000000000000000000')).toBeUndefined();
  });

  it('go up when a contact is revoked, which kills its unused codes, and only its own', async () => {
    const contact = await invited(services);
    await invited(services, { email: await emailOf(contact.contactId), page: true });
    const other = await invited(services);
    const revocation = await revokeContact(services, (await emailOf(contact.contactId)).toUpperCase());
    expect(revocation).toEqual({ contactId: contact.contactId, codesKilled: 2 });
    expect(await liveCodes(contact.contactId)).toBe(0);
    expect(await liveCodes(other.contactId)).toBe(1);
    expect(await readSessionVersion(db, contact.contactId)).toBe(1);
    expect(await readSessionVersion(db, other.contactId)).toBe(0);
    expect(await revokeContact(services, 'nobody@example.com')).toBeUndefined();
  });

  it('apply at once in the process that revoked, and within 10 seconds in another', async () => {
    expect(contactCheckCacheMs).toBe(10_000);
    const contact = await invited(services);
    const elsewhere = sessionVersionCache(db);
    expect(await services.sessionVersions.current(contact.contactId)).toBe(0);
    expect(await elsewhere.current(contact.contactId)).toBe(0);
    await revokeContact(services, await emailOf(contact.contactId));
    expect(await services.sessionVersions.current(contact.contactId)).toBe(1);
    expect(await elsewhere.current(contact.contactId)).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + contactCheckCacheMs + 1 });
    try {
      expect(await elsewhere.current(contact.contactId)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
