/** POST/GET /api/inbox/*: the staff inbox's list, and its live updates (every chat box's changes, as staff see them). */
import { type InboxListAnswer } from '../../lib/api/inbox.ts';
import { lastPosition } from '../chat/events.ts';
import { countWaiting, listInbox } from '../chat/inbox.ts';
import { bearerToken } from '../http/bearer.ts';
import { lastEventId } from '../http/lastEventId.ts';
import { ChatStream } from './chatStream.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'inboxList',
    caller: 'staff',
    handle: async ({ services, body, caller }): Promise<InboxListAnswer> => ({
      chatBoxes: await listInbox(services.db, caller.uid, body),
      waiting: await countWaiting(services.db),
    }),
  }),

  route({
    endpoint: 'inboxStream',
    caller: 'staff',
    async handle({ services, request, caller }): Promise<ChatStream> {
      const position = await lastPosition(services.db);
      const token = bearerToken(request.header('authorization'), 'A sign-in token');
      const after = Math.min(lastEventId(request.header('last-event-id')) ?? position, position);
      const staff = { kind: 'staff', uid: caller.uid, token } as const;
      return new ChatStream(services, { chatBoxId: null, after, caller: staff, endsAt: Infinity, address: request.clientAddress });
    },
  }),
];
