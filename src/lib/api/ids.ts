/**
 * The ids the API speaks of, their formats and the page scope: one definition for the browser (route checks) and the
 * server (body schemas, id generation).
 */
import { z } from 'zod';

/** A kind prefix and 20 base-32 characters (100 bits), so the format itself can be checked. */
export const idPatterns = {
  contact: /^ct_[0-9a-hjkmnp-tv-z]{20}$/,
  chatBox: /^cb_[0-9a-hjkmnp-tv-z]{20}$/,
};

/** The contact's page session: the chat box id `page` stands for all of the contact's chat boxes. */
export const pageScope = 'page';

export const chatBoxIdSchema = z.string().regex(idPatterns.chatBox, 'must be a chat box id');
export const contactIdSchema = z.string().regex(idPatterns.contact, 'must be a contact id');
/** A chat box id, or `page` for the contact's page session. */
export const scopeSchema = z.union([chatBoxIdSchema, z.literal(pageScope)], { error: 'must be a chat box id or "page"' });
