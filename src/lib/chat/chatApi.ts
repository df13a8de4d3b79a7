/**
 * The chat calls, each with a bearer token asked for at the moment of the call (a contact's session token or a staff
 * member's id token), through the one HTTP client. Bodies and answers are the contract's (lib/api/chat.ts); the
 * staff-only ones (status, assignment) answer 401/403 to a contact's token.
 */
import type { BodyOf } from '../api/contract.ts';
import { endpoints, type EndpointName } from '../api/endpoints.ts';
import type { FileVariant } from '../api/constants.ts';
import { ApiRequestError, requestEndpoint } from '../http/client.ts';

/**
 * Gives a bearer token, or null when there is no session any more. `fresh`: the server refused the last one (a
 * staff member's ID token revoked by a password change, or by an Auth emulator started again): ask for a new one
 * rather than the one kept.
 */
export type TokenGetter = (options?: { fresh?: boolean }) => Promise<string | null>;

/** A send that hangs would hold the outbox (and its lock) forever; after this it counts as a network failure. */
export const callTimeoutMs = 30_000;

export const streamPath = (chatBoxId: string) => `${endpoints.chatStream.path}?chatBoxId=${encodeURIComponent(chatBoxId)}`;

export function createChatApi(getToken: TokenGetter, origin = '') {
  async function call<N extends EndpointName>(name: N, body: BodyOf<N>) {
    const token = await getToken();
    if (!token) throw new ApiRequestError(401, 'unauthorized', 'There is no session for this chat box.');
    return requestEndpoint(name, { origin, bearer: token, body, timeout: callTimeoutMs });
  }
  return {
    list: (body: BodyOf<'chatMessagesList'>) => call('chatMessagesList', body),
    send: (body: BodyOf<'chatMessagesSend'>) => call('chatMessagesSend', body),
    markRead: (body: BodyOf<'chatRead'>) => call('chatRead', body),
    typing: (chatBoxId: string) => call('chatTyping', { chatBoxId }),
    organizationUser: (chatBoxId: string, uid: string) =>
      call('organizationUserGet', { chatBoxId, uid }).then((answer) => answer.organizationUser),
    team: (chatBoxId: string) => call('organizationUsersTeam', { chatBoxId }),
    streamUrl: (chatBoxId: string) => `${origin}${streamPath(chatBoxId)}`,
    setStatus: (body: BodyOf<'chatStatus'>) => call('chatStatus', body),
    assign: (body: BodyOf<'chatAssign'>) => call('chatAssign', body),
    transcript: (chatBoxId: string) => call('chatTranscript', { chatBoxId }),
    rate: (body: BodyOf<'chatRate'>) => call('chatRate', body).then((answer) => answer.rating),
    fileAccess: (chatBoxId: string) => call('chatFileAccess', { chatBoxId }),
    /** Uploads a file (no time limit: a large one on a slow line takes long); `onProgress` hears the bytes sent. */
    async upload(chatBoxId: string, name: string, file: Blob, onProgress: (sent: number) => void) {
      const token = await getToken();
      if (!token) throw new ApiRequestError(401, 'unauthorized', 'There is no session for this chat box.');
      const { uploadEndpoint } = await import('../http/upload.ts');
      const answer = await uploadEndpoint('chatFileUpload', { origin, bearer: token, query: { chatBoxId, name }, file, onProgress });
      return answer.file;
    },
    fileUrl: (fileId: string, variant: FileVariant, access: string) =>
      `${origin}${endpoints.chatFileDownload.path}?${new URLSearchParams({ fileId, variant, access })}`,
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
