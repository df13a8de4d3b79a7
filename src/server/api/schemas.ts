/** The bodies the API accepts, as zod schemas; their types come from here too. */
import { z } from 'zod';
import { idPatterns } from '../ids.ts';
import { pageScope } from '../sessionTokens.ts';

const chatBoxId = z.string().regex(idPatterns.chatBox, 'must be a chat box id');
const contactId = z.string().regex(idPatterns.contact, 'must be a contact id');
/** A chat box id, or `page` for the contact's page session. */
const scope = z.union([chatBoxId, z.literal(pageScope)], { error: 'must be a chat box id or "page"' });
/** The bot-check token from the browser; empty in development, where no check runs. */
const botToken = z.string().max(4096);

export const verifyChatBoxBody = z.object({
  chatBoxId,
  contactId,
  otp: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  token: botToken,
});

export const verifyPageBody = verifyChatBoxBody.extend({ chatBoxId: z.literal(pageScope).default(pageScope) });

export const extendBody = z.object({ chatBoxId: scope, token: botToken.optional() });

/** A Firebase uid: up to 128 characters; no control characters or broken UTF-16, which PostgreSQL cannot store. */
const uid = z
  .string()
  .min(1)
  .max(128)
  .refine((value) => value.isWellFormed() && !/[\u0000-\u001f\u007f]/.test(value), 'must be a user id');

export const organizationUserBody = z.object({ chatBoxId: scope, uid });

export const contactBody = z.object({ chatBoxId: scope });
