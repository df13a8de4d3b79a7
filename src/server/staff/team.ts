/**
 * Who answers in a chat box, as its contact is shown them beside the organisation's name: the assignee first, then
 * whoever wrote to this contact here (latest first), then staff who wrote to any contact in the last 30 days (latest
 * first), up to `teamSize`. Staff who never answer a contact (an owner who only manages) are not shown to contacts;
 * nor are members removed, or without a name yet. Notes do not count as writing.
 */
import { teamSize } from '../../lib/api/constants.ts';
import type { OrganizationUser, TeamHours } from '../../lib/api/sessions.ts';
import { officeState } from '../../lib/chat/officeHours.ts';
import type { Queryable } from '../db/database.ts';
import { recentSettings } from './settings.ts';

export function answeringStaff(db: Queryable, chatBoxId: string): Promise<OrganizationUser[]> {
  return db.query<OrganizationUser & Record<string, unknown>>(
    `with wrote_here as (
       select sender_id as uid, max(id) as latest from messages
        where chat_box_id = $1 and sender_kind = 'staff' and not internal
        group by sender_id
     )
     select u.uid, u.name, u.avatar_url as "avatarUrl"
       from organization_users u
       left join wrote_here on wrote_here.uid = u.uid
       left join chat_boxes c on c.id = $1 and c.assignee_id = u.id
       left join lateral (
         select m.created_at from messages m
          where m.sender_id = u.uid and m.sender_kind = 'staff' and not m.internal
          order by m.id desc limit 1
       ) anywhere on true
      where u.uid is not null and u.removed_at is null and u.name <> ''
        and (c.id is not null or wrote_here.uid is not null or anywhere.created_at > now() - interval '30 days')
      order by (c.id is not null) desc, wrote_here.latest desc nulls last, anywhere.created_at desc nulls last, u.id
      limit $2`,
    [chatBoxId, teamSize],
  );
}

/** Whether staff ever answered in this chat box (a note is no answer): the contact's page may hold only its last page. */
export async function answeredHere(db: Queryable, chatBoxId: string): Promise<boolean> {
  const [row] = await db.query<{ answered: boolean }>(
    `select exists (select 1 from messages where chat_box_id = $1 and sender_kind = 'staff' and not internal) as answered`,
    [chatBoxId],
  );
  return row?.answered === true;
}

/** Whether a contact who waits is e-mailed the reply: the server sends mail and they did not turn it off. */
export async function emailsReplies(db: Queryable, contactId: string): Promise<boolean> {
  const [row] = await db.query<{ off: boolean }>(`select missed_mail_off_at is not null as off from contacts where id = $1`, [contactId]);
  return row?.off === false;
}

const isoOrNull = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

/** The office hours as contacts are told them at `now` (null: none set, or turned off). */
export async function teamHours(db: Queryable, now: number): Promise<TeamHours | null> {
  const { officeHours } = await recentSettings(db);
  if (!officeHours?.enabled) return null;
  const { open, opensAt, closesAt } = officeState(officeHours, now);
  return { open, opensAt: isoOrNull(opensAt), closesAt: isoOrNull(closesAt), replyWithinMinutes: officeHours.replyWithinMinutes };
}
