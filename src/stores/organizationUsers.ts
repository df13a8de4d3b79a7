/**
 * Organisation users (staff) by uid: their names and avatars, fetched once each and shared by every island.
 * Whoever loads one passes the call to make (a contact's or a staff member's), since the bearer differs.
 */
import { map } from 'nanostores';
import type { OrganizationUser } from '../lib/api/sessions.ts';

export const $organizationUsers = map<Record<string, OrganizationUser | undefined>>({});

const loading = new Map<string, Promise<OrganizationUser | null>>();

/** The user from the cache, or fetched once however many ask at the same time; null when the fetch failed. */
export function loadOrganizationUser(uid: string, fetchUser: (uid: string) => Promise<OrganizationUser>): Promise<OrganizationUser | null> {
  const cached = $organizationUsers.get()[uid];
  if (cached) return Promise.resolve(cached);
  let work = loading.get(uid);
  if (!work) {
    work = fetchUser(uid).then(
      (user) => {
        if (loading.get(uid) === work) $organizationUsers.setKey(uid, user);
        return user;
      },
      () => null,
    );
    const started = work;
    work.finally(() => {
      if (loading.get(uid) === started) loading.delete(uid);
    });
    loading.set(uid, work);
  }
  return work;
}

export function forgetOrganizationUsers(): void {
  loading.clear();
  $organizationUsers.set({});
}
