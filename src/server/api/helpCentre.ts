/** POST /api/helpCentre/*: the staff's report of readers' feedback, and an admin clearing a comment from it. */
import type { OkAnswer } from '../../lib/api/chat.ts';
import type { HelpCentreReport } from '../../lib/api/helpCentre.ts';
import { ApiError } from '../errors.ts';
import { clearComment, helpCentreReport } from '../helpCentre/feedback.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'helpCentreReport',
    caller: 'staff',
    handle: async ({ services, body }): Promise<HelpCentreReport> =>
      helpCentreReport(services.replica, await services.articles(), body.lang, body.days),
  }),

  route({
    endpoint: 'helpCentreClearComment',
    caller: 'admin',
    async handle({ services, body }): Promise<OkAnswer> {
      if (!(await clearComment(services.db, body.id))) throw new ApiError(404, 'not_found', 'There is no such comment.');
      return { ok: true };
    },
  }),
];
