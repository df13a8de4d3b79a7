/**
 * "Send me a new link": a contact who lost their link types their e-mail; if it is a contact's, a new code for the
 * chat box they tried (when it is theirs) or for all their conversations goes there by e-mail, and the old one dies.
 * Nothing is created for an unknown address or a revoked contact, and the caller learns nothing either way.
 */
import type { NewLinkBody } from '../../lib/api/sessions.ts';
import type { Services } from '../services.ts';
import { AccessRevoked, invite } from './invitations.ts';
import { chatBoxOwner, findContactByEmail } from './records.ts';

export async function sendNewLink(services: Services, { email, lang, chatBoxId }: Omit<NewLinkBody, 'token'>): Promise<void> {
  if (!services.mail) return;
  const contact = await findContactByEmail(services.db, email);
  if (!contact) return;
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
