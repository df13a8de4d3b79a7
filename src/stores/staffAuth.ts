/**
 * The signed-in staff member (seed: user, id token, id token stored time, self tokens) and their organisation
 * record from the server. Reset at sign-out.
 */
import { atom, map } from 'nanostores';
import type { StaffMember } from '../lib/api/staff.ts';

export interface StaffUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
}

export interface StaffAuthState {
  user: StaffUser | null;
  idToken: string | null;
  /** When the id token was stored (ms), to refresh it at 1800 s. */
  idTokenStoredAt: number | null;
}

export const emptyStaffAuth: StaffAuthState = { user: null, idToken: null, idTokenStoredAt: null };

export const $staffAuth = map<StaffAuthState>({ ...emptyStaffAuth });
export const $organizationUser = atom<StaffMember | null>(null);
