/** The contact each session belongs to, by chat box id (or `page`): fetched once per session, forgotten at reset. */
import { map } from 'nanostores';
import type { Contact } from '../lib/api/sessions.ts';

export const $contacts = map<Record<string, Contact | undefined>>({});

export function rememberContact(key: string, contact: Contact): void {
  $contacts.setKey(key, contact);
}

export function forgetContact(key: string): void {
  $contacts.setKey(key, undefined);
}

export function forgetContacts(): void {
  $contacts.set({});
}
