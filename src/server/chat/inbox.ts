/** The staff inbox: chat boxes by latest activity, each with its last message and the reader's unread count. */
import type { ChatStatus } from '../../lib/api/chat.ts';
import type { InboxEntry } from '../../lib/api/inbox.ts';
import type { Queryable } from '../db/database.ts';
import { toMessage, type MessageRow } from './events.ts';

interface InboxRow extends Record<string, unknown> {
  box_id: string;
  status: ChatStatus;
  activity: Date;
  contact_id: string;
  contact_name: string;
  contact_email: string;
  unread: number;
  id: number | null;
  chat_box_id: string | null;
  client_id: string | null;
  sender_kind: MessageRow['sender_kind'] | null;
  sender_id: string | null;
  body: string | null;
  created_at: Date | null;
}

export async function listInbox(db: Queryable, readerUid: string, { status, limit }: { status?: ChatStatus | undefined; limit: number }) {
  const rows = await db.query<InboxRow>(
    `select b.id as box_id, b.status, coalesce(b.last_activity_at, b.created_at) as activity,
       c.id as contact_id, c.name as contact_name, c.email as contact_email,
       (select count(*) from messages u
         where u.chat_box_id = b.id and u.sender_kind = 'contact' and u.id > coalesce(rc.message_id, 0))::integer as unread,
       m.id, m.chat_box_id, m.client_id, m.sender_kind, m.sender_id, m.body, m.created_at
     from chat_boxes b
     join contacts c on c.id = b.contact_id
     left join read_cursors rc on rc.chat_box_id = b.id and rc.reader_kind = 'staff' and rc.reader_id = $1
     left join lateral (select * from messages l where l.chat_box_id = b.id order by l.id desc limit 1) m on true
     where $2::text is null or b.status = $2
     order by activity desc, b.id
     limit $3`,
    [readerUid, status ?? null, limit],
  );
  return rows.map((row): InboxEntry => ({
    id: row.box_id,
    status: row.status,
    contact: { id: row.contact_id, name: row.contact_name, email: row.contact_email },
    lastMessage: row.id === null ? null : toMessage(row as unknown as MessageRow),
    unread: row.unread,
    lastActivityAt: row.activity.toISOString(),
  }));
}
