/** The e-mail calls the browser (and mail clients) make. */
import { z } from 'zod';
import { languages } from './languages.ts';

/**
 * POST /api/mail/unsubscribe?token=…: turns missed-message e-mails off for whoever the token names. Mail clients
 * POST here for one-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`, which is not read); the
 * unsubscribe page does too. No sign-in: the token is the permission. `back`: the page's language, when its form posts
 * without JavaScript; the answer is then a redirect back to the page (`?done=1`, or `?failed=1`).
 */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(400), back: z.enum(languages).optional() });
export const unsubscribeAnswer = z.object({ unsubscribed: z.literal(true) });
/** POST /api/mail/resubscribe?token=…: the same link turns them back on (the page's "Turn them back on"). */
export const resubscribeAnswer = z.object({ unsubscribed: z.literal(false) });
export type ResubscribeAnswer = z.infer<typeof resubscribeAnswer>;
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
