/** Users in the real Auth emulator, for server tests. */

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
