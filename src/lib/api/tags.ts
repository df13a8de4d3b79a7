/**
 * The organisation's tags: every staff member reads the list (POST /api/tags/list) and puts tags on conversations
 * (POST /api/chat/tags); admins add, rename and delete them (deleting takes it off every conversation).
 */
import { z } from 'zod';
import { tagNameSchema, tagSchema } from './chat.ts';

export { tagsMax } from './constants.ts';

/** By name; `uses`: on how many conversations it is. */
export const tagsListAnswer = z.object({ tags: z.array(tagSchema.extend({ uses: z.number().int().nonnegative() })) });
export type TagsListAnswer = z.infer<typeof tagsListAnswer>;

export const tagCreateBody = z.object({ name: tagNameSchema });
export const tagRenameBody = z.object({ id: tagSchema.shape.id, name: tagNameSchema });
export const tagAnswer = z.object({ tag: tagSchema });
export type TagAnswer = z.infer<typeof tagAnswer>;
export const tagDeleteBody = z.object({ id: tagSchema.shape.id });
