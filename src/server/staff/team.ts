/**
 * Who answers in a chat box, as its contact is shown them beside the organisation's name: the assignee first, then
 * whoever wrote to this contact here (latest first), then other staff in the order they joined, up to `teamSize`.
 * Only staff who signed in once (they have a name and picture) and are still members; notes do not count as writing.
 */
import { teamSize } from '../../lib/api/constants.ts';
import type { OrganizationUser } from '../../lib/api/sessions.ts';
import type { Queryable } from '../db/database.ts';

export function answeringStaff(db: Queryable, chatBoxId: string): Promise<OrganizationUser[]> {
  return db.query<OrganizationUser & Record<string, unknown>>(
    `with wrote as (
       select sender_id as uid, max(id) as latest from messages
        where chat_box_id = $1 and sender_kind = 'staff' and not internal
        group by sender_id
     )
     select u.uid, u.name, u.avatar_url as "avatarUrl"
       from organization_users u
       left join wrote on wrote.uid = u.uid
       left join chat_boxes c on c.id = $1 and c.assignee_id = u.id
      where u.uid is not null and u.removed_at is null
      order by (c.id is not null) desc, wrote.latest desc nulls last, u.id
      limit $2`,
    [chatBoxId, teamSize],
  );
}
