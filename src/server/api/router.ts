/** The API: a table of endpoints, JSON in and out, and every error answered the same way (errors.ts). */
import { ApiError, errorAnswer } from '../errors.ts';
import type { Services } from '../services.ts';
import { readJson } from './body.ts';
import { getMe } from './staff.ts';
import { answer, fromWebRequest, toWebResponse, type ApiAnswer, type ApiRequest } from './exchange.ts';
import { extend, getContact, getOrganizationUser, verifyChatBox, verifyPage, type Call } from './sessions.ts';

type Endpoint = (call: Call) => Promise<unknown>;

/** Path → method → handler. */
const endpoints: Record<string, Record<string, Endpoint>> = {
  '/api/chat/verify': { POST: verifyChatBox },
  '/api/verify': { POST: verifyPage },
  '/api/chat/extend': { POST: extend },
  '/api/organizationUsers/get': { POST: getOrganizationUser },
  '/api/contacts/get': { POST: getContact },
  '/api/me': { GET: getMe },
};

export interface Api {
  /** The API proper. */
  answer(request: ApiRequest): Promise<ApiAnswer>;
  /** The same for a web Request (tests, Astro's route). */
  handle(request: Request, clientAddress: string): Promise<Response>;
}

export function createApi(services: Services): Api {
  async function respond(request: ApiRequest): Promise<ApiAnswer> {
    try {
      const methods = endpoints[request.path];
      if (!methods) throw new ApiError(404, 'not_found', 'There is no such API endpoint.');
      const endpoint = methods[request.method];
      if (!endpoint) {
        const allow = Object.keys(methods).join(', ');
        throw new ApiError(405, 'method_not_allowed', `Use ${allow} for this endpoint.`, undefined, { Allow: allow });
      }
      const body = request.method === 'GET' ? undefined : await readJson(request);
      return answer(await endpoint({ services, request, body }));
    } catch (error) {
      return errorAnswer(error, services.log.error);
    }
  }
  return {
    answer: respond,
    handle: async (request, clientAddress) => toWebResponse(await respond(fromWebRequest(request, clientAddress))),
  };
}
