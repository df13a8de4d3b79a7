/** POST /api/tags/*: the organisation's tags, listed for staff, kept by admins. */
import type { OkAnswer } from '../../lib/api/chat.ts';
import type { TagAnswer, TagsListAnswer } from '../../lib/api/tags.ts';
import { createTag, deleteTag, listTags, renameTag } from '../chat/tags.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'tagsList',
    caller: 'staff',
    handle: async ({ services }): Promise<TagsListAnswer> => ({ tags: await listTags(services.db) }),
  }),

  route({
    endpoint: 'tagCreate',
    caller: 'admin',
    handle: async ({ services, body }): Promise<TagAnswer> => ({ tag: await createTag(services.db, body.name) }),
  }),

  route({
    endpoint: 'tagRename',
    caller: 'admin',
    handle: async ({ services, body }): Promise<TagAnswer> => ({ tag: await renameTag(services.db, body.id, body.name) }),
  }),

  route({
    endpoint: 'tagDelete',
    caller: 'admin',
    async handle({ services, body }): Promise<OkAnswer> {
      await deleteTag(services.db, body.id);
      return { ok: true };
    },
  }),
];
