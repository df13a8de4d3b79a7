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
    async handle({ services, body, caller }): Promise<StaffMemberAnswer> {
      const { mail, config } = services;
      const { lang, ...member } = body;
      // Told by e-mail, in the language the admin chose (the staff page's), when the server sends e-mail.
      const welcome = mail && { mail, siteUrl: config.SITE_URL, lang: lang ?? 'en', inviter: caller.name || caller.email };
      const added = await addStaff(services.db, member, welcome ?? undefined);
      if (welcome) mail.poke();
      return { member: added };
    },
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
