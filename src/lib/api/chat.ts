/**
 * The chat calls: messages, read cursors, typing and the event stream. Every change in a chat box is an event with
 * a sequence number of its own chat box (`seq`), so a client that saw event N asks for everything after N.
 */
import { z } from 'zod';
import { attachFilesSchema, messageFileSchema } from './files.ts';
import { chatBoxIdSchema, scopeSchema } from './ids.ts';
import { ratingStateSchema } from './ratings.ts';

export { heartbeatMs, messagesPageDefault, messagesPageMax, messageTextMax, sendLimit, typingEveryMs, typingShowsMs } from './constants.ts';
import {
  characterCount,
  chatPriorities,
  hasVisibleCharacter,
  isStorableText,
  messagesPageDefault,
  messagesPageMax,
  messageTextMax,
  tagNameMax,
} from './constants.ts';
export { chatPriorities, type ChatPriority } from './constants.ts';

/** Message ids grow with every message; as JSON numbers (safe up to 2^53). */
export const messageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A chat box's event sequence: 0 before its first event. */
export const eventSeqSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Who wrote a message or moved a read cursor: the contact (by contact id) or a staff member (by Firebase uid). */
export const participantSchema = z.object({ kind: z.enum(['contact', 'staff']), id: z.string() });
export type Participant = z.infer<typeof participantSchema>;

export const chatStatuses = ['open', 'resolved'] as const;
export type ChatStatus = (typeof chatStatuses)[number];

