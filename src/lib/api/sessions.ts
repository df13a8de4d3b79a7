/**
 * The contact-session calls (seed, section 7): what the browser sends and what it gets back, as zod schemas whose
 * types both sides use, and the constants both sides must agree on.
 */
import { z } from 'zod';
import { languages } from './languages.ts';
import { contactIdSchema, chatBoxIdSchema, pageScope, scopeSchema } from './ids.ts';

export { contactSessionParams, contactSessionPrefix, sessionTokenSeconds } from './constants.ts';

/** The bot-check token from the browser; empty in development, where no check runs. */
export const botToken = z.string().max(4096);

/** A Firebase uid: up to 128 characters; no control characters or broken UTF-16, which PostgreSQL cannot store. */
const uid = z
  .string()
  .min(1)
  .max(128)
  .refine((value) => value.isWellFormed() && !/[\u0000-\u001f\u007f]/.test(value), 'must be a user id');

/** POST /api/chat/verify */
export const verifyChatBoxBody = z.object({
  chatBoxId: chatBoxIdSchema,
  contactId: contactIdSchema,
  otp: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  token: botToken,
});
/** POST /api/verify: the same, for the page session. */
export const verifyPageBody = verifyChatBoxBody.extend({ chatBoxId: z.literal(pageScope).default(pageScope) });
/**
 * POST /api/chat/newLink: e-mails a new link to a contact who lost theirs (for the chat box they tried, when it is
 * theirs; otherwise all their conversations). The contact is named by the e-mail they type, or by the contact id a
 * device they used remembers (the returning contact's one button). The answer is the same whether or not either is
 * known, and never says the address.
 */
export const newLinkBody = z
  .object({
    email: z.email().max(320).optional(),
    contactId: contactIdSchema.optional(),
    lang: z.enum(languages),
    chatBoxId: chatBoxIdSchema.optional(),
    token: botToken,
  })
  .refine((body) => (body.email === undefined) !== (body.contactId === undefined), 'give email or contactId, one of them');
export type NewLinkBody = z.infer<typeof newLinkBody>;
export const newLinkAnswer = z.object({ requested: z.literal(true) });
export type NewLinkAnswer = z.infer<typeof newLinkAnswer>;
/** POST /api/chat/extend */
export const extendBody = z.object({ chatBoxId: scopeSchema, token: botToken.optional() });
/** POST /api/organizationUsers/get */
export const organizationUserBody = z.object({ chatBoxId: scopeSchema, uid });
/** POST /api/contacts/get */
export const contactBody = z.object({ chatBoxId: scopeSchema });

/** A session token and when it expires (ISO 8601): extend answers this; verify answers `{ data: … }`. */
export const issuedTokenSchema = z.object({ jwt: z.string(), expiresAt: z.string() });
export type IssuedToken = z.infer<typeof issuedTokenSchema>;
export const verifyAnswer = z.object({ data: issuedTokenSchema });
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const contactSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), lang: z.string() });
export type Contact = z.infer<typeof contactSchema>;
export const contactAnswer = z.object({ contact: contactSchema });
export type ContactAnswer = z.infer<typeof contactAnswer>;

/** An organisation user as a contact sees them: name and avatar, nothing else. */
export const organizationUserSchema = z.object({ uid: z.string(), name: z.string(), avatarUrl: z.string().nullable() });
export type OrganizationUser = z.infer<typeof organizationUserSchema>;
export const organizationUserAnswer = z.object({ organizationUser: organizationUserSchema });
export type OrganizationUserAnswer = z.infer<typeof organizationUserAnswer>;
/**
 * POST /api/organizationUsers/team: who answers in a chat box, as its contact sees them (at most `teamSize`), and
 * whether the caller, a contact, is e-mailed a reply that comes while they are away.
 */
export const teamBody = z.object({ chatBoxId: chatBoxIdSchema });
/**
 * The office hours as a contact is told them: whether the team is in now, until when (`closesAt`), else when it next
 * is (`opensAt`; null: no opening ahead), ISO 8601, and how soon it usually replies while in.
 */
export const teamHoursSchema = z.object({
  open: z.boolean(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  replyWithinMinutes: z.number().int(),
});
export type TeamHours = z.infer<typeof teamHoursSchema>;
/** `answered`: staff wrote here at least once (not a note), so nobody is told someone will. `hours`: null when none are set. */
export const teamAnswer = z.object({
  team: z.array(organizationUserSchema),
  emailsReplies: z.boolean(),
  answered: z.boolean(),
  hours: teamHoursSchema.nullable(),
});
export type TeamAnswer = z.infer<typeof teamAnswer>;
