/**
 * The staff inbox: chat boxes by latest activity, each with its last message, the reader's unread count, status and
 * assignee; filtered by status and assignment, or by a text search over messages (newest match first).
 *
 * Search compares `messages.search_text` (NFKC, lower-cased in JavaScript: every script folds the same way) with a
 * substring: Chinese, Japanese and Thai have no spaces between words, so any substring must match, which word-based
 * full-text search cannot do. An index of each message's pairs of adjacent characters (migration 9) finds the
 * messages that may match a text of two characters or more; LIKE confirms. A one-character search reads every
 * message's text (about 100,000 in some 30 ms; see the bench).
 */
import type { ChatPriority, ChatStatus, Tag } from '../../lib/api/chat.ts';
import type { InboxEntry, InboxListBody, InboxSort } from '../../lib/api/inbox.ts';
import { likeSubstring } from '../db/like.ts';
import type { Queryable } from '../db/database.ts';
import { messageColumns, toMessage, type MessageRow } from './events.ts';
import { assigneeColumns, searchable, toAssignee, type AssigneeRow } from './messages.ts';

interface InboxRow extends MessageRow, AssigneeRow, Record<string, unknown> {
  box_id: string;
  status: ChatStatus;
  activity: Date;
  contact_wrote_at: Date | null;
  box_waiting: boolean;
  priority: ChatPriority | null;
  snoozed_until: Date | null;
  tags: Tag[];
  contact_id: string;
  contact_name: string;
  contact_email: string;
  last_sender_name: string | null;
  unread: number;
  /** The last message's columns are null when there is none; the match's are prefixed `h_`. */
  h_id: number | null;
}

/** The pairs index (migration 9) needs two characters; a shorter text reads every message. */
const usesPairs = (text: string) => [...text].length >= 2;

/**
 * Waiting for us: open and not snoozed, and the last message (notes aside) is the contact's (migration 13 keeps
 * `waiting`; a snooze whose time came is cleared by chat/triage.ts's scan, with its event).
 */
const waitingSql = (b: string) => `(${b}.waiting and ${b}.status = 'open' and ${b}.snoozed_until is null)`;
const snoozedSql = `coalesce(b.snoozed_until > now(), false)`;

/**
 * The status ($2: open and not snoozed, snoozed, resolved), assignment ($3: me, the reader $1, or nobody) and tag
 * ($5) filters, and "waiting for us" (a constant part of the text, never a value from the request), over chat
 * boxes b and assignees a.
 */
const filtersSql = (waiting: boolean | undefined) => `($2::text is null
    or ($2 = 'resolved' and b.status = 'resolved')
    or ($2 = 'open' and b.status = 'open' and not ${snoozedSql})
    or ($2 = 'snoozed' and b.status = 'open' and ${snoozedSql}))
  and ($3::text is null or ($3 = 'me' and a.uid = $1) or ($3 = 'nobody' and b.assignee_id is null))
  and ($5::bigint is null or exists (select 1 from chat_box_tags ct where ct.chat_box_id = b.id and ct.tag_id = $5))${
    waiting ? ` and ${waitingSql('b')}` : ''
  }`;

const activitySql = 'coalesce(b.last_activity_at, b.created_at)';

/** A page's order (without a search), and the same over the page's own columns for the final order. */
const orders: Record<InboxSort, { page: string; rows: string }> = {
  newest: { page: `${activitySql} desc, b.id`, rows: 'details.page_activity desc, details.box_id' },
  oldest: { page: `${activitySql} asc, b.id desc`, rows: 'details.page_activity asc, details.box_id desc' },
  waitingLongest: {
    page: `${waitingSql('b')} desc, case when ${waitingSql('b')} then b.contact_wrote_at end asc nulls last, ${activitySql} desc, b.id`,
    rows: 'details.box_waiting desc, case when details.box_waiting then details.contact_wrote_at end asc nulls last, details.page_activity desc, details.box_id',
  },
};

/** How many conversations wait for us, whatever the filters. */
export async function countWaiting(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>(`select count(*)::integer as count from chat_boxes b where ${waitingSql('b')}`);
  return row?.count ?? 0;
}

const prefixed = (columns: string, prefix: string) =>
  columns
    .split(',')
    .map((column) => `${column.trim().replace(/^m\./, 'h.')} as ${prefix}${column.trim().slice(2)}`)
    .join(', ');

/**
 * A search first groups only the newest matches, this many per inbox row asked for: for a common word they hold
 * the page's chat boxes, and the scan stops early. When they are all used up and the page is still short (the
 * matches crowd into few chat boxes, or the filters drop them), it runs again over every match.
 */
const newestMatchesPerRow = 40;

