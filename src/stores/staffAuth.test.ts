import { afterEach, describe, expect, it } from 'vitest';
import { $organizationUser, $staffAuth, emptyStaffAuth } from './staffAuth.ts';

afterEach(() => {
  $staffAuth.set({ ...emptyStaffAuth });
  $organizationUser.set(null);
});

describe('staff auth', () => {
  it('starts signed out, with no id token and no organisation record', () => {
    expect($staffAuth.get()).toEqual({ user: null, idToken: null, idTokenStoredAt: null });
    expect($organizationUser.get()).toBeNull();
  });

  it('holds the id token with the time it was stored, and resets to empty', () => {
    $staffAuth.set({ ...$staffAuth.get(), idToken: 'id-token', idTokenStoredAt: 1_000 });
    expect($staffAuth.get()).toMatchObject({ idToken: 'id-token', idTokenStoredAt: 1_000 });
    $staffAuth.set({ ...emptyStaffAuth });
    expect($staffAuth.get().idToken).toBeNull();
    // The empty state is a template, never shared: a reset leaves it untouched.
    expect(emptyStaffAuth.idToken).toBeNull();
  });
});
