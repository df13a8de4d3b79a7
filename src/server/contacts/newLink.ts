/**
 * "Send me a new link": a contact who lost their link types their e-mail (or a device they used gives their contact
 * id); if it is a contact's, a new code for the chat box they tried (when it is theirs) or for all their
 * conversations goes to their address by e-mail, and the old one dies. Nothing is created for an unknown address or
 * id or a revoked contact, and the caller learns nothing either way.
 */
import type { NewLinkBody } from '../../lib/api/sessions.ts';
import type { Contact } from './records.ts';
import type { Services } from '../services.ts';
import { AccessRevoked, invite } from './invitations.ts';
import { chatBoxOwner, findContact, findContactByEmail } from './records.ts';

/** The contact a request names, by address or id; undefined for one nobody has. */
export function contactNamed(
  services: Services,
  { email, contactId }: Pick<NewLinkBody, 'email' | 'contactId'>,
): Promise<Contact | undefined> {
  if (email !== undefined) return findContactByEmail(services.db, email);
  return contactId === undefined ? Promise.resolve(undefined) : findContact(services.db, contactId);
}

export async function sendNewLink(
  services: Services,
  contact: Contact | undefined,
  { lang, chatBoxId }: Pick<NewLinkBody, 'lang' | 'chatBoxId'>,
): Promise<void> {
  if (!services.mail || !contact) return;
  const theirs = chatBoxId !== undefined && (await chatBoxOwner(services.db, chatBoxId)) === contact.id;
  await invite(services, {
    email: contact.email,
    lang,
    chatBoxId: theirs ? chatBoxId : undefined,
    page: !theirs,
    sendEmail: true,
    mailKind: 'newLink',
  }).catch((error: unknown) => {
    // Answered like an unknown address: the caller learns nothing.
    if (!(error instanceof AccessRevoked)) throw error;
  });
}
