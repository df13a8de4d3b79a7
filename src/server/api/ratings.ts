/**
 * POST /api/ratings/*: a rating from the e-mail's page (its token the permission; the page's form posts without
 * JavaScript and is sent back with `?done=1`), and the admins' report.
 */
import type { RateAnswer, RatingsReportAnswer } from '../../lib/api/ratings.ts';
import { isLang } from '../../lib/i18n/languages.ts';
import { rate } from '../chat/rate.ts';
import { ratingChatBox, ratingsReport } from '../chat/ratings.ts';
import { ApiError } from '../errors.ts';
import { isFormPost } from '../http/body.ts';
import { Reply } from '../http/requestAndAnswer.ts';
import { readRatingToken } from '../mail/ratingLinks.ts';
import { route } from './route.ts';

const page = (lang: string, fields: Record<string, string>) => `/${lang}/rate?${new URLSearchParams(fields)}`;
const linkInvalid = () => new ApiError(400, 'link_invalid', 'This rating link is incomplete or was changed.');

export const routes = [
  route({
    endpoint: 'ratingsRate',
    form: true,
    formRefused: ({ back, token }) => (isLang(back) ? page(back, { token: token ?? '', failed: '1' }) : undefined),
    caller: 'anyone',
    async handle({ services, request, body }): Promise<RateAnswer | Reply> {
      const ratingId = readRatingToken(services.keys.ratings, body.token);
      if (ratingId === undefined) throw linkInvalid();
      const chatBoxId = await ratingChatBox(services.db, ratingId);
      if (!chatBoxId) throw linkInvalid();
      const rating = await rate(services, chatBoxId, { ratingId, score: body.score, comment: body.comment });
      if (body.back && isFormPost(request)) return new Reply({ rating }, 303, { Location: page(body.back, { done: '1' }) });
      return { rating };
    },
  }),

  route({
    endpoint: 'ratingsReport',
    caller: 'admin',
    handle: async ({ services, body }): Promise<RatingsReportAnswer> => ratingsReport(services.replica, body.weeks),
  }),
];
