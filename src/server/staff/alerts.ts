/**
 * A staff member's alerts for new messages (the workspace's notifications, flows/staff/alerts.ts): whether a sound
 * plays, and the conversations they muted. Theirs alone, kept on the server so every browser they use agrees.
 */
import type { AlertsAnswer } from '../../lib/api/staff.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';

const notStaff = () => new ApiError(403, 'not_staff', 'This account is not part of this organisation.');

/** Reads (and with `sound`, sets) the staff member's alerts. */
export async function alertsOf(db: Queryable, uid: string, sound?: boolean): Promise<AlertsAnswer> {
  const [row] = await db.query<{ alert_sound: boolean; muted: string[] | null }>(
    `update organization_users u set alert_sound = coalesce($2, alert_sound)
     where uid = $1 and removed_at is null
     returning alert_sound, (select array_agg(m.chat_box_id order by m.chat_box_id) from staff_mutes m where m.staff_id = u.id) as muted`,
    [uid, sound ?? null],
  );
  if (!row) throw notStaff();
  return { sound: row.alert_sound, muted: row.muted ?? [] };
}

/** Mutes (or unmutes) a conversation for the staff member; 404 when it does not exist. */
export async function mute(db: Queryable, uid: string, chatBoxId: string, muted: boolean): Promise<boolean> {
  const [box] = await db.query(`select 1 from chat_boxes where id = $1`, [chatBoxId]);
  if (!box) throw new ApiError(404, 'not_found', 'There is no such chat box.');
  const [staff] = await db.query<{ id: number }>(`select id from organization_users where uid = $1 and removed_at is null`, [uid]);
  if (!staff) throw notStaff();
  await db.query(
    muted
      ? `insert into staff_mutes (staff_id, chat_box_id) values ($1, $2) on conflict do nothing`
      : `delete from staff_mutes where staff_id = $1 and chat_box_id = $2`,
    [staff.id, chatBoxId],
  );
  return muted;
}
