/**
 * An API route declares what it needs: method, path, body schema and caller. The router reads and validates the
 * body (400 with per-field issues), resolves the caller, and the handler receives typed values: it never parses,
 * casts or reads the Authorization header itself.
 */
import type { z } from 'zod';
import type { Participant } from '../../lib/api/chat.ts';
import type { StaffMember } from '../../lib/api/staff.ts';
import type { ContactSession } from '../contacts/sessionTokens.ts';
import type { Services } from '../services.ts';
import type { ApiRequest } from './requestAndAnswer.ts';

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

/** Contact and participant routes name the chat box their caller must cover. */
type BodyFor<C extends Caller> = C extends 'contactSession' | 'participant' ? z.ZodType<{ chatBoxId: string }> : z.ZodType;

export interface Call<B extends z.ZodType, C extends Caller> {
  services: Services;
  request: ApiRequest;
  body: z.infer<B>;
  caller: CallerOf[C];
}

export interface Route<B extends z.ZodType = z.ZodType, C extends Caller = Caller> {
  method: 'GET' | 'POST';
  path: string;
  /** POST: the JSON body's schema. */
  body?: B;
  /** POST: also take an HTML form's post (application/x-www-form-urlencoded) for `body`: pages that work without JavaScript. */
  form?: boolean;
  /**
   * With `form`: where a form post the API refuses (a field out of bounds, say) goes back to, from its raw fields: a
   * path on this site whose part says so (`…#helpful-error`), so a page without JavaScript never shows JSON.
   */
  formRefused?: (fields: Record<string, string>) => string | undefined;
  /** GET (or a POST whose body is not read): the query string's schema (parameters as strings). The handler gets it as `body`. */
  query?: B;
  caller: C;
  handle(call: Call<B, C>): Promise<unknown>;
}

/** Declares a route, checking at compile time that the handler's types follow from its schema and caller. */
export function route<C extends Caller, B extends BodyFor<C> = BodyFor<C>>(declaration: Route<B, C>): Route {
  return declaration as unknown as Route;
}
