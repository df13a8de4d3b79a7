import { afterEach, describe, expect, it } from 'vitest';
import type { OrganizationUser } from '../lib/api/sessions.ts';
import { $organizationUsers, forgetOrganizationUsers, loadOrganizationUser } from './organizationUsers.ts';

afterEach(() => forgetOrganizationUsers());

describe('organisation users', () => {
  it('are fetched once per uid, even when asked for at the same time, then come from the cache', async () => {
    let calls = 0;
    const fetchUser = async (uid: string) => {
      calls += 1;
      return { uid, name: 'Lee', avatarUrl: null };
    };
    const [a, b] = await Promise.all([loadOrganizationUser('u1', fetchUser), loadOrganizationUser('u1', fetchUser)]);
    expect(a).toEqual(b);
    await loadOrganizationUser('u1', fetchUser);
    expect(calls).toBe(1);
    expect($organizationUsers.get()['u1']?.name).toBe('Lee');
  });

  it('give null for a failed fetch and try again next time', async () => {
    expect(await loadOrganizationUser('u2', () => Promise.reject(new Error('offline')))).toBeNull();
    expect(await loadOrganizationUser('u2', async (uid) => ({ uid, name: 'Kim', avatarUrl: null }))).toMatchObject({ name: 'Kim' });
  });

  it('drop an answer that arrives after they were forgotten (sign-out)', async () => {
    let finish = (_: OrganizationUser) => {};
    const pending = loadOrganizationUser('u3', () => new Promise<OrganizationUser>((resolve) => (finish = resolve)));
    forgetOrganizationUsers();
    finish({ uid: 'u3', name: 'Old', avatarUrl: null });
    await pending;
    expect($organizationUsers.get()).toEqual({});
  });
});
