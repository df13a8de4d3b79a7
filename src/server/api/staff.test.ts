import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();
const emulatorUser = (email: string, options?: { verified?: boolean; name?: string }) => signedInUser(emulator.host, email, options);

describe.each(testDatabases)('GET /api/me on $name, with the Auth emulator', ({ open }) => {
  let db: Database;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    call = apiCaller(await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host }));
  });
  afterAll(() => db.close());
  beforeEach(() => emptyDatabase(db));

  const email = () => `staff-${Math.random().toString(36).slice(2)}@example.com`;

  it('moves the uid to the record of the account’s new e-mail when its e-mail changed, instead of failing', async () => {
    const [before, after] = [email(), email()];
    await upsertOrganizationUser(db, { email: before, role: 'agent' });
    await upsertOrganizationUser(db, { email: after, role: 'admin' });
    const user = await emulatorUser(after);
    // The same Firebase account once signed in under its old address.
    await db.query('update organization_users set uid = $1 where lower(email) = lower($2)', [user.uid, before]);
    const { status, body } = await call('/api/me', { method: 'GET', token: user.idToken });
    expect(status).toBe(200);
    expect(body.organizationUser).toMatchObject({ uid: user.uid, email: after, role: 'admin' });
    expect(await db.query('select email from organization_users where uid = $1', [user.uid])).toEqual([{ email: after }]);
  });

  it('answers the organisation user of a verified e-mail, and links the Firebase uid, name and picture', async () => {
    const address = email();
    await upsertOrganizationUser(db, { email: address.toUpperCase(), role: 'agent' });
    const user = await emulatorUser(address);
    const { status, body } = await call('/api/me', { method: 'GET', token: user.idToken });
    expect(status).toBe(200);
    expect(body).toEqual({
      organizationUser: {
        uid: user.uid,
        email: address.toUpperCase(),
        name: 'Lee Staff',
        avatarUrl: 'https://example.com/lee.png',
        role: 'agent',
      },
    });
  });

  it('only reads a record already linked and up to date; writes again when the account’s picture changed or the member was removed', async () => {
    const address = email();
    await upsertOrganizationUser(db, { email: address, role: 'agent' });
    const user = await emulatorUser(address);
    const me = () => call('/api/me', { method: 'GET', token: user.idToken });
    // xmin: the transaction that last wrote the row.
    const version = async () => (await db.query<{ v: string }>('select xmin::text as v from organization_users'))[0]!.v;
    await me();
    const linked = await version();
    expect((await me()).body.organizationUser).toMatchObject({ uid: user.uid, name: 'Lee Staff' });
    expect(await version()).toBe(linked);
    await db.query(`update organization_users set avatar_url = 'https://example.com/old.png', name = ''`);
    expect((await me()).body.organizationUser).toMatchObject({ avatarUrl: 'https://example.com/lee.png', name: 'Lee Staff' });
    await db.query('update organization_users set removed_at = now()');
    expect((await me()).body.error.code).toBe('not_staff');
  });

  it('refuses an unverified e-mail (403 email_not_verified) and one that is not staff (403 not_staff)', async () => {
    const unverified = email();
    await upsertOrganizationUser(db, { email: unverified, role: 'admin' });
    const a = await emulatorUser(unverified, { verified: false });
    expect((await call('/api/me', { method: 'GET', token: a.idToken })).body.error.code).toBe('email_not_verified');
    const b = await emulatorUser(email());
    const notStaff = await call('/api/me', { method: 'GET', token: b.idToken });
    expect(notStaff.status).toBe(403);
    expect(notStaff.body.error.code).toBe('not_staff');
  });

  it('answers 401 without a token or with one that is not a Firebase ID token', async () => {
    expect((await call('/api/me', { method: 'GET' })).body.error.code).toBe('unauthorized');
    const bad = await call('/api/me', { method: 'GET', token: 'not.a.token' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('invalid_token');
    expect((await call('/api/me', { body: {} })).status).toBe(405);
  });
});
