/**
 * Messages, read cursors and a chat box's status: each change is stored with its event in one transaction, then
 * published (events.ts, hub.ts). A message is stored before it is acknowledged; the sender's client id makes a
 * retried send return the first message instead of storing a second.
 */
import type { Assignee, ChatPriority, ChatStatus, ListMessagesAnswer, Message, Participant, ReadCursor } from '../../lib/api/chat.ts';
import type { MessageFile } from '../../lib/api/files.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import {
  appendEvent,
  contactSeesSql,
  lockChatBox,
  messageColumns,
  chatHistory,
  toMessage,
  type EventChange,
  type MessageRow,
  type StoredEvent,
} from './events.ts';
import type { ChatHub } from './hub.ts';
import { latestRating } from './ratings.ts';
import { tagsOf } from './tags.ts';

export interface ChatStore {
  db: Database;
  chat: ChatHub;
}

type Row = MessageRow & Record<string, unknown>;

/** storeMessages's SQL for a stored entry's chat box id and position, for an announcement in its statement. */
const storedColumns = { chatBoxId: `($1::jsonb -> s.i ->> 'chat_box_id')`, position: 's.position::text' };

/** Runs a change in a transaction that locks the chat box; its event (if any) is announced at commit and published after. */
export async function changeChatBox<T>(
  { db, chat }: ChatStore,
  chatBoxId: string,
  work: (tx: Queryable) => Promise<{ result: T; event?: EventChange }>,
): Promise<T> {
  const { result, event } = await db.transaction(async (tx) => {
    await lockChatBox(tx, chatBoxId);
    const done = await work(tx);
    if (!done.event) return { result: done.result, event: undefined };
    const stored = await appendEvent(tx, chatBoxId, done.event);
    await chat.announce(tx, stored);
    return { result: done.result, event: stored };
  });
  if (event) chat.publish(event);
  return result;
}

/** The text as search compares it, in every script: compatibility forms folded (NFKC), then lower case. */
export const searchable = (text: string) => text.normalize('NFKC').toLowerCase();

export interface NewMessage {
  sender: Participant;
  clientId: string;
  text: string;
  /** A staff-only note. */
  internal?: boolean | undefined;
  /** Its files, as stored (files/attach.ts checked them). */
  files?: MessageFile[] | undefined;
}

type StoredMessage = StoredEvent & { type: 'message'; status: ChatStatus };
type Outcome = { outcome: 'stored'; event: StoredMessage } | { outcome: 'duplicate' } | { outcome: 'missing' };
interface Entry {
  chatBoxId: string;
  message: NewMessage;
}

/**
 * Stores messages with their events in one call of `foyer_store_messages` (migration 5), in the order given. A
 * client id seen before in the chat box stores nothing for that entry ('duplicate'), as does an unknown chat box.
 * `announcement` (ChatHub.announceInStatement over `storedColumns`) makes the same statement announce each stored event.
 */
async function storeMessages(target: Queryable, entries: readonly Entry[], announcement?: string): Promise<Outcome[]> {
  const select = announcement
    ? `select s.*, case when s.outcome = 'stored' then ${announcement} end as announced from foyer_store_messages($1::jsonb) s`
    : 'select * from foyer_store_messages($1::jsonb)';
  const rows = await target.query<{
    i: number;
    id: number;
    created_at: Date;
    position: number;
    seq: number;
    status: ChatStatus;
    outcome: string;
  }>(select, [
    JSON.stringify(
      entries.map(({ chatBoxId, message: { sender, clientId, text, internal = false, files } }, i) => ({
        i,
        chat_box_id: chatBoxId,
        client_id: clientId,
        sender_kind: sender.kind,
        sender_id: sender.id,
        body: text,
        internal,
        search_text: searchable(text),
        files: files?.length ? files : null,
      })),
    ),
  ]);
  return rows
    .sort((x, y) => x.i - y.i)
    .map((row): Outcome => {
      if (row.outcome !== 'stored') return { outcome: row.outcome === 'duplicate' ? 'duplicate' : 'missing' };
      const { chatBoxId, message } = entries[row.i]!;
      const stored: Message = {
        id: row.id,
        chatBoxId,
        clientId: message.clientId,
        sender: message.sender,
        text: message.text,
        createdAt: row.created_at.toISOString(),
        ...(message.internal && { internal: true as const }),
        ...(message.files?.length && { files: message.files }),
      };
      return {
        outcome: 'stored',
        event: { type: 'message', chatBoxId, seq: row.seq, position: row.position, message: stored, status: row.status },
      };
    });
}

