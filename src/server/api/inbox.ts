/** POST/GET /api/inbox/*: the staff inbox's list, bulk actions on its rows, and its live updates (every chat box's changes, as staff see them). */
import { type BulkAction, type InboxBulkAnswer, type InboxListAnswer } from '../../lib/api/inbox.ts';
import { lastPosition } from '../chat/events.ts';
import { countWaiting, listInbox } from '../chat/inbox.ts';
import { assign, setStatus } from '../chat/messages.ts';
import { whenResolved } from '../chat/resolving.ts';
import { setTags } from '../chat/triage.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
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
    endpoint: 'inboxBulk',
    caller: 'staff',
    async handle({ services, body, caller }): Promise<InboxBulkAnswer> {
      const answer: InboxBulkAnswer = { done: [], failed: [] };
      // One by one, each in its own transaction with its own event: one that fails (erased meanwhile) stops none.
      for (const chatBoxId of new Set(body.chatBoxIds)) {
        try {
          await applyBulk(services, chatBoxId, body.action, caller.uid);
          answer.done.push(chatBoxId);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          answer.failed.push({ chatBoxId, code: error.code });
        }
      }
      services.mail?.poke();
      return answer;
    },
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

function applyBulk(services: Services, chatBoxId: string, action: BulkAction, uid: string): Promise<unknown> {
  switch (action.type) {
    case 'assign':
      return assign(services, chatBoxId, action.assignee, uid);
    case 'status':
      return setStatus(services, chatBoxId, action.status, uid, whenResolved(services, chatBoxId, uid));
    case 'tag':
      return setTags(services, chatBoxId, action.add ? [action.tagId] : [], action.add ? [] : [action.tagId], uid);
  }
}
