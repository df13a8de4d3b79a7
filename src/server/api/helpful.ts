/**
 * POST /api/helpful and /api/helpful/comment: "was this helpful?" and the comment after "No", as JSON from the
 * article's script or as a plain form post that comes back to the article. Votes from bots are answered like any
 * other and not stored.
 */
import { randomUUID } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { isbot } from 'isbot';
import type { HelpfulAnswer } from '../../lib/api/helpCentre.ts';
import { isLang, type Lang } from '../../lib/i18n/languages.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError } from '../errors.ts';
import { feedbackLimits, recordComment, recordVote, type Vote } from '../helpCentre/feedback.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import type { Services } from '../services.ts';
import { isFormPost } from '../http/body.ts';
import { Reply, type ApiRequest } from '../http/requestAndAnswer.ts';
import { route } from './route.ts';

/** The browser's voter id: a random one kept a day, only ever sent to the vote routes. */
const voterCookie = 'foyer-voter';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function voterOf(services: Services, request: ApiRequest): { voter: string; setCookie: Record<string, string> } {
  const known = parseCookie(request.header('cookie') ?? '')[voterCookie];
  if (known && uuid.test(known)) return { voter: known, setCookie: {} };
  const voter = randomUUID();
  const cookie = stringifySetCookie({
    name: voterCookie,
    value: voter,
    path: '/api/helpful',
    maxAge: 86_400,
    httpOnly: true,
    sameSite: 'lax',
    secure: services.config.SITE_URL.startsWith('https:'),
  });
  return { voter, setCookie: { 'Set-Cookie': cookie } };
}

/**
 * Checks the article exists and counts the call against the client's limit, then stores (unless a bot asked). A
 * form post comes back to the article at the part that says what happened (`#helpful-…`, shown by :target).
 */
async function feedback(
  services: Services,
  request: ApiRequest,
  { lang, article }: { lang: Lang; article: string },
  store: (vote: Vote) => Promise<void>,
  after: 'comment' | 'thanks',
): Promise<HelpfulAnswer | Reply> {
  if (!(await services.articles())[lang]?.[article]) throw new ApiError(400, 'invalid_body', 'There is no such article in that language.');
  const form = isFormPost(request);
  const [category, slug] = article.split('/') as [string, string];
  const back = (part: string) =>
    new Reply({ saved: part !== 'error' }, 303, { Location: `${paths.article(lang, category, slug)}#helpful-${part}` });
  const { voter, setCookie } = voterOf(services, request);
  try {
    await countTowardsLimit(services.db, `helpful:${rateLimitGroup(request.clientAddress)}`, feedbackLimits.votes);
  } catch (error) {
    if (form) return back('error');
    throw error;
  }
  if (!isbot(request.header('user-agent'))) await store({ lang, article, voter });
  if (!form) return new Reply({ saved: true }, 200, setCookie);
  const reply = back(after);
  return new Reply(reply.body, reply.status, { ...reply.headers, ...setCookie });
}

/** A refused form post goes back to its article's "could not be saved" part, when the fields name one. */
function refusedForm({ lang, article }: Record<string, string>): string | undefined {
  const [category, slug, ...rest] = (article ?? '').split('/');
  if (!isLang(lang) || !category || !slug || rest.length || !/^[\w-]+$/.test(category + slug)) return undefined;
  return `${paths.article(lang, category, slug)}#helpful-error`;
}

export const routes = [
  route({
    endpoint: 'helpful',
    form: true,
    formRefused: refusedForm,
    caller: 'anyone',
    handle: ({ services, request, body }) =>
      feedback(services, request, body, (vote) => recordVote(services.db, vote, body.helpful), body.helpful ? 'thanks' : 'comment'),
  }),

  route({
    endpoint: 'helpfulComment',
    form: true,
    formRefused: refusedForm,
    caller: 'anyone',
    handle: ({ services, request, body }) =>
      feedback(services, request, body, (vote) => recordComment(services.db, vote, body.comment), 'thanks'),
  }),
];
