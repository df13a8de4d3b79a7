/** POST /api/staff/*: the organisation's staff, listed for every staff member, changed by admins. */
import type { OkAnswer } from '../../lib/api/chat.ts';
import type { StaffListAnswer, StaffMemberAnswer } from '../../lib/api/staff.ts';
import { ApiError } from '../errors.ts';
import { addStaff, changeRole, listStaff, removeStaff } from '../staff/members.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'staffList',
    caller: 'staff',
    handle: async ({ services }): Promise<StaffListAnswer> => ({ staff: await listStaff(services.db) }),
  }),

  route({
    endpoint: 'staffAdd',
    caller: 'admin',
    handle: async ({ services, body }): Promise<StaffMemberAnswer> => ({ member: await addStaff(services.db, body) }),
  }),

  route({
    endpoint: 'staffRole',
    caller: 'admin',
    handle: async ({ services, body }): Promise<StaffMemberAnswer> => ({ member: await changeRole(services.db, body.email, body.role) }),
  }),

  route({
    endpoint: 'staffRemove',
    caller: 'admin',
    async handle({ services, body }): Promise<OkAnswer> {
      if (!(await removeStaff(services, body.email))) throw new ApiError(404, 'not_found', 'There is no staff member with that e-mail.');
      return { ok: true };
    },
  }),
];
