/**
 * The chat box's home and a conversation any visitor can start, where the organisation allows it (PUBLIC_CHAT, or the
 * admins' setting): GET /api/chat/home says whether it does, with the office hours and the language's most helpful
 * articles; POST /api/chat/start takes a name, an e-mail address and the
 * first message and e-mails a one-time code to the address; POST /api/chat/start/verify exchanges the code for a
 * session in the new chat box, with the message in it. The answer to a start is the same whether or not the address
 * is known, blocked or revoked.
 */
import { z } from 'zod';
import { messageTextSchema } from './chat.ts';
import { articleKey } from './helpCentre.ts';
import { languages } from './languages.ts';
import { personNameSchema } from './names.ts';
import { botToken, issuedTokenSchema, teamHoursSchema } from './sessions.ts';

import { chatStartArticlesMax, idPatterns } from './constants.ts';

export { chatStartLimits } from './constants.ts';

export const chatHomeQuery = z.object({ lang: z.enum(languages) });
/** `articles`: the language's articles readers found helpful most often (`article` is `{category}/{slug}`), best first. */
export const chatHomeAnswer = z.object({
  startAvailable: z.boolean(),
  hours: teamHoursSchema.nullable(),
  articles: z.array(z.object({ article: z.string(), title: z.string() })),
});
export type ChatHomeAnswer = z.infer<typeof chatHomeAnswer>;

export const chatStartBody = z.object({
  lang: z.enum(languages),
  name: personNameSchema.pipe(z.string().min(1, 'must not be empty')),
  email: z.email().max(320),
  text: messageTextSchema,
  /** The first message's client id (a UUID made in the browser), as for any message. */
  clientId: z.uuid(),
  /** The help-centre articles (`{category}/{slug}`) the visitor opened in the widget before writing: staff see them. */
  articles: z.array(articleKey).max(chatStartArticlesMax).optional(),
  token: botToken,
});
export type ChatStartBody = z.infer<typeof chatStartBody>;
/** Where the code goes when it is typed; `expiresAt` (ISO 8601): it stops working then. */
export const chatStartAnswer = z.object({ startId: z.string(), expiresAt: z.string() });
export type ChatStartAnswer = z.infer<typeof chatStartAnswer>;

export const chatStartIdSchema = z.string().regex(idPatterns.chatStart, 'must be a start id');
export const chatStartVerifyBody = z.object({
  startId: chatStartIdSchema,
  otp: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  token: botToken,
});
export type ChatStartVerifyBody = z.infer<typeof chatStartVerifyBody>;
/** The session in the new chat box (its token scoped to it), and the chat box. */
export const chatStartVerifyAnswer = z.object({ data: issuedTokenSchema, chatBoxId: z.string(), contactId: z.string() });
export type ChatStartVerifyAnswer = z.infer<typeof chatStartVerifyAnswer>;
