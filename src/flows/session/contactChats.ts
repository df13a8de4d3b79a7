/**
 * A contact's own conversations, as a session sees them (POST /api/chat/boxes: the page session's, all of them; a
 * chat box's, that one), and the store of them kept live while something listens (read on mount, again after a new
 * message or status in one of them and when the tab comes back; its streams closed when the last listener goes).
 */
import type { ContactChatBox } from '../../lib/api/chat.ts';
import { pageScope } from '../../lib/api/constants.ts';
import { streamPath } from '../../lib/chat/chatApi.ts';
import { openEventStream, type EventStream } from '../../lib/chat/eventStream.ts';
import { ApiRequestError, requestEndpoint } from '../../lib/http/client.ts';
import { map, onMount } from 'nanostores';
import { getSessionToken } from './sessionApi.ts';

export type { ContactChatBox };

export interface ContactChatsState {
  /** Undefined until read. */
  chats: ContactChatBox[] | undefined;
  /** The last read failed. */
  failed: boolean;
}

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

/** Several events at once (a message and the status it reopened) read the list once. */
const reloadAfterMs = 200;

/** The contact's conversations as the session `key` sees them (the page session: all of them; a chat box's: that
 * one), kept live while something listens. */
export function createContactChats(key: string = pageScope) {
  const $contactChats = map<ContactChatsState>({ chats: undefined, failed: false });
  onMount($contactChats, () => {
    let stopped = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      listContactChats(key).then(
        (chats) => {
          if (stopped) return;
          $contactChats.set({ chats, failed: false });
          follower.follow(chats.map((chat) => chat.id));
        },
        () => !stopped && $contactChats.setKey('failed', true),
      );
    const follower = contactChatsFollower(() => {
      clearTimeout(again);
      again = setTimeout(() => void load(), reloadAfterMs);
    }, key);
    const onVisible = () => document.visibilityState === 'visible' && void load();
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(again);
      follower.close();
      document.removeEventListener('visibilitychange', onVisible);
      // The next listener may be another contact's page (after "leave" and a new code): nothing of this one is kept.
      $contactChats.set({ chats: undefined, failed: false });
    };
  });
  return $contactChats;
}
