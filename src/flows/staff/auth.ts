/**
 * Staff sign-in, as the seed has it: e-mail and password; Google and Apple only by popup; anything else raises
 * unsupported_provider. Account creation and password reset only by e-mail. Sign-in failures return false with no
 * message. The id token is refreshed every 1800 s, and on use when older; user details are fetched only for a
 * verified e-mail. Sign-out clears the state; the token lives in $staffAuth only (idToken.ts hands it out).
 */
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  OAuthProvider,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  updatePassword as firebaseUpdatePassword,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import { requestEndpoint } from '../../lib/http/client.ts';
import { $organizationUser, $staffAuth, emptyStaffAuth } from '../../stores/staffAuth.ts';
import type { StaffMember } from '../../lib/api/staff.ts';
import { idTokenRefreshSeconds, refreshStaffIdTokenWith, staffIdToken } from './idToken.ts';
import { setStaffHint, setStaffProfile } from '../../lib/staff/signedInHint.ts';
import { setWorkspaceCookie } from '../../lib/staff/workspaceCookie.ts';

export { idTokenRefreshSeconds };

export type Provider = 'email' | 'google' | 'apple';

/** The error the seed names for a provider Foyer does not offer for that action. */
export class UnsupportedProviderError extends Error {
  readonly code = 'unsupported_provider';
  constructor(provider: string) {
    super(`unsupported_provider: ${provider}`);
    this.name = 'UnsupportedProviderError';
  }
}

// Sign-out starts a new generation: a token refresh still under way when it happened must not sign back in.
let generation = 0;

async function store(user: User, forceRefresh = false): Promise<string> {
  const started = generation;
  const idToken = await user.getIdToken(forceRefresh);
  if (generation !== started) return idToken;
  $staffAuth.set({
    ...$staffAuth.get(),
    user: { uid: user.uid, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName, photoURL: user.photoURL },
    idToken,
    idTokenStoredAt: Date.now(),
  });
  setStaffHint(true, { uid: user.uid, name: user.displayName || user.email || '', avatarUrl: user.photoURL });
  return idToken;
}

/** Signs in; true on success, false on any failure (no message: the page shows one generic line). */
export async function signIn(auth: Auth, provider: Provider, credentials?: { email: string; password: string }): Promise<boolean> {
  if (provider !== 'email' && provider !== 'google' && provider !== 'apple') throw new UnsupportedProviderError(provider);
  try {
    const result =
      provider === 'email'
        ? await signInWithEmailAndPassword(auth, credentials?.email ?? '', credentials?.password ?? '')
        : await signInWithPopup(auth, provider === 'google' ? new GoogleAuthProvider() : new OAuthProvider('apple.com'));
    await store(result.user);
    return true;
  } catch {
    return false;
  }
}

/** Creates an account (e-mail only) and sends the verification e-mail; false on failure. */
export async function createAccount(auth: Auth, provider: Provider, credentials: { email: string; password: string }): Promise<boolean> {
  if (provider !== 'email') throw new UnsupportedProviderError(provider);
  try {
    const { user } = await createUserWithEmailAndPassword(auth, credentials.email, credentials.password);
    await store(user);
    // The account exists and is signed in either way; if this e-mail fails, the verify panel offers "resend".
    await sendEmailVerification(user).catch(() => {});
    return true;
  } catch {
    return false;
  }
}

export async function resendVerification(auth: Auth): Promise<void> {
  if (auth.currentUser) await sendEmailVerification(auth.currentUser);
}

/** Sends the reset e-mail (e-mail provider only). Never tells whether the address has an account. */
export async function requestPasswordReset(auth: Auth, provider: Provider, email: string): Promise<void> {
  if (provider !== 'email') throw new UnsupportedProviderError(provider);
  await sendPasswordResetEmail(auth, email).catch(() => {});
}

/** The e-mail a reset link is for, or null when the link is not (or no longer) valid. */
export async function checkResetCode(auth: Auth, oobCode: string): Promise<string | null> {
  return verifyPasswordResetCode(auth, oobCode).catch(() => null);
}

export async function completePasswordReset(auth: Auth, oobCode: string, password: string): Promise<boolean> {
  return confirmPasswordReset(auth, oobCode, password).then(
    () => true,
    () => false,
  );
}

/** Sets a new password for the signed-in user; needs a current user and a non-empty password. */
export async function updatePassword(auth: Auth, password: string): Promise<'updated' | 'failed' | 'sign-in-again'> {
  if (!auth.currentUser) throw new Error('Updating the password needs a signed-in user.');
  if (!password) throw new Error('Updating the password needs a non-empty password.');
  try {
    await firebaseUpdatePassword(auth.currentUser, password);
    return 'updated';
  } catch (error) {
    return (error as { code?: string }).code === 'auth/requires-recent-login' ? 'sign-in-again' : 'failed';
  }
}

/** Resets the state, so calls stop carrying the id token (seed: sign-out). */
function forgetStaff(): void {
  generation += 1;
  setStaffHint(false);
  setWorkspaceCookie(false);
  $staffAuth.set({ ...emptyStaffAuth });
  $organizationUser.set(null);
}

export async function signOut(auth: Auth): Promise<void> {
  forgetStaff();
  await firebaseSignOut(auth).catch(() => {});
}

/** How to get a new id token from the signed-in Firebase user. */
const refresherFor = (auth: Auth) => () => (auth.currentUser ? store(auth.currentUser, true) : Promise.resolve(null));

/** The id token for a call: refreshed first when it is 1800 s old or older. */
export async function currentIdToken(auth: Auth, now = Date.now(), { fresh = false } = {}): Promise<string | null> {
  if (!auth.currentUser) return null;
  return fresh ? refresherFor(auth)() : staffIdToken(now, refresherFor(auth));
}

/** Picks up a session the SDK restored, and keeps the id token fresh every 1800 s. Returns a stop function. */
export function keepSignedIn(auth: Auth, onChange: () => void): () => void {
  refreshStaffIdTokenWith(refresherFor(auth));
  const unsubscribe = auth.onAuthStateChanged(async (user) => {
    // Signed out here or in another tab: the same reset as signOut.
    if (user) await store(user);
    else forgetStaff();
    onChange();
  });
  const timer = setInterval(() => {
    if (auth.currentUser) void store(auth.currentUser, true);
  }, idTokenRefreshSeconds * 1000);
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}

/** Reads the account again (after the person verified their e-mail elsewhere) and refreshes the token's claims. */
export async function reloadUser(auth: Auth): Promise<boolean> {
  if (!auth.currentUser) return false;
  await auth.currentUser.reload();
  await store(auth.currentUser, true);
  return auth.currentUser.emailVerified;
}

/** The organisation record of the signed-in staff member; fetched only when their e-mail is verified. */
export async function fetchStaffDetails(auth: Auth): Promise<StaffMember | null> {
  const user = $staffAuth.get().user;
  if (!user?.emailVerified) return null;
  // Refreshed here when stale; the HTTP client then sends the one stored token.
  if (!(await currentIdToken(auth))) return null;
  const { organizationUser } = await requestEndpoint('me');
  $organizationUser.set(organizationUser);
  // On the staff: this browser's chat pages are the staff workspace from now on (not for anyone else signed in).
  setWorkspaceCookie(true);
  setStaffProfile({
    uid: organizationUser.uid,
    name: organizationUser.name || organizationUser.email,
    avatarUrl: organizationUser.avatarUrl,
  });
  return organizationUser;
}
