/**
 * GET/POST /api/me/*: who the signed-in staff member is, and their own settings (language, missed-message e-mail,
 * alerts for new messages).
 */
import type { AlertsAnswer, MeAnswer, NotificationsAnswer } from '../../lib/api/staff.ts';
import { alertsOf } from '../staff/alerts.ts';
import { ApiError } from '../errors.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'me',
    caller: 'staff',
    handle: async ({ caller }): Promise<MeAnswer> => ({ organizationUser: caller }),
  }),

  route({
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
  }),

  route({
    endpoint: 'meAlerts',
    caller: 'staff',
    handle: ({ services, body, caller }): Promise<AlertsAnswer> => alertsOf(services.db, caller.uid, body.sound),
  }),
];
