/** Staff routes: who the signed-in staff member is, and staff management (listing for all staff, changes for admins). */
import {
  staffAddBody,
  staffRemoveBody,
  staffRoleBody,
  type MeAnswer,
  type StaffListAnswer,
  type StaffMemberAnswer,
} from '../../lib/api/staff.ts';
import type { OkAnswer } from '../../lib/api/chat.ts';
import { ApiError } from '../errors.ts';
import { addStaff, changeRole, listStaff, removeStaff } from '../staff/members.ts';
import { route } from './route.ts';

export const meRoute = route({
  method: 'GET',
  path: '/api/me',
  caller: 'staff',
  handle: async ({ caller }): Promise<MeAnswer> => ({ organizationUser: caller }),
});

export const staffListRoute = route({
  method: 'POST',
  path: '/api/staff/list',
  caller: 'staff',
  handle: async ({ services }): Promise<StaffListAnswer> => ({ staff: await listStaff(services.db) }),
});

export const staffAddRoute = route({
  method: 'POST',
  path: '/api/staff/add',
  body: staffAddBody,
  caller: 'admin',
  handle: async ({ services, body }): Promise<StaffMemberAnswer> => ({ member: await addStaff(services.db, body) }),
});

export const staffRoleRoute = route({
  method: 'POST',
  path: '/api/staff/role',
  body: staffRoleBody,
  caller: 'admin',
  handle: async ({ services, body }): Promise<StaffMemberAnswer> => ({ member: await changeRole(services.db, body.email, body.role) }),
});

export const staffRemoveRoute = route({
  method: 'POST',
  path: '/api/staff/remove',
  body: staffRemoveBody,
  caller: 'admin',
  async handle({ services, body }): Promise<OkAnswer> {
    if (!(await removeStaff(services.db, body.email))) throw new ApiError(404, 'not_found', 'There is no staff member with that e-mail.');
    return { ok: true };
  },
});

export const staffRoutes = [meRoute, staffListRoute, staffAddRoute, staffRoleRoute, staffRemoveRoute];
