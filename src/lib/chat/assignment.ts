/** Who a conversation can be assigned to, and how each is named: colleagues by name; oneself has "Assign to me". */
import type { Assignee } from '../api/chat.ts';
import type { StaffRecord } from '../api/staff.ts';

/** The signed-in staff member: their uid, and their e-mail once known (a colleague may not have a uid yet). */
export interface Me {
  uid: string;
  email: string | undefined;
}

const sameEmail = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

export function isMe(person: Pick<Assignee, 'uid' | 'email'>, me: Me): boolean {
  return (person.uid !== null && person.uid === me.uid) || sameEmail(person.email, me.email);
}

/** A person's name, or their e-mail while they have none. */
export const displayName = (person: Pick<Assignee, 'name' | 'email'>) => person.name.trim() || person.email;

/** One's own e-mail: the organisation record's, else the staff list's entry with one's uid. */
export function myEmail(me: Me, staff: readonly StaffRecord[]): string | undefined {
  return me.email ?? staff.find((person) => person.uid === me.uid)?.email;
}

/** Everyone on the staff but oneself, by name in the page's language. */
export function colleagues(staff: readonly StaffRecord[], me: Me, locale: string): StaffRecord[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return staff.filter((person) => !isMe(person, me)).sort((a, b) => collator.compare(displayName(a), displayName(b)));
}
