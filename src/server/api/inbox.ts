/** The staff inbox's list (its live updates come through GET /api/inbox/stream, chat.ts). */
import { type InboxListAnswer } from '../../lib/api/inbox.ts';
import { listInbox } from '../chat/inbox.ts';
import { route } from './route.ts';

export const inboxListRoute = route({
  endpoint: 'inboxList',
  caller: 'staff',
  handle: async ({ services, body, caller }): Promise<InboxListAnswer> => ({
    chatBoxes: await listInbox(services.db, caller.uid, body),
  }),
});
