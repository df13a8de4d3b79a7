/** POST /api/organizationUsers/*: a staff member's public face (name, picture) for a conversation's participants. */
import type { OrganizationUserAnswer } from '../../lib/api/sessions.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationUserByUid } from '../staff/records.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'organizationUserGet',
    // Staff see their colleagues' names and pictures in a conversation too.
    caller: 'participant',
    async handle({ services, body }): Promise<OrganizationUserAnswer> {
      const user = await findOrganizationUserByUid(services.db, body.uid);
      if (!user?.uid) throw new ApiError(404, 'not_found', 'There is no such organisation user.');
      return { organizationUser: { uid: user.uid, name: user.name, avatarUrl: user.avatarUrl } };
    },
  }),
];
