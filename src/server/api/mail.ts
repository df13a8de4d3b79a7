/** E-mail routes: one-click unsubscribe from missed-message e-mails. */
import { unsubscribeQuery, type UnsubscribeAnswer } from '../../lib/api/mail.ts';
import { isLang } from '../../lib/i18n/languages.ts';
import { ApiError } from '../errors.ts';
import { isFormPost } from './body.ts';
import { Reply } from './requestAndAnswer.ts';
import { readUnsubscribeToken, unsubscribe } from '../mail/unsubscribe.ts';
import { route } from './route.ts';

export const unsubscribeRoute = route({
  method: 'POST',
  path: '/api/mail/unsubscribe',
  // The token is in the address (List-Unsubscribe); the body a mail client sends says only "One-Click".
  query: unsubscribeQuery,
  // The unsubscribe page's form without JavaScript (`back` names its language): answered by going back to it.
  form: true,
  formRefused: ({ back }) => (isLang(back) ? `/${back}/unsubscribe?failed=1` : undefined),
  caller: 'anyone',
  async handle({ services, request, body }): Promise<UnsubscribeAnswer | Reply> {
    const subscriber = readUnsubscribeToken(services.keys.unsubscribe, body.token);
    if (!subscriber) throw new ApiError(400, 'link_invalid', 'This unsubscribe link is incomplete or was changed.');
    await unsubscribe(services.db, subscriber);
    if (body.back && isFormPost(request)) return new Reply({ unsubscribed: true }, 303, { Location: `/${body.back}/unsubscribe?done=1` });
    return { unsubscribed: true };
  },
});
