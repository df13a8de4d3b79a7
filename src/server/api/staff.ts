/** Staff routes: who the signed-in staff member is, and staff management (listing for all staff, changes for admins). */
import { type MeAnswer, type NotificationsAnswer, type StaffListAnswer, type StaffMemberAnswer } from '../../lib/api/staff.ts';
import type { OkAnswer } from '../../lib/api/chat.ts';
import { ApiError } from '../errors.ts';
import { addStaff, changeRole, listStaff, removeStaff } from '../staff/members.ts';
import { route } from './route.ts';

export const meRoute = route({
  endpoint: 'me',
  caller: 'staff',
  handle: async ({ caller }): Promise<MeAnswer> => ({ organizationUser: caller }),
});

export const notificationsRoute = route({
  endpoint: 'meNotifications',
  caller: 'staff',
  async handle({ services, body, caller }): Promise<NotificationsAnswer> {
    const [row] = await services.db.query<{ missed_mail: boolean }>(
      `update organization_users set lang = $2, missed_mail = coalesce($3, missed_mail)
       where uid = $1 and removed_at is null returning missed_mail`,
      [caller.uid, body.lang, body.missedMessageMail ?? null],
    );
    if (!row) throw new ApiError(403, 'not_staff', 'This account is not part of this organisation.');
    return { missedMessageMail: row.missed_mail };
  },
});

export const staffListRoute = route({
  endpoint: 'staffList',
  caller: 'staff',
  handle: async ({ services }): Promise<StaffListAnswer> => ({ staff: await listStaff(services.db) }),
});

export const staffAddRoute = route({
  endpoint: 'staffAdd',
  caller: 'admin',
  handle: async ({ services, body }): Promise<StaffMemberAnswer> => ({ member: await addStaff(services.db, body) }),
});

export const staffRoleRoute = route({
  endpoint: 'staffRole',
  caller: 'admin',
  handle: async ({ services, body }): Promise<StaffMemberAnswer> => ({ member: await changeRole(services.db, body.email, body.role) }),
});

export const staffRemoveRoute = route({
  endpoint: 'staffRemove',
  caller: 'admin',
  async handle({ services, body }): Promise<OkAnswer> {
    if (!(await removeStaff(services, body.email))) throw new ApiError(404, 'not_found', 'There is no staff member with that e-mail.');
    return { ok: true };
  },
});

export const staffRoutes = [meRoute, notificationsRoute, staffListRoute, staffAddRoute, staffRoleRoute, staffRemoveRoute];
