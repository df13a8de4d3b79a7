/**
 * The one HTTP client of the browser (ofetch). Every call says it is internal and which language the page is in.
 * Retries are the seed's: GET-like requests once, after 2,000 ms, on 408, 409, 425, 429, 500, 502, 503 and 504;
 * PATCH, POST, PUT and DELETE not at all unless asked. Server errors become ApiRequestError with the server's code.
 */
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import type { AnswerOf, BodyOf } from '../api/contract.ts';
import { endpoints, type EndpointName } from '../api/endpoints.ts';
import { callHeaders } from './headers.ts';

export { internalHeader } from './headers.ts';
export const retryDelayMs = 2000;
export const retryStatusCodes = [408, 409, 425, 429, 500, 502, 503, 504];
export const writeMethods = ['PATCH', 'POST', 'PUT', 'DELETE'];

/** One refused field of a 400 `invalid_body`: its dotted path in the body (`email`) and the server's English. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** A refused or failed call: `code` is the server's error code, or `network` when no answer came. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfter: number | undefined;
  /** With `invalid_body`: which fields were refused, so a form can say so next to each. */
  readonly issues: FieldIssue[];

  constructor(status: number, code: string, message: string, retryAfter?: number, issues: FieldIssue[] = []) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.issues = issues;
  }
}

export function toApiError(error: unknown): ApiRequestError {
  if (error instanceof FetchError) {
    const body = error.data as { error?: { code?: string; message?: string; retryAfter?: number; issues?: unknown } } | undefined;
    if (error.response && body?.error?.code) {
      const issues = Array.isArray(body.error.issues)
        ? body.error.issues.filter((issue): issue is FieldIssue => typeof (issue as FieldIssue | null)?.path === 'string')
        : [];
      return new ApiRequestError(
        error.response.status,
        body.error.code,
        body.error.message ?? error.message,
        body.error.retryAfter,
        issues,
      );
    }
    if (error.response) return new ApiRequestError(error.response.status, 'unknown', error.message);
  }
  return new ApiRequestError(0, 'network', error instanceof Error ? error.message : String(error));
}

/**
 * Who answers for a call that brings no bearer of its own: the signed-in staff member's id token, once the sign-in
 * layer says how to get it (flows/staff/idToken.ts); until then, and for contacts, nobody.
 */
let defaultBearer: () => Promise<string | null> = () => Promise.resolve(null);
export function setDefaultBearer(get: () => Promise<string | null>): void {
  defaultBearer = get;
}

/** The one ofetch instance, with the headers every call carries (fileAnswers.ts uses it for answers that are files). */
export const client = ofetch.create({
  retryDelay: retryDelayMs,
  retryStatusCodes,
  async onRequest({ options }) {
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(callHeaders())) headers.set(name, value);
    // A call that brings its own authorisation (a contact session token) keeps it; otherwise the default bearer.
    if (!headers.has('Authorization')) {
      const idToken = await defaultBearer();
      if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
    }
    options.headers = headers;
  },
});

export type RequestOptions = Omit<FetchOptions<'json'>, 'body'> & { body?: unknown; bearer?: string };

/** Calls the API; resolves with the parsed JSON, or rejects with an ApiRequestError. */
export async function request<T>(path: string, { bearer, body, ...options }: RequestOptions = {}): Promise<T> {
  try {
    return await client<T>(path, {
      ...options,
      ...(body !== undefined && { body: body as Record<string, unknown> }),
      ...(bearer && { headers: { ...(options.headers as Record<string, string>), Authorization: `Bearer ${bearer}` } }),
    });
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * A call to one of the API's endpoints, by name (lib/api/endpoints.ts): its method and path from there, its body and
 * answer typed by the contract (lib/api/contract.ts, types only: the browser never loads zod). `origin` for a page
 * that calls another site's Foyer (the widget's frame calls its own).
 */
export function requestEndpoint<N extends EndpointName>(
  name: N,
  { origin = '', ...options }: Omit<RequestOptions, 'method' | 'body'> & { body?: BodyOf<N>; origin?: string } = {},
): Promise<AnswerOf<N>> {
  const { method, path } = endpoints[name];
  return request<AnswerOf<N>>(`${origin}${path}`, { ...options, method });
}
