/**
 * POST /api/invitations/create (staff): the same invitation as `npm run foyer -- invite`: the contact (made when
 * new), a chat box (new, or one of theirs) or a page session, a one-time code, and the link that carries them.
 * A new code for a scope kills the contact's earlier unused codes for it.
 */
import { z } from 'zod';
import { languages } from '../i18n/languages.ts';
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
