/**
 * The staff member's id token for a call. The token itself lives in $staffAuth only; this module hands it out,
 * refreshed first when it is 1800 s old, and it is the HTTP client's default bearer from the moment this module loads
 * (with the sign-in, auth.ts). Firebase stays in auth.ts, which says at sign-in how to refresh.
 */
import { setDefaultBearer } from '../../lib/http/client.ts';
import { $staffAuth } from '../../stores/staffAuth.ts';

export const idTokenRefreshSeconds = 1800;

type Refresh = () => Promise<string | null>;
let refreshWith: Refresh | undefined;

/** Called by the sign-in layer once it watches a Firebase session (auth.ts, keepSignedIn). */
export function refreshStaffIdTokenWith(refresh: Refresh): void {
  refreshWith = refresh;
}

export function isIdTokenStale(storedAt: number | null, now: number): boolean {
  return storedAt === null || now - storedAt >= idTokenRefreshSeconds * 1000;
}

/** The id token, refreshed first when stale and a refresh is known; null when nobody on the staff is signed in. */
export async function staffIdToken(now = Date.now(), refresh = refreshWith): Promise<string | null> {
  const { idToken, idTokenStoredAt } = $staffAuth.get();
  if (!idToken) return null;
  if (!refresh || !isIdTokenStale(idTokenStoredAt, now)) return idToken;
  await refresh();
  // Signed out while the refresh ran: no token.
  return $staffAuth.get().idToken;
}

setDefaultBearer(() => staffIdToken());
