/**
 * The ids the API speaks of, their formats and the page scope: one definition for the browser (route checks) and the
 * server (body schemas, id generation).
 */
import { z } from 'zod';

import { idPatterns, pageScope } from './constants.ts';

export { idPatterns, pageScope } from './constants.ts';

export const chatBoxIdSchema = z.string().regex(idPatterns.chatBox, 'must be a chat box id');
export const contactIdSchema = z.string().regex(idPatterns.contact, 'must be a contact id');
/** A chat box id, or `page` for the contact's page session. */
export const scopeSchema = z.union([chatBoxIdSchema, z.literal(pageScope)], { error: 'must be a chat box id or "page"' });
