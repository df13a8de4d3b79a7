/**
 * The API's error answer, `{ "error": { "code", "message" } }`, and every code it can carry. The browser turns codes
 * into translated text (`apiError.{code}` in locales/), never showing the server's English message.
 */
import { z } from 'zod';

export const errorCodes = [
  // The request itself
  'invalid_body',
  'invalid_json',
  'request_aborted',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'conflict',
  'server_busy',
  // Contact sessions
  'code_not_accepted',
  'unauthorized',
  'invalid_token',
  'token_expired',
  'session_ended',
  'out_of_scope',
  'bot_check_failed',
  'bot_check_unavailable',
  // Staff
  'email_not_verified',
  'not_staff',
  'not_admin',
  'last_admin',
  'confirmation_mismatch',
  'tag_exists',
  'saved_reply_exists',
  // Files
  'file_too_large',
  'file_type_not_allowed',
  'too_many_files',
  // E-mail
  'link_invalid',
  // Conversations visitors start
  'public_chat_off',
  // Ours
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorAnswerSchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    /** Seconds, with 429 (also in the Retry-After header). */
    retryAfter: z.number().optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
