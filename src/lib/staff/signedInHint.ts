/**
 * A small flag in localStorage that says "staff signed in on this browser", set at sign-in and cleared at sign-out,
 * with the name and picture the header shows (never a token). Pages shared with contacts read the flag to decide
 * whether to load Firebase at all, and help-centre pages read the profile with a plain script: neither loads Firebase.
 */
export const staffHintKey = 'foyer:staff-signed-in';
export const staffProfileKey = 'foyer:staff-profile';
/** Sent on window when this tab changes the hint (other tabs hear the storage event). */
export const staffHintEvent = 'foyer:staff-hint';

/** What the header shows of the signed-in staff member. Not a secret: nothing here lets anyone in. */
export interface StaffHintProfile {
  uid: string;
  name: string;
  avatarUrl: string | null;
}

function changed(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(staffHintEvent));
}

/**
 * Sets or clears the hint. At sign-in, `profile` is Firebase's first guess (its display name or e-mail), kept only
 * until the organisation's own record replaces it (setStaffProfile), so a token refresh does not undo that.
 */
export function setStaffHint(signedIn: boolean, profile?: StaffHintProfile): void {
  try {
    if (signedIn) {
      localStorage.setItem(staffHintKey, '1');
      if (profile && staffProfile()?.uid !== profile.uid) localStorage.setItem(staffProfileKey, JSON.stringify(profile));
    } else {
      localStorage.removeItem(staffHintKey);
      localStorage.removeItem(staffProfileKey);
    }
  } catch {
    // No storage (server, or refused): the hint is only an optimisation.
    return;
  }
  changed();
}

/** The organisation's record of the signed-in staff member (GET /api/me): its name and picture win. */
export function setStaffProfile(profile: StaffHintProfile): void {
  try {
    if (localStorage.getItem(staffHintKey) !== '1') return;
    localStorage.setItem(staffProfileKey, JSON.stringify(profile));
  } catch {
    return;
  }
  changed();
}

export function hasStaffHint(): boolean {
  try {
    return localStorage.getItem(staffHintKey) === '1';
  } catch {
    return false;
  }
}

/** The signed-in staff member's name and picture, or null when nobody is signed in (or the record is unreadable). */
export function staffProfile(): StaffHintProfile | null {
  if (!hasStaffHint()) return null;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(staffProfileKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { uid, name, avatarUrl } = value as Record<string, unknown>;
    if (typeof uid !== 'string' || typeof name !== 'string') return null;
    return { uid, name, avatarUrl: typeof avatarUrl === 'string' ? avatarUrl : null };
  } catch {
    return null;
  }
}
