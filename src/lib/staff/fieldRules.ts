/**
 * The staff forms' field rules, written once: the forms' markup takes its attributes from here (minlength, the
 * "too short" message's number) and the pages' scripts their checks.
 */

export const passwordMinLength = 8;

/** Something, an @, something, a dot, something, and no spaces: the typos worth catching before Firebase does. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What can be wrong with a field; each names a pre-rendered message (components/staff/Field.astro `errors`). */
export type FieldProblem = 'missing' | 'invalid' | 'short' | 'mismatch';

/** The address is checked trimmed, as it is sent. */
export function emailProblem(value: string): 'missing' | 'invalid' | null {
  const address = value.trim();
  if (!address) return 'missing';
  return emailPattern.test(address) ? null : 'invalid';
}

/** A new password needs the minimum length; signing in with an older, shorter one still works. */
export function passwordProblem(value: string, { isNew }: { isNew: boolean }): 'missing' | 'short' | null {
  if (!value) return 'missing';
  return isNew && value.length < passwordMinLength ? 'short' : null;
}

export function repeatProblem(password: string, repeat: string): 'mismatch' | null {
  return repeat === password ? null : 'mismatch';
}