/** Stores a message and its event (no announcing: the caller's, or the demo's before anyone listens). */
export async function storeMessageEvent(target: Queryable, chatBoxId: string, message: NewMessage): Promise<StoredMessage> {
  const [result] = await storeMessages(target, [{ chatBoxId, message }]);
  if (result?.outcome !== 'stored') throw new ApiError(404, 'not_found', 'There is no such chat box.');
  return result.event;
}

/**
 * PGlite runs one query at a time. Sends that arrive while a call is storing wait and then go together in the next
 * call, so under load one call stores many (its cost is mostly per call, not per message). Should a call fail as a
 * whole, its entries are tried one by one, so one entry cannot fail the others.
 */
const batchMax = 100;
interface Waiting {
  entry: Entry;
  settle: (outcome: Promise<Outcome>) => void;
}
const queues = new WeakMap<Queryable, { waiting: Waiting[]; running: boolean }>();

function storeInTurn(db: Queryable, entry: Entry): Promise<Outcome> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], running: false }));
  const outcome = new Promise<Outcome>((resolve) => queue.waiting.push({ entry, settle: resolve }));
  if (!queue.running) {
    // Not at once: each request reaches this point in a turn of its own (after its token's check), and PGlite's call
    // blocks the thread while it runs, so a drain started here stored one message per call under any load. Started
    // after this turn's I/O, it takes every send that arrived meanwhile: 5–8 a call at 20 connections, and sends per
    // second went from 916–979 to 1,266–1,574 (bench), for next to no added latency (setImmediate, not a timer).
    queue.running = true;
    setImmediate(() => void drain(db, queue));
  }
  return outcome;
}

async function drain(db: Queryable, queue: { waiting: Waiting[]; running: boolean }): Promise<void> {
  queue.running = true;
  while (queue.waiting.length) {
    const batch = queue.waiting.splice(0, batchMax);
    try {
      const outcomes = await storeMessages(
        db,
        batch.map((waiting) => waiting.entry),
      );
      batch.forEach((waiting, i) => waiting.settle(Promise.resolve(outcomes[i]!)));
    } catch (error) {
      if (batch.length === 1) batch[0]!.settle(Promise.reject(error));
      else for (const waiting of batch) waiting.settle(storeMessages(db, [waiting.entry]).then(([outcome]) => outcome!));
    }
  }
  queue.running = false;
}

/**
 * Stores one message so that the other processes hear of it at commit. With PostgreSQL, in one statement: the row
 * that orders every chat box's events (chat_event_positions) stays locked from the store to the commit, and a begin,
 * the store, a notify and a commit would hold it over three round trips and queue concurrent sends behind it (20
 * connections on one process: 376–382 sends/s at p99 155–168 ms that way, 611–615 at 73–79 ms in one statement). A
 * carrier that cannot notify from a statement announces in a transaction; PGlite has no other processes.
 */
async function storeAndAnnounce({ db, chat }: ChatStore, entry: Entry): Promise<Outcome> {
  if (!db.notifications) return storeInTurn(db, entry);
  const announcement = chat.announceInStatement(storedColumns.chatBoxId, storedColumns.position);
  if (announcement) return (await storeMessages(db, [entry], announcement))[0]!;
  return db.transaction(async (tx) => {
    const [outcome] = await storeMessages(tx, [entry]);
    if (outcome?.outcome === 'stored') await chat.announce(tx, outcome.event);
    return outcome!;
  });
}

/**
 * Sends a message. A contact who writes into a resolved conversation reopens it (a status event after the
 * message); the status comes back from the same call, so an open chat box costs nothing more.
 */
export async function sendMessage(store: ChatStore, chatBoxId: string, message: NewMessage): Promise<Message> {
  const { db, chat } = store;
  const { sender, clientId } = message;
  const result = await storeAndAnnounce(store, { chatBoxId, message });
  if (result.outcome === 'missing') throw new ApiError(404, 'not_found', 'There is no such chat box.');
  if (result.outcome === 'duplicate') return firstMessage(db, chatBoxId, sender, clientId);
  const { status, ...stored } = result.event;
  chat.publish(stored);
  if (status === 'resolved' && sender.kind === 'contact') await setStatus(store, chatBoxId, 'open', null);
  return stored.message;
}

