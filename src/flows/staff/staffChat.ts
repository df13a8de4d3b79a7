/**
 * The staff side of a conversation page: loaded on demand (it brings Firebase) only when the sign-in hint is set.
 * Waits for the restored Firebase session, checks the person is organisation staff, and hands back who they are
 * and a token getter (the id token, refreshed at 1800 s). Null when nobody, or nobody on the staff, is signed in.
 */
import type { Participant } from '../../lib/api/chat.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { currentIdToken, fetchStaffDetails, keepSignedIn } from './auth.ts';
import { firebaseAuth, type FirebaseWebSettings } from '../../lib/staff/firebase.ts';
import { setStaffHint } from '../../lib/staff/signedInHint.ts';
import { setWorkspaceCookie } from '../../lib/staff/workspaceCookie.ts';

export interface StaffChatIdentity {
  participant: Participant;
  name: string;
  getToken: TokenGetter;
}

/** Who is signed in on this browser: a staff member, someone not on the staff, or nobody. */
export async function staffAccess(settings: FirebaseWebSettings): Promise<StaffChatIdentity | 'notStaff' | 'signedOut'> {
  const auth = firebaseAuth(settings);
  await new Promise<void>((resolve) => keepSignedIn(auth, resolve));
  if (!auth.currentUser) {
    setStaffHint(false);
    setWorkspaceCookie(false);
    return 'signedOut';
  }
  const member = await fetchStaffDetails(auth).catch(() => null);
  if (!member) return 'notStaff';
  const getToken: TokenGetter = (options) => currentIdToken(auth, Date.now(), options);
  return { participant: { kind: 'staff', id: member.uid }, name: member.name, getToken };
}

export async function staffChatIdentity(settings: FirebaseWebSettings): Promise<StaffChatIdentity | null> {
  const access = await staffAccess(settings);
  return typeof access === 'string' ? null : access;
}
