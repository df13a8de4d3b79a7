/**
 * A chat box's events: every change (a message, a read cursor moved, the status) is stored with the chat box's
 * next `seq` and the next global `position`, in the same transaction as the change. Both are taken under row
 * locks held until commit, so they are given in commit order without gaps: a reader that saw N and asks for
 * everything after N misses nothing.
 */
import type {
  Assignee,
  ChatEvent,
  ChatPriority,
  ChatStatus,
  Message,
  Participant,
  ReadCursor,
  HistoryLine,
  ReadArticle,
  Tag,
} from '../../lib/api/chat.ts';
import { contactHistoryTypes } from '../../lib/api/constants.ts';
import type { MessageFile } from '../../lib/api/files.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';

/** Columns of a message as the API shows it (messages m). */
export const messageColumns = `m.id, m.chat_box_id, m.client_id, m.sender_kind, m.sender_id, m.body, m.created_at, m.internal, m.files`;

export interface MessageRow {
  id: number;
  chat_box_id: string;
  client_id: string;
  sender_kind: Participant['kind'];
  sender_id: string;
  body: string;
  created_at: Date;
  internal: boolean;
  files: MessageFile[] | null;
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    chatBoxId: row.chat_box_id,
    clientId: row.client_id,
    sender: { kind: row.sender_kind, id: row.sender_id },
    text: row.body,
    createdAt: row.created_at.toISOString(),
    ...(row.internal && { internal: true as const }),
    ...(row.files && { files: row.files }),
  };
}

/**
 * An event as stored: with its global position (the inbox stream's counter), and for a read cursor the last message
 * at or before it that a contact can see (`contactSees`, null when none): staff read internal notes too.
 */
export type StoredEvent = ChatEvent & { position: number; contactSees?: number | null };

/** What an event says, before it has a place in the sequence. */
export type EventChange =
  | { type: 'message'; message: Message }
  | { type: 'read'; readCursor: ReadCursor; contactSees: number | null }
  | { type: 'status'; status: ChatStatus; by: string | null; askRating?: true }
  | { type: 'assignment'; assignee: Assignee | null; by: string | null }
  | { type: 'snooze'; until: string | null; by: string | null }
  | { type: 'tags'; tags: Tag[]; added: string[]; removed: string[]; by: string | null }
  | { type: 'priority'; priority: ChatPriority | null; by: string | null }
  | { type: 'rating'; score: number; comment: string | null; by: null }
  | { type: 'away'; opensAt: string | null; by: null }
  | { type: 'articles'; articles: ReadArticle[]; by: null };

/** The changes staff's history shows, with when they happened (ISO 8601). */
const carriesTime = (type: ChatEvent['type']) => type !== 'message' && type !== 'read' && type !== 'opened';
/** Staff's alone: a contact's stream and pages never carry them. */
const staffOnly = (type: ChatEvent['type']) => ['assignment', 'opened', 'snooze', 'tags', 'priority', 'articles'].includes(type);

/**
 * The event as a contact sees it, or undefined: never an internal note, nor who the chat box is assigned to, and a
 * staff read cursor at a note as at the last message before it the contact can see, as if notes did not exist.
 */
export function contactView(event: StoredEvent): ChatEvent | undefined {
  const { position: _, contactSees, ...shown } = event;
  if (shown.type === 'message') return shown.message.internal ? undefined : shown;
  if (staffOnly(shown.type)) return undefined;
  // Which staff member changed the status is for staff.
  if (shown.type === 'status') {
    const { by: _by, ...status } = shown;
    return status;
  }
  if (shown.type === 'read' && contactSees !== undefined && contactSees !== shown.readCursor.messageId) {
    return contactSees === null ? undefined : { ...shown, readCursor: { ...shown.readCursor, messageId: contactSees } };
  }
  return shown;
}

/** The event as staff see it: all of it, without what is kept for contacts. */
export function staffView({ contactSees: _, ...event }: StoredEvent): ChatEvent & { position: number } {
  return event;
}

/** The last message at or before `messageId` that a contact can see (not an internal note); null when none. */
export const contactSeesSql = `(select max(v.id) from messages v where v.chat_box_id = $1 and v.id <= $2 and not v.internal)`;

/**
 * Locks the chat box for this transaction; 404 when it does not exist. Call first in the
 * transaction, so writers of one chat box queue here rather than deadlock later.
 */
