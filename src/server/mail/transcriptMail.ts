/**
 * A copy of a conversation for its contact: every message the contact could see (never an internal note), who wrote
 * each and when, and a link back to the conversation (without a code: a copy may be forwarded, and must not let
 * anyone in). Sent when the contact asks ("E-mail me this conversation") or, if the organisation wants, when staff
 * resolve the conversation; that one carries the way to stop such e-mails, as the missed-message e-mail does.
 */
import { isolate } from '../../lib/format.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, mailButton, mailDocument } from './html.ts';
import { serverTranslator } from './messages.ts';
import { quotedLines, quotedText } from './missedMessagesMail.ts';
import type { OutgoingMail } from './outbox.ts';
import { unsubscribeHeaders, unsubscribePageUrl } from './unsubscribe.ts';

export interface TranscriptMessage {
  /** Empty: the contact wrote it. */
  staffName: string | null;
  body: string;
  /** How many files it carries (named, never attached). */
  files?: number;
  createdAt: Date;
}

export interface TranscriptMailInput {
  idempotencyKey: string;
  /** The contact asked for it, or staff resolved the conversation and the organisation sends a copy then. */
  reason: 'asked' | 'resolved';
  to: string;
  lang: Lang;
  name: string;
  /** Oldest first; the most recent ones when there are many. */
  messages: readonly TranscriptMessage[];
  earlier: boolean;
  link: string;
  siteUrl: string;
  unsubscribeToken: string;
}

export function transcriptMail(input: TranscriptMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  // The recipient's time zone is unknown to the server: times say which one they are in.
  const format = new Intl.DateTimeFormat(intlLocale(input.lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const subject = t('mail.transcript.subject', { organisation });
  const greeting = input.name ? t('mail.greeting', { name: isolate(input.name) }) : t('mail.greetingNoName');
  const asked = input.reason === 'asked';
  const intro = t(asked ? 'mail.transcript.intro' : 'mail.transcript.introResolved', { organisation });
  const open = t('mail.invitation.open');
  const why = t(asked ? 'mail.transcript.why' : 'mail.transcript.whyResolved', { organisation });
  const stop = t('mail.transcript.stop');
  const stopUrl = unsubscribePageUrl(input.siteUrl, input.lang, input.unsubscribeToken);
  const earlier = input.earlier ? t('mail.missed.earlier') : '';
  const heading = (message: TranscriptMessage) =>
    `${isolate(message.staffName === null ? t('chat.you') : message.staffName || organisation)} · ${format.format(message.createdAt)} (UTC)`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...(earlier ? [earlier, ''] : []),
    ...input.messages.flatMap((message) => quotedLines(t, heading(message), message)),
    `${open}: ${input.link}`,
    '',
    '—',
    why,
    ...(asked ? [] : [`${stop}: ${stopUrl}`]),
  ].join('\n');

  const quoted = input.messages
    .map(
      (message) =>
        `<p style="margin: 1rem 0 0.25rem; font-size: 14px; color: #555;">${escapeHtml(heading(message))}</p>
<blockquote dir="auto" style="margin: 0; padding: 0.5rem 0.75rem; border-inline-start: 3px solid ${message.staffName === null ? '#999' : '#2d5bd7'}; background: #f4f6fb; white-space: pre-wrap;">${escapeHtml(quotedText(t, message))}</blockquote>`,
    )
    .join('\n');
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${earlier ? `<p style="color: #555;">${escapeHtml(earlier)}</p>\n` : ''}${quoted}
<p style="margin-top: 1.5rem;">${mailButton(input.link, open)}</p>
<p>${escapeHtml(t('mail.linkIntro'))}<br><span dir="ltr" style="word-break: break-all;">${escapeHtml(input.link)}</span></p>`,
    footer: `<p>${escapeHtml(why)}</p>${asked ? '' : `\n<p><a href="${escapeHtml(stopUrl)}" style="color: #555;">${escapeHtml(stop)}</a></p>`}`,
  });
  return {
    idempotencyKey: input.idempotencyKey,
    kind: 'transcript',
    to: input.to,
    subject,
    text,
    html,
    // Asked for: a reply to a request, not a mailing to leave. Sent by itself on resolving: leaving it is one click.
    ...(!asked && { headers: unsubscribeHeaders(input.siteUrl, input.unsubscribeToken) }),
  };
}
