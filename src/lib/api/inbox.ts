/** The staff inbox: every chat box with its contact, last message, this staff member's unread count and status. */
import { z } from 'zod';
import { chatStatuses, messageSchema } from './chat.ts';

export const inboxPageMax = 100;

/** POST /api/inbox/list: most recent activity first; `status` filters. */
export const inboxListBody = z.object({
  status: z.enum(chatStatuses).optional(),
  limit: z.number().int().min(1).max(inboxPageMax).default(50),
});

export const inboxEntrySchema = z.object({
  id: z.string(),
  status: z.enum(chatStatuses),
  contact: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  lastMessage: messageSchema.nullable(),
  /** The contact's messages after this staff member's read cursor. */
  unread: z.number().int().nonnegative(),
  /** ISO 8601: the last event, or the chat box's creation. */
  lastActivityAt: z.string(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxListAnswer = z.object({ chatBoxes: z.array(inboxEntrySchema) });
export type InboxListAnswer = z.infer<typeof inboxListAnswer>;
