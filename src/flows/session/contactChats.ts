/** A contact's own conversations, as their page session sees them (POST /api/chat/boxes with the page token). */
import type { ContactChatBox } from '../../lib/api/chat.ts';
import { pageScope } from '../../lib/api/constants.ts';
import { streamPath } from '../../lib/chat/chatApi.ts';
import { openEventStream, type EventStream } from '../../lib/chat/eventStream.ts';
import { ApiRequestError, requestEndpoint } from '../../lib/http/client.ts';
import { getSessionToken } from './sessionApi.ts';

export type { ContactChatBox };

export async function listContactChats(key = pageScope): Promise<ContactChatBox[]> {
  const token = await getSessionToken(key);
  if (!token) throw new ApiRequestError(401, 'unauthorized', 'There is no page session.');
  const answer = await requestEndpoint('chatBoxes', { bearer: token, body: { chatBoxId: key } });
  return answer.chatBoxes;
}

/** At most this many conversations are followed live; the list is read again anyway when the tab comes back. */
const followedMax = 20;

/**
 * Follows the contact's conversations live: one stream per chat box (from now on, so only new events), and
 * `changed` after any message or status change in one of them. `follow` is called with each list read; chat
 * boxes already followed keep their stream.
 */
export function contactChatsFollower(changed: () => void, key = pageScope) {
  const streams = new Map<string, EventStream>();
  return {
    follow(chatBoxIds: readonly string[]) {
      for (const chatBoxId of chatBoxIds.slice(0, followedMax)) {
        if (streams.has(chatBoxId)) continue;
        const stream = openEventStream({
          url: streamPath(chatBoxId),
          getToken: () => getSessionToken(key),
          onEvent: ({ event }) => {
            if (event === 'message' || event === 'status') changed();
          },
          onState: () => {},
        });
        streams.set(chatBoxId, stream);
      }
    },
    close() {
      for (const stream of streams.values()) stream.close();
      streams.clear();
    },
  };
}
