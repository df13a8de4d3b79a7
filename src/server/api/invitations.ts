/** Inviting a contact from the browser: the same invitation as the command-line tool's (invitations.ts). */
import { inviteBody, type InviteAnswer } from '../../lib/api/invitations.ts';
import { ApiError } from '../errors.ts';
import { invite, InviteError } from '../contacts/invitations.ts';
import { route } from './route.ts';

export const inviteRoute = route({
  method: 'POST',
  path: '/api/invitations/create',
  body: inviteBody,
  caller: 'staff',
  async handle({ services, body, caller }): Promise<InviteAnswer> {
    try {
      const invitation = await invite(services, {
        email: body.email,
        name: body.name,
        lang: body.lang,
        chatBoxId: body.target === 'chatBox' ? body.chatBoxId : undefined,
        page: body.target === 'page',
        sendEmail: body.sendEmail,
        inviter: caller.name || caller.email,
      });
      return { invitation };
    } catch (error) {
      if (!(error instanceof InviteError)) throw error;
      throw new ApiError(400, 'invalid_body', error.message, { issues: [{ path: error.field, message: error.message }] });
    }
  },
});
