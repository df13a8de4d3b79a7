/**
 * POST /api/invitations/*: inviting a contact from the browser: the same invitation as the command-line tool's (invitations.ts). Invitations
 * by e-mail are counted per staff member (an hour) and per address (a day), so a staff account cannot be used to send
 * the organisation's mail to any number of outside addresses, nor to flood one.
 */
import { createHash } from 'node:crypto';
import { recentInvitationsShown, type InviteAnswer, type RecentInvitationsAnswer } from '../../lib/api/invitations.ts';
import { ApiError } from '../errors.ts';
import { invite, InviteError, recentInvitations } from '../contacts/invitations.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import { route } from './route.ts';

const inviteRoute = route({
  endpoint: 'invitationCreate',
  caller: 'staff',
  async handle({ services, body, caller }): Promise<InviteAnswer> {
    if (body.sendEmail) {
      const { INVITE_MAIL_PER_STAFF_HOUR, INVITE_MAIL_PER_ADDRESS_DAY } = services.config;
      await countTowardsLimit(services.db, `invite:staff:${caller.uid}`, { max: INVITE_MAIL_PER_STAFF_HOUR, windowSeconds: 3600 });
      // By a digest: the limits table does not keep the address itself.
      const address = createHash('sha256').update(body.email.trim().toLowerCase()).digest('base64url');
      await countTowardsLimit(services.db, `invite:to:${address}`, { max: INVITE_MAIL_PER_ADDRESS_DAY, windowSeconds: 86_400 });
    }
    try {
      const invitation = await invite(services, {
        email: body.email,
        name: body.name,
        lang: body.lang,
        chatBoxId: body.target === 'chatBox' ? body.chatBoxId : undefined,
        page: body.target === 'page',
        sendEmail: body.sendEmail,
        inviter: caller.name || caller.email,
        invitedBy: caller.email,
      });
      return { invitation };
    } catch (error) {
      if (!(error instanceof InviteError)) throw error;
      throw new ApiError(400, 'invalid_body', error.message, { issues: [{ path: error.field, message: error.message }] });
    }
  },
});

const recentInvitationsRoute = route({
  endpoint: 'invitationsRecent',
  caller: 'admin',
  handle: async ({ services }): Promise<RecentInvitationsAnswer> => ({
    invitations: await recentInvitations(services.db, recentInvitationsShown),
    limits: { perStaffHour: services.config.INVITE_MAIL_PER_STAFF_HOUR, perAddressDay: services.config.INVITE_MAIL_PER_ADDRESS_DAY },
  }),
});

export const routes = [inviteRoute, recentInvitationsRoute];
