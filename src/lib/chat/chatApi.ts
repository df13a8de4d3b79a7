/**
 * The chat calls, each with a bearer token asked for at the moment of the call (a contact's session token or a staff
 * member's id token), through the one HTTP client. Bodies and answers are the contract's (lib/api/chat.ts); the
 * staff-only ones (status, assignment) answer 401/403 to a contact's token.
 */
import type { z } from 'zod';
import type { OrganizationUserAnswer } from '../api/sessions.ts';
import type {
  AssignAnswer,
  assignBody,
  ChatStatus,
  ListMessagesAnswer,
  listMessagesBody,
  MarkReadAnswer,
  markReadBody,
  OkAnswer,
  SendMessageAnswer,
  sendMessageBody,
  setStatusBody,
} from '../api/chat.ts';
import { ApiRequestError, request } from '../http/client.ts';

/**
 * Gives a bearer token, or null when there is no session any more. `fresh`: the server refused the last one (a
 * staff member's ID token revoked by a password change, or by an Auth emulator started again): ask for a new one
 * rather than the one kept.
 */
export type TokenGetter = (options?: { fresh?: boolean }) => Promise<string | null>;

/** A send that hangs would hold the outbox (and its lock) forever; after this it counts as a network failure. */
export const callTimeoutMs = 30_000;

export const streamPath = (chatBoxId: string) => `/api/chat/stream?chatBoxId=${encodeURIComponent(chatBoxId)}`;

export function createChatApi(getToken: TokenGetter, origin = '') {
  async function call<T>(path: string, body: unknown): Promise<T> {
    const token = await getToken();
    if (!token) throw new ApiRequestError(401, 'unauthorized', 'There is no session for this chat box.');
    return request<T>(`${origin}${path}`, { method: 'POST', bearer: token, body, timeout: callTimeoutMs });
  }
  return {
    list: (body: z.input<typeof listMessagesBody>) => call<ListMessagesAnswer>('/api/chat/messages/list', body),
    send: (body: z.input<typeof sendMessageBody>) => call<SendMessageAnswer>('/api/chat/messages/send', body),
    markRead: (body: z.input<typeof markReadBody>) => call<MarkReadAnswer>('/api/chat/read', body),
    typing: (chatBoxId: string) => call<OkAnswer>('/api/chat/typing', { chatBoxId }),
    organizationUser: (chatBoxId: string, uid: string) =>
      call<OrganizationUserAnswer>('/api/organizationUsers/get', { chatBoxId, uid }).then((answer) => answer.organizationUser),
    streamUrl: (chatBoxId: string) => `${origin}${streamPath(chatBoxId)}`,
    setStatus: (body: z.input<typeof setStatusBody>) => call<{ status: ChatStatus }>('/api/chat/status', body),
    assign: (body: z.input<typeof assignBody>) => call<AssignAnswer>('/api/chat/assign', body),
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
