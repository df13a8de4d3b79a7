/** POST /api/mail/*: one-click unsubscribe from missed-message e-mails, and undoing it. */
import type { ResubscribeAnswer, UnsubscribeAnswer } from '../../lib/api/mail.ts';
import { isLang } from '../../lib/i18n/languages.ts';
import { ApiError } from '../errors.ts';
import { isFormPost } from '../http/body.ts';
import { Reply } from '../http/requestAndAnswer.ts';
import { readUnsubscribeToken, unsubscribe } from '../mail/unsubscribe.ts';
import { route } from './route.ts';

/** The page's form without JavaScript names its language (`back`): it goes back to the page, with what happened. */
const backTo = (lang: string, token: string, outcome: string) => `/${lang}/unsubscribe?${new URLSearchParams({ token, [outcome]: '1' })}`;

// The token is in the address (List-Unsubscribe, the endpoints' query); the body a mail client sends says only "One-Click".
function switchRoute(endpoint: 'mailUnsubscribe' | 'mailResubscribe', on: boolean) {
  return route({
    endpoint,
    form: true,
    formRefused: ({ back }) => (isLang(back) ? `/${back}/unsubscribe?failed=1` : undefined),
    caller: 'anyone',
    async handle({ services, request, body }): Promise<UnsubscribeAnswer | ResubscribeAnswer | Reply> {
      const subscriber = readUnsubscribeToken(services.keys.unsubscribe, body.token);
      if (!subscriber) throw new ApiError(400, 'link_invalid', 'This unsubscribe link is incomplete or was changed.');
      await unsubscribe(services.db, subscriber, on);
      const answer = on ? ({ unsubscribed: false } as const) : ({ unsubscribed: true } as const);
      if (body.back && isFormPost(request)) {
        return new Reply(answer, 303, { Location: backTo(body.back, body.token, on ? 'resubscribed' : 'done') });
      }
      return answer;
    },
  });
}

export const routes = [switchRoute('mailUnsubscribe', false), switchRoute('mailResubscribe', true)];