/** The message a client id already made: a retried send gets it back; another sender's client id is a conflict. */
async function firstMessage(db: Queryable, chatBoxId: string, sender: Participant, clientId: string): Promise<Message> {
  const [existing] = await db.query<Row>(`select ${messageColumns} from messages m where m.chat_box_id = $1 and m.client_id = $2`, [
    chatBoxId,
    clientId,
  ]);
  if (!existing) throw new ApiError(409, 'conflict', 'The message could not be stored. Please try again.');
  if (existing.sender_kind !== sender.kind || existing.sender_id !== sender.id) {
    throw new ApiError(409, 'conflict', 'That client id belongs to another sender’s message.');
  }
  return toMessage(existing);
}

/** Moves the reader's cursor to `messageId` if that is further on; answers where the cursor is. */
export function markRead(store: ChatStore, chatBoxId: string, reader: Participant, messageId: number): Promise<ReadCursor> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    // A contact is answered as if internal notes did not exist: a note's id is as unknown as any other.
    const [message] = await tx.query<{ contact_sees: number | null }>(
      `select ${contactSeesSql} as contact_sees from messages where chat_box_id = $1 and id = $2 and ($3 or not internal)`,
      [chatBoxId, messageId, reader.kind === 'staff'],
    );
    if (!message) throw new ApiError(404, 'not_found', 'There is no such message in this chat box.');
    const [moved] = await tx.query<{ message_id: number }>(
      `insert into read_cursors as c (chat_box_id, reader_kind, reader_id, message_id) values ($1, $2, $3, $4)
       on conflict (chat_box_id, reader_kind, reader_id) do update set message_id = excluded.message_id, updated_at = now()
       where c.message_id < excluded.message_id
       returning message_id`,
      [chatBoxId, reader.kind, reader.id, messageId],
    );
    if (moved) {
      const readCursor = { reader, messageId: moved.message_id };
      return { result: readCursor, event: { type: 'read', readCursor, contactSees: message.contact_sees } };
    }
    const [current] = await tx.query<{ message_id: number }>(
      `select message_id from read_cursors where chat_box_id = $1 and reader_kind = $2 and reader_id = $3`,
      [chatBoxId, reader.kind, reader.id],
    );
    return { result: { reader, messageId: current!.message_id } };
  });
}

/**
 * Sets the status; `by`: the staff member's uid, or null when the contact's message reopens it. `whenResolved` writes
 * what resolving causes (chat/transcript.ts) in the same transaction, so it happens exactly when the change does.
 */
export function setStatus(
  store: ChatStore,
  chatBoxId: string,
  status: ChatStatus,
  by: string | null,
  whenResolved?: (tx: Queryable) => Promise<{ askRating?: true }>,
): Promise<ChatStatus> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    // Resolving ends a snooze too: nothing is left to come back to.
    const [changed] = await tx.query(
      `update chat_boxes set status = $2, snoozed_until = case when $2 = 'resolved' then null else snoozed_until end
       where id = $1 and status <> $2 returning 1`,
      [chatBoxId, status],
    );
    const caused = changed && status === 'resolved' ? await whenResolved?.(tx) : undefined;
    return { result: status, ...(changed && { event: { type: 'status', status, by, ...caused } as const }) };
  });
}

/** The chat box's current event seq; 404 when it does not exist. */
export async function currentSeq(db: Queryable, chatBoxId: string): Promise<number> {
  const [row] = await db.query<{ event_seq: number }>(`select event_seq from chat_boxes where id = $1`, [chatBoxId]);
  if (!row) throw new ApiError(404, 'not_found', 'There is no such chat box.');
  return row.event_seq;
}

