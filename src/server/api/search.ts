/** POST /api/search/*: a help-centre search that found nothing useful, counted (per language and day; nothing about who). */
import { isbot } from 'isbot';
import type { SearchMissAnswer } from '../../lib/api/helpCentre.ts';
import { countSearchMiss, feedbackLimits } from '../helpCentre/feedback.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'searchMiss',
    caller: 'anyone',
    async handle({ services, request, body }): Promise<SearchMissAnswer> {
      await countTowardsLimit(services.db, `searchMiss:${rateLimitGroup(request.clientAddress)}`, feedbackLimits.misses);
      if (isbot(request.header('user-agent'))) return { counted: false };
      return { counted: await countSearchMiss(services.db, body.lang, body.query, body.kind) };
    },
  }),
];
