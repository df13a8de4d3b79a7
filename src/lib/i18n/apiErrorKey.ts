/** The key that translates an API error code: its own `apiError.{code}` when the language has one, else the generic one. */
import type { MessageKey, Messages } from './schema.ts';

export function apiErrorKey(code: string, messages: Messages): MessageKey {
  const key = `apiError.${code}`;
  return (key in messages ? key : 'apiError.unknown') as MessageKey;
}
