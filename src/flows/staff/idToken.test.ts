import { afterEach, describe, expect, it } from 'vitest';
import { $staffAuth, emptyStaffAuth } from '../../stores/staffAuth.ts';
import { idTokenRefreshSeconds, isIdTokenStale, staffIdToken } from './idToken.ts';

const signedIn = (idToken: string, storedAt: number) => $staffAuth.set({ ...$staffAuth.get(), idToken, idTokenStoredAt: storedAt });
afterEach(() => $staffAuth.set({ ...emptyStaffAuth }));

describe('the staff id token for a call', () => {
  it('is none while nobody on the staff is signed in', async () => {
    expect(await staffIdToken(0, async () => 'never')).toBeNull();
  });

  it('is the stored one until it is 1800 s old, then refreshed first', async () => {
    expect(idTokenRefreshSeconds).toBe(1800);
    signedIn('old', 0);
    let refreshes = 0;
    const refresh = async () => {
      refreshes += 1;
      signedIn('new', 1800_000);
      return 'new';
    };
    expect(await staffIdToken(1799_999, refresh)).toBe('old');
    expect(refreshes).toBe(0);
    expect(await staffIdToken(1800_000, refresh)).toBe('new');
    expect(refreshes).toBe(1);
    expect(isIdTokenStale(null, 0)).toBe(true);
  });

  it('is none when sign-out happened while the refresh ran', async () => {
    signedIn('old', 0);
    const refresh = async () => {
      $staffAuth.set({ ...emptyStaffAuth });
      return 'late';
    };
    expect(await staffIdToken(1800_000, refresh)).toBeNull();
  });
});
