/**
 * Files in a conversation: what an upload takes and answers, a message's files, and the access that downloads need
 * (a short-lived token for the chat box, as an `<img>` cannot send a bearer token).
 */
import { z } from 'zod';
import { attachmentLimits, fileIdPattern, fileVariants, isStorableText, withoutBidiControls } from './constants.ts';
import { chatBoxIdSchema } from './ids.ts';

export { attachmentLimits, fileVariants, uploadLimit, type FileVariant } from './constants.ts';

export const fileIdSchema = z.string().regex(fileIdPattern, 'must be a file id');

/** A file's name as shown and downloaded: no path, no reordering characters, 1–255 characters. */
export const fileNameSchema = z
  .string()
  .transform((name) => withoutBidiControls(name.replace(/^.*[/\\]/, '')).trim())
  .pipe(z.string().min(1, 'must not be empty').max(attachmentLimits.nameMax).refine(isStorableText, 'must be text'));

/** What the server found a stored file to be: its type by its content, and a picture's display size. */
export const storedFileSchema = z.object({
  id: fileIdSchema,
  name: z.string(),
  /** The media type its content showed (never the name's or the browser's). */
  type: z.string(),
  size: z.number().int().nonnegative(),
  /** Pictures the server re-encoded: the display copy's size, so the page reserves its place. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** A file as a message carries it: the stored file with its name in the message and a caption or none. */
export const messageFileSchema = storedFileSchema.extend({ caption: z.string().optional() });
export type MessageFile = z.infer<typeof messageFileSchema>;

/** POST /api/chat/files/upload?chatBoxId=…&name=…: the body is the file's bytes, as they are. */
export const uploadFileQuery = z.object({ chatBoxId: chatBoxIdSchema, name: fileNameSchema });
export const uploadFileAnswer = z.object({ file: storedFileSchema });
export type UploadFileAnswer = z.infer<typeof uploadFileAnswer>;

/** A file a message is sent with: an uploaded file's id, the name to show, and its caption. */
export const attachFileSchema = z.object({
  id: fileIdSchema,
  name: fileNameSchema,
  caption: z
    .string()
    .trim()
    .max(attachmentLimits.captionMax)
    .refine(isStorableText, 'must be text')
    .optional()
    .transform((caption) => caption || undefined),
});
export type AttachFile = z.infer<typeof attachFileSchema>;
export const attachFilesSchema = z.array(attachFileSchema).max(attachmentLimits.filesPerMessage);

/** POST /api/chat/files/access: a token that lets the caller's browser download the chat box's files for a while. */
export const fileAccessBody = z.object({ chatBoxId: chatBoxIdSchema });
export const fileAccessAnswer = z.object({ access: z.string(), expiresAt: z.string() });
export type FileAccessAnswer = z.infer<typeof fileAccessAnswer>;

/** GET /api/chat/files/download?fileId=…&variant=…&access=… */
export const downloadFileQuery = z.object({
  fileId: fileIdSchema,
  variant: z.enum(fileVariants).default('original'),
  access: z.string().max(2000),
});
