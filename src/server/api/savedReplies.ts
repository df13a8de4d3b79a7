/** POST /api/savedReplies/*: the organisation's saved replies, listed and counted by staff, kept by admins. */
import type { OkAnswer } from '../../lib/api/chat.ts';
import type { SavedRepliesListAnswer, SavedReplyAnswer } from '../../lib/api/savedReplies.ts';
import { countSavedReplyUse, createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '../staff/savedReplies.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'savedRepliesList',
    caller: 'staff',
    handle: async ({ services }): Promise<SavedRepliesListAnswer> => ({ replies: await listSavedReplies(services.db) }),
  }),

  route({
    endpoint: 'savedReplyCreate',
    caller: 'admin',
    handle: async ({ services, body }): Promise<SavedReplyAnswer> => ({ reply: await createSavedReply(services.db, body) }),
  }),

  route({
    endpoint: 'savedReplyUpdate',
    caller: 'admin',
    handle: async ({ services, body }): Promise<SavedReplyAnswer> => ({ reply: await updateSavedReply(services.db, body) }),
  }),

  route({
    endpoint: 'savedReplyDelete',
    caller: 'admin',
    async handle({ services, body }): Promise<OkAnswer> {
      await deleteSavedReply(services.db, body.id);
      return { ok: true };
    },
  }),

  route({
    endpoint: 'savedReplyUsed',
    caller: 'staff',
    async handle({ services, body }): Promise<OkAnswer> {
      await countSavedReplyUse(services.db, body.id);
      return { ok: true };
    },
  }),
];
