/**
 * POST /api/organizationUsers/*: a staff member's public face (name, picture) for a conversation's participants, and
 * who answers in it (the contact's side shows them before anyone has written).
 */
import type { OrganizationUserAnswer, TeamAnswer } from '../../lib/api/sessions.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationUserByUid } from '../staff/records.ts';
import { answeredHere, answeringStaff, emailsReplies, teamHours } from '../staff/team.ts';
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
  route({
    endpoint: 'organizationUsersTeam',
    caller: 'participant',
    handle: async ({ services, body, caller }): Promise<TeamAnswer> => ({
      team: await answeringStaff(services.db, body.chatBoxId),
      emailsReplies: !!services.mail && caller.participant.kind === 'contact' && (await emailsReplies(services.db, caller.participant.id)),
      answered: await answeredHere(services.db, body.chatBoxId),
      hours: await teamHours(services.db, services.clock()),
    }),
  }),
];
