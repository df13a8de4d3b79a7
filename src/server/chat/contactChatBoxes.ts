/** A contact's own list: the chat boxes their session covers, each with its last message and their unread count. */
import type { ChatStatus, ContactChatBox } from '../../lib/api/chat.ts';
import type { Queryable } from '../db/database.ts';
import { messageColumns, toMessage, type MessageRow } from './events.ts';

interface Row extends MessageRow, Record<string, unknown> {
  box_id: string;
  status: ChatStatus;
  activity: Date;
  unread: number;
}

/** `chatBoxId` null: every chat box of the contact (a page session); else that one. Internal notes never count. */
export async function listContactChatBoxes(db: Queryable, contactId: string, chatBoxId: string | null): Promise<ContactChatBox[]> {
  const rows = await db.query<Row>(
    `select b.id as box_id, b.status, coalesce(b.last_activity_at, b.created_at) as activity,
       (select count(*) from messages u
         where u.chat_box_id = b.id and u.sender_kind = 'staff' and not u.internal and u.id > coalesce(rc.message_id, 0))::integer as unread,
       ${messageColumns}
     from chat_boxes b
     left join read_cursors rc on rc.chat_box_id = b.id and rc.reader_kind = 'contact' and rc.reader_id = $1
     left join lateral (select * from messages l where l.chat_box_id = b.id and not l.internal order by l.id desc limit 1) m on true
     where b.contact_id = $1 and ($2::text is null or b.id = $2)
     order by activity desc, b.id`,
    [contactId, chatBoxId],
  );
  return rows.map((row) => ({
    id: row.box_id,
    status: row.status,
    lastMessage: row.id === null ? null : toMessage(row),
    unread: row.unread,
    lastActivityAt: row.activity.toISOString(),
  }));
}