export async function lockChatBox(tx: Queryable, chatBoxId: string): Promise<void> {
  const [row] = await tx.query(`select 1 from chat_boxes where id = $1 for update`, [chatBoxId]);
  if (!row) throw new ApiError(404, 'not_found', 'There is no such chat box.');
}

/** Stores an event for a change made in this transaction (after lockChatBox). */
export async function appendEvent(tx: Queryable, chatBoxId: string, change: EventChange): Promise<StoredEvent> {
  const [box] = await tx.query<{ event_seq: number }>(
    `update chat_boxes set event_seq = event_seq + 1, last_activity_at = case when $2 then now() else last_activity_at end
     where id = $1 returning event_seq`,
    // A contact's rating is no new activity: a resolved conversation does not rise to the top of the list for it;
    // an automatic answer is none either (the contact's message before it was).
    [chatBoxId, change.type !== 'rating' && change.type !== 'away' && change.type !== 'articles'],
  );
  const [counter] = await tx.query<{ last: number }>(`update chat_event_positions set last = last + 1 returning last`);
  const seq = box!.event_seq;
  const position = counter!.last;
  const messageId = change.type === 'message' ? change.message.id : null;
  const { type: _, ...data } = change.type === 'message' ? { type: 'message' } : change;
  const [row] = await tx.query<{ created_at: Date }>(
    `insert into chat_events (position, chat_box_id, seq, type, message_id, data) values ($1, $2, $3, $4, $5, $6) returning created_at`,
    [position, chatBoxId, seq, change.type, messageId, change.type === 'message' ? null : JSON.stringify(data)],
  );
  return { ...change, chatBoxId, seq, position, ...(carriesTime(change.type) && { at: row!.created_at.toISOString() }) } as StoredEvent;
}

/**
 * A new chat box's event, at seq 0: before any of its own (those number from 1, so no chat box stream replays it),
 * with a place in the global order, so staff lists hear of the new chat box at once.
 */
export async function appendOpened(tx: Queryable, chatBoxId: string): Promise<StoredEvent> {
  const [counter] = await tx.query<{ last: number }>(`update chat_event_positions set last = last + 1 returning last`);
  const position = counter!.last;
  await tx.query(`insert into chat_events (position, chat_box_id, seq, type) values ($1, $2, 0, 'opened')`, [position, chatBoxId]);
  return { type: 'opened', chatBoxId, seq: 0, position };
}

interface EventRow extends MessageRow {
  position: number;
  seq: number;
  type: ChatEvent['type'];
  event_chat_box_id: string;
  event_at: Date;
  data: {
    readCursor?: ReadCursor;
    contactSees?: number | null;
    status?: ChatStatus;
    assignee?: Assignee | null;
    by?: string | null;
    until?: string | null;
    tags?: Tag[];
    added?: string[];
    removed?: string[];
    priority?: ChatPriority | null;
    askRating?: true;
    score?: number;
    comment?: string | null;
    opensAt?: string | null;
    articles?: ReadArticle[];
  } | null;
}

function toEvent(row: EventRow): StoredEvent {
  const base = { chatBoxId: row.event_chat_box_id, seq: row.seq, position: row.position };
  switch (row.type) {
    case 'message':
      return { type: 'message', ...base, message: toMessage(row) };
    case 'read':
      return {
        type: 'read',
        ...base,
        readCursor: row.data!.readCursor!,
        ...(row.data!.contactSees !== undefined && { contactSees: row.data!.contactSees }),
      };
    case 'status':
      return { type: 'status', ...staffActionBase(row), status: row.data!.status!, ...(row.data!.askRating && { askRating: true }) };
    case 'assignment':
      return { type: 'assignment', ...staffActionBase(row), assignee: row.data!.assignee ?? null };
    case 'opened':
      return { type: 'opened', ...base };
    case 'snooze':
      return { type: 'snooze', ...staffActionBase(row), until: row.data!.until ?? null };
    case 'tags':
      return {
        type: 'tags',
        ...staffActionBase(row),
        tags: row.data!.tags ?? [],
        added: row.data!.added ?? [],
        removed: row.data!.removed ?? [],
      };
    case 'priority':
      return { type: 'priority', ...staffActionBase(row), priority: row.data!.priority ?? null };
    case 'rating':
      return { type: 'rating', ...staffActionBase(row), by: null, score: row.data!.score!, comment: row.data!.comment ?? null };
    case 'away':
      return { type: 'away', ...staffActionBase(row), by: null, opensAt: row.data!.opensAt ?? null };
    case 'articles':
      return { type: 'articles', ...staffActionBase(row), by: null, articles: row.data!.articles ?? [] };
  }
}