export interface PageRequest {
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

/** Who reads a chat box: staff see internal notes and the assignee; a contact neither. */
export type Viewer = Participant['kind'];

/** The staff member a chat box is assigned to, by the chat box (b) and its assignee (a) joined. */
export const assigneeColumns = `a.email as assignee_email, a.name as assignee_name, a.uid as assignee_uid`;
export interface AssigneeRow {
  assignee_email: string | null;
  assignee_name: string | null;
  assignee_uid: string | null;
}
export const toAssignee = (row: AssigneeRow): Assignee | null =>
  row.assignee_email === null ? null : { email: row.assignee_email, name: row.assignee_name ?? '', uid: row.assignee_uid };

/** One page of messages (oldest first) with the chat box, its read cursors and the seq to stream from. */
export async function listMessages(
  db: Queryable,
  chatBoxId: string,
  viewer: Viewer,
  { before, after, limit }: PageRequest,
): Promise<ListMessagesAnswer> {
  // The seq is read first: a message stored meanwhile is in the page and in the stream, and the client keeps one.
  const [box] = await db.query<
    {
      event_seq: number;
      status: ChatStatus;
      contact_id: string;
      contact_name: string;
      contact_lang: string;
      priority: ChatPriority | null;
      snoozed_until: Date | null;
    } & AssigneeRow &
      Row
  >(
    `select b.event_seq, b.status, c.id as contact_id, c.name as contact_name, c.lang as contact_lang, b.priority, b.snoozed_until, ${assigneeColumns}
     from chat_boxes b join contacts c on c.id = b.contact_id left join organization_users a on a.id = b.assignee_id
     where b.id = $1`,
    [chatBoxId],
  );
  if (!box) throw new ApiError(404, 'not_found', 'There is no such chat box.');
  const forward = after !== undefined;
  const notes = viewer === 'staff';
  const rows = await db.query<Row>(
    `select ${messageColumns} from messages m
     where m.chat_box_id = $1 and ($2::bigint is null or m.id < $2) and ($3::bigint is null or m.id > $3) and ($5 or not m.internal)
     order by m.id ${forward ? 'asc' : 'desc'} limit $4`,
    [chatBoxId, before ?? null, after ?? null, limit + 1, notes],
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const exists = async (sql: string, id: number | undefined) =>
    id !== undefined &&
    (
      await db.query(`select 1 from messages where chat_box_id = $1 and id ${sql} $2 and ($3 or not internal) limit 1`, [
        chatBoxId,
        id,
        notes,
      ])
    ).length > 0;
  // A contact sees a staff cursor at a note at the last message before it they can see (none: no cursor).
  const cursors = await db.query<{ reader_kind: Participant['kind']; reader_id: string; message_id: number }>(
    `select * from (
       select reader_kind, reader_id,
         case when $2 then message_id else (select max(v.id) from messages v
           where v.chat_box_id = $1 and v.id <= rc.message_id and not v.internal) end as message_id
       from read_cursors rc where chat_box_id = $1) c
     where message_id is not null order by reader_kind, reader_id`,
    [chatBoxId, notes],
  );
  const messages = page.map(toMessage);
  const hasOlder = forward ? await exists('<=', after) : more;
  const hasNewer = forward ? more : await exists('>=', before);
  return {
    chatBox: {
      id: chatBoxId,
      status: box.status,
      contact: { id: box.contact_id, name: box.contact_name, ...(notes && { lang: box.contact_lang }) },
      assignee: notes ? toAssignee(box) : null,
      ...(notes && {
        tags: await tagsOf(db, chatBoxId),
        priority: box.priority,
        snoozedUntil: box.snoozed_until?.toISOString() ?? null,
      }),
      rating: await latestRating(db, chatBoxId),
      seq: box.event_seq,
    },
    messages,
    activity: await chatHistory(
      db,
      chatBoxId,
      viewer,
      hasOlder ? messages[0]?.createdAt : undefined,
      hasNewer ? messages.at(-1)?.createdAt : undefined,
    ),
    hasOlder,
    hasNewer,
    readCursors: cursors.map((row) => ({ reader: { kind: row.reader_kind, id: row.reader_id }, messageId: row.message_id })),
  };
}

/** Assigns the chat box to the staff member with this e-mail (not removed), or to nobody; `by`: who did (uid). */
export function assign(store: ChatStore, chatBoxId: string, email: string | null, by: string): Promise<Assignee | null> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    let assignee: (Assignee & { id: number }) | null = null;
    if (email !== null) {
      const [user] = await tx.query<{ id: number; email: string; name: string; uid: string | null }>(
        `select id, email, name, uid from organization_users where lower(email) = lower($1) and removed_at is null`,
        [email],
      );
      if (!user) throw new ApiError(404, 'not_found', 'There is no staff member with that e-mail.');
      assignee = user;
    }
    const [changed] = await tx.query(
      `update chat_boxes set assignee_id = $2 where id = $1 and assignee_id is distinct from $2 returning 1`,
      [chatBoxId, assignee?.id ?? null],
    );
    const result = assignee && { email: assignee.email, name: assignee.name, uid: assignee.uid };
    return { result, ...(changed && { event: { type: 'assignment', assignee: result, by } as const }) };
  });
}
