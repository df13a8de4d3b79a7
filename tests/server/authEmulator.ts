/** The real Auth emulator and its users, for server tests. */
import { afterAll, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { freePortBase, startAuthEmulator } from '../../scripts/authEmulator.mjs';
import type { Queryable } from '../../src/server/db/database.ts';
import { upsertOrganizationUser } from '../../src/server/staff/records.ts';

/**
 * Starts the Auth emulator before a test file's tests and stops it after, on free ports of its own so test files and
 * other runs go side by side. `host` is its address once started.
 */
export function useAuthEmulator(): { readonly host: string } {
  let emulator: { host: string; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    emulator = await startAuthEmulator({ port: await freePortBase() });
  }, 60_000);
  afterAll(() => emulator?.stop());
  return {
    get host() {
      if (!emulator) throw new Error('The Auth emulator starts in beforeAll: ask for its host in a hook or a test.');
      return emulator.host;
    },
  };
}

/** Signs up a user in the real Auth emulator and returns a fresh ID token. */
export async function signedInUser(host: string, email: string, { verified = true, name = 'Lee Staff' } = {}) {
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const signUp = await fetch(`${base}/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password-123', returnSecureToken: true }),
  });
  const { localId } = (await signUp.json()) as { localId: string };
  await fetch(`${base}/projects/demo-foyer/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: verified, displayName: name, photoUrl: 'https://example.com/lee.png' }),
  });
  const signIn = await fetch(`${base}/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password-123', returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  return { uid: localId, idToken };
}

/**
 * A staff member of the organisation, signed in at the emulator, their uid recorded as a first sign-in records it
 * (so their messages carry their name).
 */
export async function signedInStaff(db: Queryable, host: string, role: 'admin' | 'agent', name: string) {
  const email = `staff-${randomUUID()}@example.com`;
  await upsertOrganizationUser(db, { email, role, name });
  const user = await signedInUser(host, email, { name });
  await db.query(`update organization_users set uid = $2 where email = $1`, [email, user.uid]);
  return { email, ...user };
}
