/** The staff inbox: every chat box with its contact, last message, this staff member's unread count and status. */
import { z } from 'zod';
import { assigneeSchema, chatStatuses, messageSchema, prioritySchema, tagSchema } from './chat.ts';
import { bulkMax, inboxQueryMax } from './constants.ts';
import { chatBoxIdSchema } from './ids.ts';

export const inboxPageMax = 100;

export { inboxQueryMax };

export const inboxSorts = ['newest', 'oldest', 'waitingLongest'] as const;
/** `open` leaves out the snoozed ones, which `snoozed` lists. */
export const inboxStatuses = ['open', 'snoozed', 'resolved'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export type InboxSort = (typeof inboxSorts)[number];

/**
 * POST /api/inbox/list. `status` (`open`: not snoozed), `assigned` (`me`: the caller; `nobody`), `tag` (a tag's id)
 * and `waiting` (open and not snoozed, and the last message, notes aside, is the contact's) filter; `sort` orders by activity, `newest` (the default) or `oldest` first, or
 * `waitingLongest`: those waiting for us by when the contact wrote, longest first, then the rest by newest activity.
 * `query` keeps the chat boxes with a message containing it (any script, case-insensitive), newest match first.
 */
export const inboxListBody = z.object({
  status: z.enum(inboxStatuses).optional(),
  assigned: z.enum(['me', 'nobody']).optional(),
  tag: tagSchema.shape.id.optional(),
  waiting: z.boolean().optional(),
  sort: z.enum(inboxSorts).optional(),
  query: z.string().trim().min(1).max(inboxQueryMax).optional(),
  limit: z.number().int().min(1).max(inboxPageMax).default(50),
});

export type InboxListBody = z.infer<typeof inboxListBody>;

export const inboxEntrySchema = z.object({
  id: z.string(),
  status: z.enum(chatStatuses),
  contact: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  lastMessage: messageSchema.nullable(),
  /** When a staff member wrote the last message: their name (or e-mail, when they have none). */
  lastSenderName: z.string().nullable(),
  /** The contact's messages after this staff member's read cursor. */
  unread: z.number().int().nonnegative(),
  /** ISO 8601: the last event, or the chat box's creation. */
  lastActivityAt: z.string(),
  /** ISO 8601: when the contact last wrote (null: never). */
  contactWroteAt: z.string().nullable(),
  /** Open, and its last message (notes aside) is the contact's: it waits for us. */
  waiting: z.boolean(),
  assignee: assigneeSchema.nullable(),
  tags: z.array(tagSchema),
  priority: prioritySchema,
  /** ISO 8601: snoozed until then (null: not snoozed). */
  snoozedUntil: z.string().nullable(),
  /** With `query`: the newest message that contains it. */
  match: messageSchema.nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
/** `waiting`: how many conversations wait for us, whatever the filters. */
export const inboxListAnswer = z.object({ chatBoxes: z.array(inboxEntrySchema), waiting: z.number().int().nonnegative() });
export type InboxListAnswer = z.infer<typeof inboxListAnswer>;

/** POST /api/inbox/bulk: one action on up to 100 conversations, each on its own (one that fails leaves the rest done). */
export const bulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assign'), assignee: z.email().max(320).nullable() }),
  z.object({ type: z.literal('status'), status: z.enum(chatStatuses) }),
  z.object({ type: z.literal('tag'), tagId: tagSchema.shape.id, add: z.boolean() }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;
export const inboxBulkBody = z.object({ chatBoxIds: z.array(chatBoxIdSchema).min(1).max(bulkMax), action: bulkActionSchema });
export const inboxBulkAnswer = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ chatBoxId: z.string(), code: z.string() })),
});
export type InboxBulkAnswer = z.infer<typeof inboxBulkAnswer>;
