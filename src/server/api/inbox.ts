/** The staff inbox's list (its live updates come through GET /api/inbox/stream, chat.ts). */
import { inboxListBody, type InboxListAnswer } from '../../lib/api/inbox.ts';
import { listInbox } from '../chat/inbox.ts';
import { route } from './route.ts';

export const inboxListRoute = route({
  method: 'POST',
  path: '/api/inbox/list',
  body: inboxListBody,
  caller: 'staff',
  handle: async ({ services, body, caller }): Promise<InboxListAnswer> => ({
    chatBoxes: await listInbox(services.db, caller.uid, body),
  }),
});
