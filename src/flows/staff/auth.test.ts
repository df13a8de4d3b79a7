// @vitest-environment happy-dom
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureEmulatorUser, freePortBase, startAuthEmulator } from '../../../scripts/authEmulator.mjs';
import type { Database } from '../../server/db/database.ts';
import { upsertOrganizationUser } from '../../server/staff/records.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { testServices } from '../../../tests/server/services.ts';
import { $organizationUser, $staffAuth } from '../../stores/staffAuth.ts';
import { ApiRequestError, request } from '../../lib/http/client.ts';
import {
  createAccount,
  currentIdToken,
  fetchStaffDetails,
  idTokenRefreshSeconds,
  keepSignedIn,
  requestPasswordReset,
  signIn,
  signOut,
  UnsupportedProviderError,
  type Provider,
} from './auth.ts';
import { staffIdToken } from './idToken.ts';

/** Whether calls now carry a staff id token. */
const callsCarryIdToken = async () => (await staffIdToken()) !== null;

// The real Firebase web SDK against the real Auth emulator, and the real API on a loopback port.
let emulator: { host: string; stop(): Promise<void> };
let db: Database;
let server: ApiServer;
let auth: Auth;
const staff = { uid: 'unit-staff', email: 'unit-staff@example.com', password: 'unit-password-1', displayName: 'Unit Staff' };

beforeAll(async () => {
  emulator = await startAuthEmulator({ port: await freePortBase() });
  await ensureEmulatorUser(emulator.host, { ...staff, emailVerified: true });
  db = await testDatabases[0]!.open();
  server = await startApiServer(await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host }));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/en/login`);
  auth = initializeAuth(initializeApp({ apiKey: 'demo-key', projectId: 'demo-foyer' }), { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, `http://${emulator.host}`, { disableWarnings: true });
}, 60_000);
afterAll(async () => {
  await server.close();
  await db.close();
  await emulator.stop();
});
beforeEach(() => signOut(auth));

describe('staff sign-in', () => {
  it('raises unsupported_provider for a provider Foyer does not offer for that action', async () => {
    for (const attempt of [
      () => signIn(auth, 'github' as Provider),
      () => createAccount(auth, 'google', { email: staff.email, password: staff.password }),
      () => requestPasswordReset(auth, 'apple', staff.email),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnsupportedProviderError);
      expect((error as UnsupportedProviderError).code).toBe('unsupported_provider');
    }
  });

  it('answers false for a wrong password, with nothing stored', async () => {
    expect(await signIn(auth, 'email', { email: staff.email, password: 'wrong-password' })).toBe(false);
    expect($staffAuth.get()).toMatchObject({ user: null, idToken: null });
    expect(await callsCarryIdToken()).toBe(false);
  });

  it('signs in, stores user and id token, fetches the organisation record, and signs out clean', async () => {
    expect(await signIn(auth, 'email', { email: staff.email, password: staff.password })).toBe(true);
    expect($staffAuth.get()).toMatchObject({ user: { uid: staff.uid, email: staff.email, emailVerified: true } });
    expect(await callsCarryIdToken()).toBe(true);

    // Not in the organisation yet: the server says not_staff.
    const refused = await fetchStaffDetails(auth).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).code).toBe('not_staff');

    await upsertOrganizationUser(db, { email: staff.email, role: 'agent' });
    expect(await fetchStaffDetails(auth)).toMatchObject({ uid: staff.uid, email: staff.email, role: 'agent' });
    expect($organizationUser.get()?.uid).toBe(staff.uid);

    await signOut(auth);
    expect($staffAuth.get()).toMatchObject({ user: null, idToken: null, idTokenStoredAt: null });
    expect($organizationUser.get()).toBeNull();
    expect(await callsCarryIdToken()).toBe(false);
    expect(await currentIdToken(auth)).toBeNull();
  });

  it('refreshes the id token at the seed’s 1800 s', () => {
    expect(idTokenRefreshSeconds).toBe(1800);
  });

  it('does not sign back in when a refresh under way finishes after sign-out', async () => {
    await signIn(auth, 'email', { email: staff.email, password: staff.password });
    const refreshing = currentIdToken(auth, Date.now() + idTokenRefreshSeconds * 1000);
    await signOut(auth);
    await refreshing;
    expect($staffAuth.get()).toMatchObject({ user: null, idToken: null });
    expect(await callsCarryIdToken()).toBe(false);
  });

  it('refreshes an old id token before a staff call that uses it', async () => {
    await signIn(auth, 'email', { email: staff.email, password: staff.password });
    let stop = () => {};
    await new Promise<void>((resolve) => (stop = keepSignedIn(auth, resolve)));
    try {
      const { idToken } = $staffAuth.get();
      $staffAuth.setKey('idTokenStoredAt', Date.now() - idTokenRefreshSeconds * 1000);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await request('/api/me').catch(() => undefined);
      expect($staffAuth.get().idToken).not.toBe(idToken);
      expect(Date.now() - $staffAuth.get().idTokenStoredAt!).toBeLessThan(idTokenRefreshSeconds * 1000);
    } finally {
      stop();
    }
  });

  it('uses the stored id token until it is 1800 s old, then refreshes it', async () => {
    await signIn(auth, 'email', { email: staff.email, password: staff.password });
    const { idToken, idTokenStoredAt } = $staffAuth.get();
    const storedAt = idTokenStoredAt!;
    expect(await currentIdToken(auth, storedAt + (idTokenRefreshSeconds - 1) * 1000)).toBe(idToken);
    expect($staffAuth.get().idTokenStoredAt).toBe(storedAt);

    // Token timestamps have one-second resolution: wait so the refreshed token differs.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await currentIdToken(auth, storedAt + idTokenRefreshSeconds * 1000);
    expect(refreshed).not.toBe(idToken);
    expect($staffAuth.get().idToken).toBe(refreshed);
    expect($staffAuth.get().idTokenStoredAt!).toBeGreaterThan(storedAt);
  });

  it('asks nothing about a user whose e-mail is not verified', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    expect(await createAccount(auth, 'email', { email, password: 'fresh-password-1' })).toBe(true);
    expect($staffAuth.get().user).toMatchObject({ email, emailVerified: false });
    const before = server.requests.length;
    expect(await fetchStaffDetails(auth)).toBeNull();
    expect(server.requests.length).toBe(before);
  });
});
