/** E-mail routes: one-click unsubscribe from missed-message e-mails. */
import { unsubscribeQuery, type UnsubscribeAnswer } from '../../lib/api/mail.ts';
import { ApiError } from '../errors.ts';
import { readUnsubscribeToken, unsubscribe } from '../mail/unsubscribe.ts';
import { route } from './route.ts';

export const unsubscribeRoute = route({
  method: 'POST',
  path: '/api/mail/unsubscribe',
  // The token is in the address (List-Unsubscribe); the body a mail client sends says only "One-Click".
  query: unsubscribeQuery,
  caller: 'anyone',
  async handle({ services, body }): Promise<UnsubscribeAnswer> {
    const subscriber = readUnsubscribeToken(services.keys.unsubscribe, body.token);
    if (!subscriber) throw new ApiError(400, 'link_invalid', 'This unsubscribe link is incomplete or was changed.');
    await unsubscribe(services.db, subscriber);
    return { unsubscribed: true };
  },
});
