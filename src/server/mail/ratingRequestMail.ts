/**
 * "How was your conversation?" by e-mail, for a contact who was away when staff resolved it: five links, one a
 * score, each opening the rating page with it chosen (a comment can be added there; it works without JavaScript),
 * and the way to stop such e-mails.
 */
import { isolate } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, mailDocument } from './html.ts';
import { serverTranslator } from './messages.ts';
import type { OutgoingMail } from './outbox.ts';
import { ratingPageUrl } from './ratingLinks.ts';
import { unsubscribeHeaders, unsubscribePageUrl } from './unsubscribe.ts';

export interface RatingRequestMailInput {
  idempotencyKey: string;
  to: string;
  lang: Lang;
  name: string;
  ratingToken: string;
  siteUrl: string;
  unsubscribeToken: string;
}

export const scores = [1, 2, 3, 4, 5] as const;

export function ratingRequestMail(input: RatingRequestMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  const subject = t('mail.rating.subject', { organisation });
  const greeting = input.name ? t('mail.greeting', { name: isolate(input.name) }) : t('mail.greetingNoName');
  const intro = t('mail.rating.intro', { organisation });
  const question = t('rating.question');
  const why = t('mail.rating.why', { organisation });
  const stop = t('mail.transcript.stop');
  const stopUrl = unsubscribePageUrl(input.siteUrl, input.lang, input.unsubscribeToken);
  const link = (score: number) => ratingPageUrl(input.siteUrl, input.lang, input.ratingToken, score);
  const label = (score: number) => `${score} – ${t(`rating.score.${score}` as 'rating.score.1')}`;

  const text = [
    greeting,
    '',
    intro,
    '',
    question,
    ...scores.map((score) => `${label(score)}: ${link(score)}`),
    '',
    '—',
    why,
    `${stop}: ${stopUrl}`,
  ].join('\n');
  const buttons = scores
    .map(
      (score) =>
        `<a href="${escapeHtml(link(score))}" style="display: inline-block; margin: 0.2rem; padding: 0.5rem 0.8rem; border: 1px solid #2d5bd7; border-radius: 0.4rem; color: #2d5bd7; text-decoration: none;">${escapeHtml(label(score))}</a>`,
    )
    .join('\n');
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><strong>${escapeHtml(question)}</strong></p>
<p>${buttons}</p>`,
    footer: `<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(stopUrl)}" style="color: #555;">${escapeHtml(stop)}</a></p>`,
  });
  return {
    idempotencyKey: input.idempotencyKey,
    kind: 'ratingRequest',
    to: input.to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(input.siteUrl, input.unsubscribeToken),
  };
}
