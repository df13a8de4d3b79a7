/**
 * The API: a table of declared routes (route.ts), JSON in and out. The router reads and validates the body,
 * resolves the caller and answers every error the same way (errors.ts).
 */
import { isStorableText } from '../../lib/api/constants.ts';
import { ApiError, errorAnswer, invalidBody } from '../errors.ts';
import type { Services } from '../services.ts';
import { staffFromToken } from '../staff/signIn.ts';
import { bearerToken } from './bearer.ts';
import { isFormPost, readForm, readJson } from './body.ts';
import type { EventStream } from './eventStream.ts';
import {
  answer,
  FileReply,
  fromWebRequest,
  Reply,
  streamAnswer,
  toWebResponse,
  type ApiAnswer,
  type ApiRequest,
} from './requestAndAnswer.ts';
import { authorizeContact, participantFromToken } from '../api/callers.ts';
import type { Call, Route } from '../api/route.ts';
import { routes as blockedAddresses } from '../api/blockedAddresses.ts';
import { routes as chat } from '../api/chat.ts';
import { routes as contacts } from '../api/contacts.ts';
import { routes as helpCentre } from '../api/helpCentre.ts';
import { routes as helpful } from '../api/helpful.ts';
import { routes as inbox } from '../api/inbox.ts';
import { routes as invitations } from '../api/invitations.ts';
import { routes as mail } from '../api/mail.ts';
import { routes as me } from '../api/me.ts';
import { routes as organizationUsers } from '../api/organizationUsers.ts';
import { routes as search } from '../api/search.ts';
import { routes as ratings } from '../api/ratings.ts';
import { routes as savedReplies } from '../api/savedReplies.ts';
import { routes as settings } from '../api/settings.ts';
import { routes as staff } from '../api/staff.ts';
import { routes as tags } from '../api/tags.ts';
import { routes as verify } from '../api/verify.ts';

/**
 * Each address prefix's routes, from the file of its name: `/api/chat/*` in `api/chat.ts`, and so on
 * (router.test.ts holds every route to its file).
 */
export const routesByArea: Record<string, Route[]> = {
  blockedAddresses,
  chat,
  contacts,
  helpCentre,
  helpful,
  inbox,
  invitations,
  mail,
  me,
  organizationUsers,
  ratings,
  savedReplies,
  search,
  settings,
  staff,
  tags,
  verify,
};

/** Every route the API answers (exported for the fuzz test, which must cover each). */
export const routes: Route[] = Object.values(routesByArea).flat();

/** Path → method → route. */
const table = new Map<string, Map<string, Route>>();
for (const declared of routes) {
  const methods = table.get(declared.path) ?? new Map<string, Route>();
  methods.set(declared.method, declared);
  table.set(declared.path, methods);
}

/** Reads and checks the body; a form post's fields go to `form` first (where a refusal sends the page back). */
async function bodyOf(declared: Route, request: ApiRequest, form: (fields: Record<string, string>) => void): Promise<unknown> {
  const schema = declared.body ?? declared.query;
  if (!schema) return undefined;
  let input: unknown;
  if (!declared.body) {
    input = Object.fromEntries(request.query);
    // A form whose fields are all in its action's address (the unsubscribe page's).
    if (declared.form && isFormPost(request)) form(input as Record<string, string>);
  } else if (declared.form && isFormPost(request)) {
    const fields = await readForm(request);
    form(fields);
    input = fields;
  } else input = await readJson(request);
  const unstorable = unstorableText(input);
  if (unstorable !== undefined) {
    const issues = [{ path: unstorable, message: 'must be text (no NUL character, well-formed)' }];
    throw new ApiError(400, 'invalid_body', 'The request body is not valid.', { issues });
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

/**
 * The path of the first string in the input that no text field may hold (a NUL, which PostgreSQL refuses; a lone
 * surrogate): every field of every route is refused the same way, before its schema, so such input never reaches the
 * database, whose refusal would be logged with the statement's values.
 */
function unstorableText(input: unknown, path = ''): string | undefined {
  if (typeof input === 'string') return isStorableText(input) ? undefined : path;
  if (typeof input !== 'object' || input === null) return undefined;
  for (const [key, value] of Object.entries(input)) {
    const found = unstorableText(value, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const isEventStream = (value: unknown): value is EventStream =>
  typeof value === 'object' && value !== null && typeof (value as Partial<EventStream>).start === 'function';

async function callerOf(
  declared: Route,
  services: Services,
  request: ApiRequest,
  body: unknown,
): Promise<Call<Route['body'] & {}, Route['caller']>['caller']> {
  const authorization = request.header('authorization');
  switch (declared.caller) {
    case 'anyone':
      return undefined;
    case 'contactSession':
      return authorizeContact(services, bearerToken(authorization, 'A session token'), (body as { chatBoxId: string }).chatBoxId);
    case 'staff':
      return staffFromToken(services.db, services.verifyIdToken, bearerToken(authorization, 'A sign-in token'));
    case 'admin': {
      const staff = await staffFromToken(services.db, services.verifyIdToken, bearerToken(authorization, 'A sign-in token'));
      if (staff.role !== 'admin') throw new ApiError(403, 'not_admin', 'Only an admin may do this.');
      return staff;
    }
    case 'participant':
      return participantFromToken(
        services,
        bearerToken(authorization, 'A session or sign-in token'),
        (body as { chatBoxId: string }).chatBoxId,
      );
  }
}

export interface Api {
  /** The API proper. */
  answer(request: ApiRequest): Promise<ApiAnswer>;
  /** The same for a web Request (tests, Astro's route). */
  handle(request: Request, clientAddress: string): Promise<Response>;
}

export function createApi(services: Services): Api {
  async function respond(request: ApiRequest): Promise<ApiAnswer> {
    let refused: string | undefined;
    try {
      const methods = table.get(request.path);
      if (!methods) throw new ApiError(404, 'not_found', 'There is no such API endpoint.');
      const declared = methods.get(request.method);
      if (!declared) {
        const allow = [...methods.keys()].join(', ');
        throw new ApiError(405, 'method_not_allowed', `Use ${allow} for this endpoint.`, undefined, { Allow: allow });
      }
      const body = await bodyOf(declared, request, (fields) => (refused = declared.formRefused?.(fields)));
      const caller = await callerOf(declared, services, request, body);
      const result = await declared.handle({ services, request, body, caller });
      if (result instanceof Reply) return answer(result.body, result.status, result.headers);
      if (result instanceof FileReply) return { status: 200, headers: result.headers, file: result.file };
      return isEventStream(result) ? streamAnswer(result, services.config.STREAM_STALL_SECONDS * 1000) : answer(result);
    } catch (error) {
      // A form post from a page without JavaScript goes back to the page, to the part that says it failed.
      if (refused && error instanceof ApiError && error.status < 500) {
        return answer({ error: { code: error.code, message: error.message } }, 303, { Location: refused });
      }
      return errorAnswer(error, (message, detail) =>
        services.log.error(message, detail, { requestId: request.header('x-request-id') ?? undefined }),
      );
    }
  }
  return {
    answer: respond,
    handle: async (request, clientAddress) => toWebResponse(await respond(fromWebRequest(request, clientAddress))),
  };
}
