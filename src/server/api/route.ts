/**
 * An API route names its endpoint (lib/api/endpoints.ts: method and path; lib/api/contract.ts: body or query schema)
 * and declares its caller. The router reads and validates the body (400 with per-field issues), resolves the caller,
 * and the handler receives typed values: it never parses, casts or reads the Authorization header itself.
 */
import type { z } from 'zod';
import { contract, type Declaration } from '../../lib/api/contract.ts';
import { endpoints, type EndpointName } from '../../lib/api/endpoints.ts';
import type { Participant } from '../../lib/api/chat.ts';
import type { StaffMember } from '../../lib/api/staff.ts';
import type { ContactSession } from '../contacts/sessionTokens.ts';
import type { Services } from '../services.ts';
import type { ApiRequest } from '../http/requestAndAnswer.ts';

/**
 * Who may call: anyone, a contact with a session token for the body's chat box (or `page`), signed-in staff, a
 * signed-in admin, or a participant of the chat box: its contact or any staff member.
 */
export type Caller = 'anyone' | 'contactSession' | 'staff' | 'admin' | 'participant';

/** A chat box's participant: the contact (with their session) or a staff member. */
export type ChatParticipant =
  | { participant: Participant & { kind: 'contact' }; session: ContactSession }
  | { participant: Participant & { kind: 'staff' }; staff: StaffMember };

interface CallerOf {
  anyone: undefined;
  contactSession: ContactSession;
  staff: StaffMember;
  admin: StaffMember;
  participant: ChatParticipant;
}

/** The schema a route's handler gets its `body` from: the endpoint's body, or its query. */
type SchemaOf<N extends EndpointName> = (typeof contract)[N] extends { body: infer B extends z.ZodType }
  ? B
  : (typeof contract)[N] extends { query: infer Q extends z.ZodType }
    ? Q
    : z.ZodUndefined;

/** Contact and participant routes name the chat box their caller must cover. */
type CoveredBy<N extends EndpointName, C extends Caller> = C extends 'contactSession' | 'participant'
  ? z.infer<SchemaOf<N>> extends { chatBoxId: string }
    ? C
    : never
  : C;

export interface Call<B extends z.ZodType, C extends Caller> {
  services: Services;
  request: ApiRequest;
  body: z.infer<B>;
  caller: CallerOf[C];
}

/** What the router reads of a route: the endpoint's method, path and schema with the route's own parts. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  /** POST: the JSON body's schema. */
  body?: z.ZodType;
  /** POST: also take an HTML form's post (application/x-www-form-urlencoded) for `body`: pages that work without JavaScript. */
  form?: boolean;
  /**
   * With `form`: where a form post the API refuses (a field out of bounds, say) goes back to, from its raw fields: a
   * path on this site whose part says so (`…#helpful-error`), so a page without JavaScript never shows JSON.
   */
  formRefused?: (fields: Record<string, string>) => string | undefined;
  /** GET (or a POST whose body is not read): the query string's schema (parameters as strings). The handler gets it as `body`. */
  query?: z.ZodType;
  caller: Caller;
  handle(call: Call<z.ZodType, Caller>): Promise<unknown>;
}

export interface RouteDeclaration<N extends EndpointName, C extends Caller> {
  endpoint: N;
  form?: boolean;
  formRefused?: (fields: Record<string, string>) => string | undefined;
  caller: CoveredBy<N, C>;
  handle(call: Call<SchemaOf<N>, C>): Promise<unknown>;
}

/** Declares a route, checking at compile time that the handler's types follow from its endpoint and caller. */
export function route<N extends EndpointName, C extends Caller>({ endpoint, ...rest }: RouteDeclaration<N, C>): Route {
  const declaration: Declaration = contract[endpoint];
  return { ...endpoints[endpoint], body: declaration.body, query: declaration.query, ...rest } as unknown as Route;
}
