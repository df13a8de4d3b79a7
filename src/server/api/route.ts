/**
 * An API route declares what it needs: method, path, body schema and caller. The router reads and validates the
 * body (400 with per-field issues), resolves the caller, and the handler receives typed values: it never parses,
 * casts or reads the Authorization header itself.
 */
import type { z } from 'zod';
import type { StaffMember } from '../../lib/api/staff.ts';
import type { ContactSession } from '../sessionTokens.ts';
import type { Services } from '../services.ts';
import type { ApiRequest } from './exchange.ts';

/** Who may call: anyone, a contact with a session token for the body's chat box (or `page`), or signed-in staff. */
export type Caller = 'anyone' | 'contactSession' | 'staff';

interface CallerOf {
  anyone: undefined;
  contactSession: ContactSession;
  staff: StaffMember;
}

/** Contact routes name the chat box their session must cover. */
type BodyFor<C extends Caller> = C extends 'contactSession' ? z.ZodType<{ chatBoxId: string }> : z.ZodType;

export interface Call<B extends z.ZodType, C extends Caller> {
  services: Services;
  request: ApiRequest;
  body: z.infer<B>;
  caller: CallerOf[C];
}

export interface Route<B extends z.ZodType = z.ZodType, C extends Caller = Caller> {
  method: 'GET' | 'POST';
  path: string;
  /** GET routes take no body. */
  body?: B;
  caller: C;
  handle(call: Call<B, C>): Promise<unknown>;
}

/** Declares a route, checking at compile time that the handler's types follow from its schema and caller. */
export function route<C extends Caller, B extends BodyFor<C> = BodyFor<C>>(declaration: Route<B, C>): Route {
  return declaration as unknown as Route;
}
