/**
 * Saved replies: answers staff keep under a short name, with a text per language and placeholders
 * (`{{contact.name}}`, `{{staff.name}}`, `{{chatBox.link}}`, filled in the composer: lib/chat/savedReplies.ts).
 * Every staff member lists them (POST /api/savedReplies/list) and says when one was used; admins add, change and
 * delete them.
 */
import { z } from 'zod';
import { isStorableText, messageTextMax, savedRepliesMax, savedReplyNameMax } from './constants.ts';
import { languages } from './languages.ts';

export { savedRepliesMax, savedReplyNameMax };

const storable = (schema: z.ZodString) => schema.refine(isStorableText, 'must be text');
export const savedReplyNameSchema = storable(z.string().trim().min(1).max(savedReplyNameMax));
/** Per language, at least one; each as long as a message may be (so a reply always fits the composer). */
export const savedReplyTextsSchema = z
  .partialRecord(z.enum(languages), storable(z.string().trim().min(1).max(messageTextMax)))
  .refine((texts) => Object.keys(texts).length > 0, 'give the text in at least one language');
const savedReplyIdSchema = z.number().int().positive();

export const savedReplySchema = z.object({
  id: savedReplyIdSchema,
  name: z.string(),
  texts: savedReplyTextsSchema,
  /** How many times staff put it in a message (shown to admins). */
  uses: z.number().int().nonnegative(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

/** By name. */
export const savedRepliesListAnswer = z.object({ replies: z.array(savedReplySchema) });
export const savedReplyCreateBody = z.object({ name: savedReplyNameSchema, texts: savedReplyTextsSchema });
export const savedReplyUpdateBody = savedReplyCreateBody.extend({ id: savedReplyIdSchema });
export const savedReplyAnswer = z.object({ reply: savedReplySchema });
export type SavedReplyAnswer = z.infer<typeof savedReplyAnswer>;
export type SavedRepliesListAnswer = z.infer<typeof savedRepliesListAnswer>;
/** Delete, or count one use. */
export const savedReplyIdBody = z.object({ id: savedReplyIdSchema });