export const messageSchema = z.object({
  id: messageIdSchema,
  chatBoxId: z.string(),
  /** The sender's own id for the message (a UUID made in the browser): the same one twice is one message. */
  clientId: z.string(),
  sender: participantSchema,
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** An internal note: staff wrote it for staff; no contact ever receives it. Absent on ordinary messages. */
  internal: z.literal(true).optional(),
  /** The files sent with it, in order; absent when none. */
  files: z.array(messageFileSchema).optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** A staff member a chat box is assigned to (by e-mail: a colleague may not have signed in yet, so has no uid). */
export const assigneeSchema = z.object({ email: z.string(), name: z.string(), uid: z.string().nullable() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** A tag from the organisation's list (admins keep it; staff put tags on conversations). */
export const tagSchema = z.object({ id: z.number().int().positive(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const tagNameSchema = z.string().trim().min(1).max(tagNameMax).refine(isStorableText, 'must be text');
export const prioritySchema = z.enum(chatPriorities).nullable();

export const readCursorSchema = z.object({ reader: participantSchema, messageId: messageIdSchema });
export type ReadCursor = z.infer<typeof readCursorSchema>;

/**
 * The text a sender typed: trimmed, 1–4,000 characters, something visible in it, no NUL (PostgreSQL cannot store it),
 * well-formed UTF-16.
 */
export const messageTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine(hasVisibleCharacter, 'must have a character that can be seen')
  .refine((text) => characterCount(text) <= messageTextMax, `must be at most ${messageTextMax} characters`)
  .refine(isStorableText, 'must be text');

/** POST /api/chat/messages/list: the newest page by default; `before` pages back, `after` pages forward. */
export const listMessagesBody = z
  .object({
    chatBoxId: chatBoxIdSchema,
    before: messageIdSchema.optional(),
    after: messageIdSchema.optional(),
    limit: z.number().int().min(1).max(messagesPageMax).default(messagesPageDefault),
  })
  .refine((body) => body.before === undefined || body.after === undefined, 'give before or after, not both');
export const chatBoxSummarySchema = z.object({
  id: z.string(),
  status: z.enum(chatStatuses),
  /** `lang`, staff only: the language the contact's e-mails and pages are in (saved replies pick theirs). */
  contact: z.object({ id: z.string(), name: z.string(), lang: z.string().optional() }),
  assignee: assigneeSchema.nullable(),
  /** Staff only: its tags (by name), priority and until when it is snoozed (ISO 8601; null: not snoozed). */
  tags: z.array(tagSchema).optional(),
  priority: prioritySchema.optional(),
  snoozedUntil: z.string().nullable().optional(),
  /** "How was your conversation?" for its latest resolution: asked (score null) or answered; null: never asked. */
  rating: ratingStateSchema.nullable().optional(),
  /** The chat box's event sequence when the page was read: stream from here and nothing is missed. */
  seq: eventSeqSchema,
});
export type ChatBoxSummary = z.infer<typeof chatBoxSummarySchema>;
/** A help-centre article as history shows it: `{category}/{slug}` and its title in the conversation's language. */
export const readArticleSchema = z.object({ article: z.string(), title: z.string() });
export type ReadArticle = z.infer<typeof readArticleSchema>;

/**
 * What happened in a chat box, for its history: a status set, an assignment, a snooze, tags or the priority, by whom
 * (a staff member's uid; null: the contact's message or the time did it) and when (ISO 8601), the contact's rating,
 * and the automatic away answers. Staff see all of it; a contact only the away answers they were given.
 */
export const historyLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), seq: eventSeqSchema, at: z.string(), by: z.string().nullable(), status: z.enum(chatStatuses) }),
  z.object({
    type: z.literal('assignment'),
    seq: eventSeqSchema,
    at: z.string(),
    by: z.string().nullable(),
    assignee: assigneeSchema.nullable(),
  }),
  /** Snoozed until a time, or woken (`until` null; `by` null: the time came, or the contact wrote). */
  z.object({ type: z.literal('snooze'), seq: eventSeqSchema, at: z.string(), by: z.string().nullable(), until: z.string().nullable() }),
  /** Tags put on or taken off (by name, as they were called then). */
  z.object({
    type: z.literal('tags'),
    seq: eventSeqSchema,
    at: z.string(),
    by: z.string().nullable(),
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  z.object({ type: z.literal('priority'), seq: eventSeqSchema, at: z.string(), by: z.string().nullable(), priority: prioritySchema }),
  /** The contact rated the conversation (`by` always null: not staff). */
  z.object({
    type: z.literal('rating'),
    seq: eventSeqSchema,
    at: z.string(),
    by: z.null(),
    score: z.number().int(),
    comment: z.string().nullable(),
  }),
  /** The contact wrote while the team was away and was answered so automatically: in again at `opensAt` (null: unknown). */
  z.object({ type: z.literal('away'), seq: eventSeqSchema, at: z.string(), by: z.null(), opensAt: z.string().nullable() }),
  z.object({ type: z.literal('articles'), seq: eventSeqSchema, at: z.string(), by: z.null(), articles: z.array(readArticleSchema) }),
]);
export type HistoryLine = z.infer<typeof historyLineSchema>;

export const listMessagesAnswer = z.object({
  chatBox: chatBoxSummarySchema,
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** The history from this page's first message to its last (all of it at either end), by seq, as the viewer sees it. */
  activity: z.array(historyLineSchema).optional(),
  /** Whether there are older messages than the first of this page, and newer than its last. */
  hasOlder: z.boolean(),
  hasNewer: z.boolean(),
  readCursors: z.array(readCursorSchema),
});
export type ListMessagesAnswer = z.infer<typeof listMessagesAnswer>;

/** POST /api/chat/messages/send */
export const sendMessageBody = z
  .object({
    chatBoxId: chatBoxIdSchema,
    clientId: z.uuid(),
    /** Empty only when files go with it. */
    text: z.union([z.string().trim().length(0), messageTextSchema]),
    /** Staff only: an internal note instead of a message to the contact. */
    internal: z.boolean().optional(),
    /** Uploaded files (files/upload) that go with the text, in this order. */
    files: attachFilesSchema.optional(),
  })
  .refine((body) => body.text !== '' || (body.files?.length ?? 0) > 0, { path: ['text'], message: 'must not be empty' });
export const sendMessageAnswer = z.object({ message: messageSchema });
export type SendMessageAnswer = z.infer<typeof sendMessageAnswer>;

/** POST /api/chat/read: the caller has read up to this message; a cursor never moves back. */
export const markReadBody = z.object({ chatBoxId: chatBoxIdSchema, messageId: messageIdSchema });
export const markReadAnswer = z.object({ readCursor: readCursorSchema });
export type MarkReadAnswer = z.infer<typeof markReadAnswer>;

/** POST /api/chat/typing: not stored; shows on the other side for `typingShowsMs`. */
export const typingBody = z.object({ chatBoxId: chatBoxIdSchema });
/** POST /api/chat/mute (staff): no alerts for this conversation's new messages for this staff member, or again. */
export const muteBody = z.object({ chatBoxId: chatBoxIdSchema, muted: z.boolean() });
export const muteAnswer = z.object({ muted: z.boolean() });
export type MuteAnswer = z.infer<typeof muteAnswer>;
/** POST /api/chat/transcript (the chat box's contact): a copy of the conversation to their e-mail address. */
export const transcriptBody = z.object({ chatBoxId: chatBoxIdSchema });
export const okAnswer = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswer>;

/** POST /api/chat/status (staff): open or resolve a chat box. */
export const setStatusBody = z.object({ chatBoxId: chatBoxIdSchema, status: z.enum(chatStatuses) });
export const setStatusAnswer = z.object({ status: z.enum(chatStatuses) });
export type SetStatusAnswer = z.infer<typeof setStatusAnswer>;

/** POST /api/chat/snooze (staff): snooze an open chat box until a time to come (at most a year), or wake it (null). */
export const snoozeBody = z.object({ chatBoxId: chatBoxIdSchema, until: z.iso.datetime({ offset: true }).nullable() });
export const snoozeAnswer = z.object({ snoozedUntil: z.string().nullable() });
export type SnoozeAnswer = z.infer<typeof snoozeAnswer>;

/** POST /api/chat/tags (staff): put tags on (by id, from the organisation's list) and take tags off. */
export const chatTagsBody = z.object({
  chatBoxId: chatBoxIdSchema,
  add: z.array(z.number().int().positive()).max(50).default([]),
  remove: z.array(z.number().int().positive()).max(50).default([]),
});
export const chatTagsAnswer = z.object({ tags: z.array(tagSchema) });
export type ChatTagsAnswer = z.infer<typeof chatTagsAnswer>;

/** POST /api/chat/priority (staff): set the priority, or none (null). */
export const priorityBody = z.object({ chatBoxId: chatBoxIdSchema, priority: prioritySchema });
export const priorityAnswer = z.object({ priority: prioritySchema });
export type PriorityAnswer = z.infer<typeof priorityAnswer>;

/** POST /api/chat/assign (staff): assign to a staff member by e-mail, or `null` to unassign. */
export const assignBody = z.object({ chatBoxId: chatBoxIdSchema, assignee: z.email().max(320).nullable() });
export const assignAnswer = z.object({ assignee: assigneeSchema.nullable() });
export type AssignAnswer = z.infer<typeof assignAnswer>;

/** GET /api/chat/stream?chatBoxId=…: one chat box's events (contact or staff). GET /api/inbox/stream: all (staff). */
export const streamQuery = z.object({ chatBoxId: chatBoxIdSchema });

/**
 * A stored event, as the stream sends it: `event:` is the type, `id:` the chat box's seq (the inbox stream: the
 * event's global `position`, which only that stream carries), `data:` this object as JSON.
 */
const position = z.number().optional();
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), chatBoxId: z.string(), seq: eventSeqSchema, position, message: messageSchema }),
  z.object({
    type: z.literal('read'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    readCursor: readCursorSchema,
  }),
  /** `by`, staff only: the staff member's uid, or null when the contact's message reopened it. */
  z.object({
    type: z.literal('status'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    status: z.enum(chatStatuses),
    by: z.string().nullable().optional(),
    /** When it happened (ISO 8601), for staff's history. */
    at: z.string().optional(),
    /** Resolved, and the contact is asked how the conversation was. */
    askRating: z.literal(true).optional(),
  }),
  /** Staff only: the chat box was made (an invitation). */
  z.object({ type: z.literal('opened'), chatBoxId: z.string(), seq: eventSeqSchema, position }),
  /** Staff only (a contact's stream leaves it out). */
  z.object({
    type: z.literal('assignment'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    assignee: assigneeSchema.nullable(),
    /** The staff member who assigned it (their uid). */
    by: z.string().nullable().optional(),
    at: z.string().optional(),
  }),
  /** Staff only, like the three below: snoozed until a time, or woken (null). */
  z.object({
    type: z.literal('snooze'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    until: z.string().nullable(),
    by: z.string().nullable(),
    at: z.string(),
  }),
  /** The chat box's tags after the change (`tags`), and what it put on and took off, by name. */
  z.object({
    type: z.literal('tags'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    tags: z.array(tagSchema),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    by: z.string().nullable(),
    at: z.string(),
  }),
  z.object({
    type: z.literal('priority'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    priority: prioritySchema,
    by: z.string().nullable(),
    at: z.string(),
  }),
  /** The contact rated the latest resolution (both sides hear it). */
  z.object({
    type: z.literal('rating'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    score: z.number().int(),
    comment: z.string().nullable(),
    by: z.null(),
    at: z.string(),
  }),
  /** The automatic answer to a contact who wrote while the team was away (both sides see it). */
  z.object({
    type: z.literal('away'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    opensAt: z.string().nullable(),
    by: z.null(),
    at: z.string(),
  }),
  /** Staff only: the help-centre articles a visitor who started the conversation read in the widget before writing. */
  z.object({
    type: z.literal('articles'),
    chatBoxId: z.string(),
    seq: eventSeqSchema,
    position,
    articles: z.array(readArticleSchema),
    by: z.null(),
    at: z.string(),
  }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** Not stored and without an id: someone is typing in a chat box (`event: typing`). */
export const typingEventSchema = z.object({ type: z.literal('typing'), chatBoxId: z.string(), sender: participantSchema });
export type TypingEvent = z.infer<typeof typingEventSchema>;

/**
 * POST /api/chat/boxes: the chat boxes a contact's session covers (a page session: all of the contact's; a chat
 * box session: that one), latest activity first, each with its last message and the contact's unread count.
 */
export const contactChatBoxesBody = z.object({ chatBoxId: scopeSchema });
export const contactChatBoxSchema = z.object({
  id: z.string(),
  status: z.enum(chatStatuses),
  lastMessage: messageSchema.nullable(),
  /** Staff messages after the contact's read cursor. */
  unread: z.number().int().nonnegative(),
  /** ISO 8601. */
  lastActivityAt: z.string(),
});
export type ContactChatBox = z.infer<typeof contactChatBoxSchema>;
export const contactChatBoxesAnswer = z.object({ chatBoxes: z.array(contactChatBoxSchema) });
export type ContactChatBoxesAnswer = z.infer<typeof contactChatBoxesAnswer>;
