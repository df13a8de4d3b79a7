/**
 * "How was your conversation?" by e-mail, for a contact who was away when staff resolved it: five links, one a
 * score, each opening the rating page with it chosen (a comment can be added there; it works without JavaScript),
 * and the way to stop such e-mails.
 */
import { isolate } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, mailDocument } from './html.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
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

/** "How was your conversation?" and its five links, as text and as HTML: its own e-mail, or a missed-message e-mail's end. */
export function ratingQuestion(t: Translate, siteUrl: string, lang: Lang, token: string): { text: string; html: string } {
  const question = t('rating.question');
  const link = (score: number) => ratingPageUrl(siteUrl, lang, token, score);
  const label = (score: number) => `${score} – ${t(`rating.score.${score}` as 'rating.score.1')}`;
  const buttons = scores
    .map(
      (score) =>
        `<a href="${escapeHtml(link(score))}" style="display: inline-block; margin: 0.2rem; padding: 0.5rem 0.8rem; border: 1px solid #2d5bd7; border-radius: 0.4rem; color: #2d5bd7; text-decoration: none;">${escapeHtml(label(score))}</a>`,
    )
    .join('\n');
  return {
    text: [question, ...scores.map((score) => `${label(score)}: ${link(score)}`)].join('\n'),
    html: `<p><strong>${escapeHtml(question)}</strong></p>\n<p>${buttons}</p>`,
  };
}

export function ratingRequestMail(input: RatingRequestMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  const subject = t('mail.rating.subject', { organisation });
  const greeting = input.name ? t('mail.greeting', { name: isolate(input.name) }) : t('mail.greetingNoName');
  const intro = t('mail.rating.intro', { organisation });
  const why = t('mail.rating.why', { organisation });
  const stop = t('mail.transcript.stop');
  const stopUrl = unsubscribePageUrl(input.siteUrl, input.lang, input.unsubscribeToken);
  const rating = ratingQuestion(t, input.siteUrl, input.lang, input.ratingToken);

  const text = [greeting, '', intro, '', rating.text, '', '—', why, `${stop}: ${stopUrl}`].join('\n');
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${rating.html}`,
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
