/**
 * POST /api/invitations/recent (admins): who invited whom, newest first, and the limits on invitations by e-mail.
 * POST /api/invitations/create (staff): the same invitation as `npm run foyer -- invite`: the contact (made when
 * new), a chat box (new, or one of theirs) or a page session, a one-time code, and the link that carries them.
 * A new code for a scope kills the contact's earlier unused codes for it.
 */
import { z } from 'zod';
import { languages } from './languages.ts';
import { chatBoxIdSchema } from './ids.ts';
import { personNameSchema } from './names.ts';

export const inviteTargets = ['newChatBox', 'chatBox', 'page'] as const;

export const inviteBody = z
  .discriminatedUnion('target', [
    z.object({ target: z.literal('newChatBox') }),
    z.object({ target: z.literal('chatBox'), chatBoxId: chatBoxIdSchema }),
    z.object({ target: z.literal('page') }),
  ])
  .and(
    z.object({
      email: z.email().max(320),
      name: personNameSchema.optional(),
      /** The link's language, and a new contact's. */
      lang: z.enum(languages).optional(),
      /** Also e-mail the link to the contact (refused when the server has no e-mail set up). */
      sendEmail: z.boolean().optional(),
    }),
  );
export type InviteBody = z.infer<typeof inviteBody>;

export const invitationSchema = z.object({
  link: z.string(),
  contactId: z.string(),
  /** Null for a page session. */
  chatBoxId: z.string().nullable(),
  contactCreated: z.boolean(),
  /** ISO 8601: the code stops working then. */
  expiresAt: z.string(),
  /** The link is on its way by e-mail. */
  emailed: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const inviteAnswer = z.object({ invitation: invitationSchema });
export type InviteAnswer = z.infer<typeof inviteAnswer>;

export const invitationLogEntry = z.object({
  createdAt: z.string(),
  /** Null: the command-line tool. `name` is empty once the staff member has left, or never gave one. */
  invitedBy: z.object({ email: z.string(), name: z.string() }).nullable(),
  contact: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  /** Null for a page session. */
  chatBoxId: z.string().nullable(),
  emailed: z.boolean(),
});
export type InvitationLogEntry = z.infer<typeof invitationLogEntry>;
export const recentInvitationsAnswer = z.object({
  invitations: z.array(invitationLogEntry),
  /** INVITE_MAIL_PER_STAFF_HOUR and INVITE_MAIL_PER_ADDRESS_DAY. */
  limits: z.object({ perStaffHour: z.number(), perAddressDay: z.number() }),
});
export type RecentInvitationsAnswer = z.infer<typeof recentInvitationsAnswer>;
/** How many the staff page shows. */
export const recentInvitationsShown = 100;
