/** What the command-line tool can do, as one schema of commands and the code that carries them out. */
import { personNameSchema } from '../../lib/api/names.ts';
import { z } from 'zod';
import { languages } from '../../lib/i18n/languages.ts';
import { idPatterns } from '../../lib/api/ids.ts';
import { eraseContact, exportContact } from '../contacts/dataRights.ts';
import { findContactByEmail } from '../contacts/records.ts';
import { invite } from '../contacts/invitations.ts';
import type { Services } from '../services.ts';
import { addStaff, listStaff, removeStaff } from '../staff/members.ts';
import { revokeContact } from '../contacts/revocation.ts';
import { backup } from './backup.ts';

const email = z.email({ error: 'must be an e-mail address' });

export const commandSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('invite'),
    email,
    displayName: personNameSchema.optional(),
    lang: z.enum(languages, { error: `must be one of: ${languages.join(', ')}` }).optional(),
    chatBoxId: z.string().regex(idPatterns.chatBox, 'must be a chat box id like cb_…').optional(),
    page: z.boolean().optional(),
    /** Unset: e-mail the link when e-mail is set up. */
    sendEmail: z.boolean().optional(),
  }),
  z.object({
    name: z.literal('staff-add'),
    email,
    role: z.enum(['admin', 'agent'], { error: 'must be admin or agent' }),
    displayName: personNameSchema.optional(),
  }),
  z.object({ name: z.literal('staff-list') }),
  z.object({ name: z.literal('staff-remove'), email }),
  z.object({ name: z.literal('contact-revoke'), email }),
  z.object({ name: z.literal('contact-export'), email, forContact: z.boolean().optional() }),
  z.object({ name: z.literal('contact-erase'), email }),
  /** `file`: an absolute path (the command-line tool resolves it where it runs). */
  z.object({ name: z.literal('backup'), file: z.string().startsWith('/', 'must be an absolute path') }),
]);

export type Command = z.infer<typeof commandSchema>;

/** Runs one command; what it returns is printed for the person at the terminal. */
export async function runCommand(services: Services, command: Command): Promise<string> {
  switch (command.name) {
    case 'invite': {
      const invitation = await invite(services, {
        email: command.email,
        name: command.displayName,
        lang: command.lang,
        chatBoxId: command.chatBoxId,
        page: command.page,
        sendEmail: command.sendEmail ?? services.mail !== null,
      });
      const who = invitation.contactCreated ? 'New contact' : 'Contact';
      const where = invitation.chatBoxId ? `chat box ${invitation.chatBoxId}` : 'all their chat boxes (page session)';
      // The link stays the last line: scripts (and the browser tests) read it from there.
      const emailed = invitation.emailed ? ` It is also on its way to ${command.email} by e-mail.` : '';
      return `${who} ${command.email} (${invitation.contactId}), ${where}. The code works once, for ${services.config.OTP_TTL_DAYS} days.${emailed}\n${invitation.link}`;
    }
    case 'staff-add': {
      const user = await addStaff(services.db, { email: command.email, role: command.role, name: command.displayName });
      return `${user.email} is ${user.role === 'admin' ? 'an admin' : 'an agent'}.`;
    }
    case 'staff-list': {
      const users = await listStaff(services.db);
      if (!users.length) return 'No organisation users yet. Add one: npm run foyer -- staff add EMAIL --role admin';
      return users
        .map((user) => `${user.role.padEnd(6)} ${user.email}${user.name ? ` (${user.name})` : ''}${user.uid ? '' : ' — not signed in yet'}`)
        .join('\n');
    }
    case 'staff-remove':
      return (await removeStaff(services, command.email)) ? `${command.email} is no longer staff.` : `${command.email} was not staff.`;
    case 'contact-revoke': {
      const revocation = await revokeContact(services, command.email);
      if (!revocation) return `There is no contact ${command.email}.`;
      const codes =
        revocation.codesKilled === 1 ? '1 unused code no longer works' : `${revocation.codesKilled} unused codes no longer work`;
      return `${command.email} (${revocation.contactId}) is signed out: open sessions end now, ${codes}, and no e-mail gives them a way back in. Invite them to let them back in.`;
    }
    case 'contact-export': {
      const contact = await findContactByEmail(services.db, command.email);
      if (!contact) return `There is no contact ${command.email}.`;
      return JSON.stringify(await exportContact(services.db, contact.id, command.forContact ? 'contact' : 'team'), null, 2);
    }
    case 'contact-erase': {
      const contact = await findContactByEmail(services.db, command.email);
      if (!contact) return `There is no contact ${command.email}.`;
      const erased = await eraseContact(services, contact.id, command.email);
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      return `${command.email} (${contact.id}) is erased: ${count(erased.chatBoxes, 'chat box', 'chat boxes')} and ${count(erased.messages, 'message', 'messages')} deleted, sessions ended.`;
    }
    case 'backup':
      return backup(services, command.file);
  }
}
