/**
 * A small flag in localStorage that says "staff signed in on this browser", set at sign-in and cleared at sign-out.
 * Pages shared with contacts read it to decide whether to load Firebase at all: contacts never download it.
 */
export const staffHintKey = 'foyer:staff-signed-in';

export function setStaffHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(staffHintKey, '1');
    else localStorage.removeItem(staffHintKey);
  } catch {
    // No storage (server, or refused): the hint is only an optimisation.
  }
}

export function hasStaffHint(): boolean {
  try {
    return localStorage.getItem(staffHintKey) === '1';
  } catch {
    return false;
  }
}