export async function listInbox(db: Queryable, readerUid: string, body: InboxListBody): Promise<InboxEntry[]> {
  if (body.query === undefined) return (await readInbox(db, readerUid, body, undefined)).entries;
  const cap = body.limit * newestMatchesPerRow;
  const first = await readInbox(db, readerUid, body, cap);
  if (first.entries.length === body.limit || first.matched < cap) return first.entries;
  return (await readInbox(db, readerUid, body, null)).entries;
}

/** One page of the inbox; with a search, `cap` bounds the matches grouped (null: all), and `matched` counts them. */
async function readInbox(
  db: Queryable,
  readerUid: string,
  { status, assigned, tag, waiting, sort = 'newest', query, limit }: InboxListBody,
  cap: number | null | undefined,
): Promise<{ entries: InboxEntry[]; matched: number }> {
  const search = query !== undefined;
  const text = search ? searchable(query) : '';
  const filters = filtersSql(waiting);
  const order = orders[sort];
  const pairs = search && usesPairs(text);
  // The page's chat boxes are chosen first (an index gives them in activity order; a search's hits are grouped by
  // chat box), and only those 50 or so get their last message, unread count and assignee.
  const rows = await db.query<InboxRow & { matched: number }>(
    `with ${
      search
        ? `matches as (
             select chat_box_id, id from messages
             where search_text like $6 escape '\\'${pairs ? ' and foyer_bigrams(search_text) @> foyer_bigrams($8)' : ''}
             order by id desc limit $7
           ),
           hits as (select chat_box_id, max(id) as id from matches group by chat_box_id),
           page as (
             select b.id, hits.id as hit, null::timestamptz as activity from hits join chat_boxes b on b.id = hits.chat_box_id
             left join organization_users a on a.id = b.assignee_id
             where ${filters}
             order by hits.id desc limit $4
           ),
           counted as (select count(*)::integer as matched from matches)`
        : `page as (
             select b.id, null::bigint as hit, ${activitySql} as activity from chat_boxes b
             left join organization_users a on a.id = b.assignee_id
             where ${filters}
             order by ${order.page} limit $4
           ),
           counted as (select 0 as matched)`
    }
     select counted.matched, details.* from counted left join (
       select page.hit as page_hit, page.activity as page_activity,
         b.id as box_id, b.status, coalesce(b.last_activity_at, b.created_at) as activity,
         b.contact_wrote_at, ${waitingSql('b')} as box_waiting, b.priority, b.snoozed_until,
         (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id), '[]'::json)
           from chat_box_tags ct join tags t on t.id = ct.tag_id where ct.chat_box_id = b.id) as tags,
         c.id as contact_id, c.name as contact_name, c.email as contact_email, ${assigneeColumns},
         (select count(*) from messages u
           where u.chat_box_id = b.id and u.sender_kind = 'contact' and u.id > coalesce(rc.message_id, 0))::integer as unread,
         ${messageColumns}${search ? `, ${prefixed(messageColumns, 'h_')}` : ', null as h_id'},
         (select coalesce(nullif(s.name, ''), s.email) from organization_users s
           where m.sender_kind = 'staff' and s.uid = m.sender_id) as last_sender_name
       from page join chat_boxes b on b.id = page.id
       ${search ? 'join messages h on h.id = page.hit' : ''}
       join contacts c on c.id = b.contact_id
       left join organization_users a on a.id = b.assignee_id
       left join read_cursors rc on rc.chat_box_id = b.id and rc.reader_kind = 'staff' and rc.reader_id = $1
       left join lateral (select * from messages l where l.chat_box_id = b.id order by l.id desc limit 1) m on true
     ) details on true
     order by ${search ? 'details.page_hit desc' : order.rows}`,
    [
      readerUid,
      status ?? null,
      assigned ?? null,
      limit,
      tag ?? null,
      ...(search ? [likeSubstring(text), cap ?? null] : []),
      ...(pairs ? [text] : []),
    ],
  );
  const entries = rows.filter((row) => row.box_id !== null);
  return { matched: rows[0]?.matched ?? 0, entries: entries.map(toEntry) };
}

function toEntry(row: InboxRow): InboxEntry {
  return {
    id: row.box_id,
    status: row.status,
    contact: { id: row.contact_id, name: row.contact_name, email: row.contact_email },
    lastMessage: row.id === null ? null : toMessage(row),
    lastSenderName: row.last_sender_name,
    unread: row.unread,
    lastActivityAt: row.activity.toISOString(),
    contactWroteAt: row.contact_wrote_at?.toISOString() ?? null,
    waiting: row.box_waiting,
    assignee: toAssignee(row),
    tags: row.tags,
    priority: row.priority,
    snoozedUntil: row.snoozed_until?.toISOString() ?? null,
    match: row.h_id === null ? null : toMessage(unprefixed(row)),
  };
}

function unprefixed(row: InboxRow): MessageRow {
  const message: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith('h_')) message[key.slice(2)] = value;
  return message as unknown as MessageRow;
}