/** The fields of an event that records what staff did: the common ones, when, and by whom (null: the contact's
 * message or the server, as when a snooze ends by itself). */
const staffActionBase = (row: EventRow) => ({
  chatBoxId: row.event_chat_box_id,
  seq: row.seq,
  position: row.position,
  at: row.event_at.toISOString(),
  by: row.data?.by ?? null,
});

const eventSelect = `select e.position, e.seq, e.type, e.chat_box_id as event_chat_box_id, e.created_at as event_at, e.data, ${messageColumns}
  from chat_events e left join messages m on m.id = e.message_id`;

/** The history lines each side sees: staff all of it, a contact only the automatic answers they were given. */
const historyTypes = {
  staff: ['status', 'assignment', 'snooze', 'tags', 'priority', 'rating', 'away', 'articles'],
  contact: contactHistoryTypes,
} satisfies Record<Participant['kind'], readonly string[]>;

/**
 * What happened in a chat box between two times (either end open), by seq, as the viewer's history lists it: for
 * staff its status, assignment, snooze, tags, priority, rating and away events.
 */
export async function chatHistory(
  db: Queryable,
  chatBoxId: string,
  viewer: Participant['kind'],
  from: string | undefined,
  to: string | undefined,
): Promise<HistoryLine[]> {
  const rows = await db.query<EventRow & Record<string, unknown>>(
    `${eventSelect} where e.chat_box_id = $1 and e.type = any($4::text[])
       and ($2::timestamptz is null or e.created_at >= $2) and ($3::timestamptz is null or e.created_at <= $3)
     order by e.seq`,
    [chatBoxId, from ?? null, to ?? null, historyTypes[viewer]],
  );
  return rows.map(toEvent).map(toActivity);
}

/** A status, assignment, snooze, tags, priority, rating or away event as a line of the history. */
export function toActivity(event: StoredEvent): HistoryLine {
  if (event.type === 'message' || event.type === 'read' || event.type === 'opened') throw new Error(`not an activity: ${event.type}`);
  const common = { seq: event.seq, at: event.at!, by: event.by ?? null };
  switch (event.type) {
    case 'status':
      return { type: 'status', ...common, status: event.status };
    case 'assignment':
      return { type: 'assignment', ...common, assignee: event.assignee };
    case 'snooze':
      return { type: 'snooze', ...common, until: event.until };
    case 'tags':
      return { type: 'tags', ...common, added: event.added, removed: event.removed };
    case 'priority':
      return { type: 'priority', ...common, priority: event.priority };
    case 'rating':
      return { type: 'rating', ...common, by: null, score: event.score, comment: event.comment };
    case 'away':
      return { type: 'away', ...common, by: null, opensAt: event.opensAt };
    case 'articles':
      return { type: 'articles', ...common, by: null, articles: event.articles };
  }
}

/** Events of one chat box after `seq`, oldest first. */
export async function eventsAfter(db: Queryable, chatBoxId: string, seq: number, limit = 500): Promise<StoredEvent[]> {
  const rows = await db.query<EventRow & Record<string, unknown>>(
    `${eventSelect} where e.chat_box_id = $1 and e.seq > $2 order by e.seq limit $3`,
    [chatBoxId, seq, limit],
  );
  return rows.map(toEvent);
}

/** Events of every chat box after a global position, oldest first (the staff inbox stream). */
export async function eventsAfterPosition(db: Queryable, position: number, limit = 500): Promise<StoredEvent[]> {
  const rows = await db.query<EventRow & Record<string, unknown>>(`${eventSelect} where e.position > $1 order by e.position limit $2`, [
    position,
    limit,
  ]);
  return rows.map(toEvent);
}

/** The last position given, for a new inbox stream to start from. */
export async function lastPosition(db: Queryable): Promise<number> {
  const [row] = await db.query<{ last: number }>(`select last from chat_event_positions`);
  return row?.last ?? 0;
}
