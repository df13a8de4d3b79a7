/**
 * The missed-message e-mail: the unread messages' text (escaped, never made into links), who wrote each and when, a
 * link back in, and the way to stop these e-mails. The subject never carries message text. To a contact: staff
 * replies, with a fresh one-time-code link. To a staff member: a contact's messages nobody on the staff has read,
 * with a link to the conversation in the inbox.
 */
import { withoutBidiControls } from '../../lib/api/constants.ts';
import { isolate } from '../../lib/format.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, mailButton, mailDocument } from './html.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { serverTranslator } from './messages.ts';
import type { OutgoingMail } from './outbox.ts';
import { ratingQuestion } from './ratingRequestMail.ts';
import { unsubscribeHeaders, unsubscribePageUrl } from './unsubscribe.ts';

export interface MissedMessage {
  senderName: string;
  body: string;
  /** How many files it carries: the e-mail says so, and never carries them. */
  files?: number;
  createdAt: Date;
}

export interface MissedMessagesMailInput {
  idempotencyKey: string;
  /** Who gets it: the contact (replies from staff) or a staff member (a contact's messages). */
  side: 'contact' | 'staff';
  to: string;
  lang: Lang;
  /** The recipient's name, for the greeting. */
  name: string;
  /** Staff e-mails: who wrote (the contact's name, or their e-mail when they have none). */
  contactName?: string;
  /** Oldest first; the most recent ones when there are many. */
  messages: readonly MissedMessage[];
  /** More unread messages than shown. */
  earlier: boolean;
  link: string;
  /** When the link's code stops working (contacts' links). */
  expiresAt?: Date;
  siteUrl: string;
  unsubscribeToken: string;
  /** Contacts: staff resolved the conversation and ask how it was (its five links, mail/ratingLinks.ts). */
  ratingToken?: string;
}

/** A message's text as an e-mail quotes it, with a line for its files: they stay behind the link, where access is checked. */
export const quotedText = (t: Translate, message: { body: string; files?: number | undefined }) =>
  [message.body, message.files ? t('mail.files', { count: message.files }) : ''].filter(Boolean).join('\n');

/** A message in an e-mail's text: its heading, then its text quoted line by line, then a blank line. */
export const quotedLines = (t: Translate, heading: string, message: { body: string; files?: number | undefined }) => [
  `${heading}:`,
  ...quotedText(t, message)
    .split('\n')
    .map((line) => `> ${line}`),
  '',
];

export function missedMessagesMail(input: MissedMessagesMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  const locale = intlLocale(input.lang);
  // The recipient's time zone is unknown to the server: times say which one they are in.
  const when = (date: Date, style: Intl.DateTimeFormatOptions) =>
    `${new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' }).format(date)} (UTC)`;
  const staffSide = input.side === 'staff';
  // Names isolated in the text, so none can reorder the words around it (one stored before names lost bidi controls);
  // the subject, which some mail programs show without isolation, gets the name without them.
  const contactName = isolate(input.contactName ?? '');
  const subject = staffSide
    ? t('mail.staffMissed.subject', { name: withoutBidiControls(input.contactName ?? '') })
    : t('mail.missed.subject', { organisation });
  const greeting = input.name ? t('mail.greeting', { name: isolate(input.name) }) : t('mail.greetingNoName');
  const intro = staffSide ? t('mail.staffMissed.intro', { name: contactName }) : t('mail.missed.intro', { organisation });
  const open = t(staffSide ? 'mail.staffMissed.open' : 'mail.invitation.open');
  const validUntil = input.expiresAt
    ? t('mail.missed.validUntil', { time: when(input.expiresAt, { dateStyle: 'long', timeStyle: 'short' }) })
    : '';
  const why = staffSide ? t('mail.staffMissed.why', { organisation }) : t('mail.missed.why', { organisation });
  const stop = t('mail.missed.stop');
  const stopUrl = unsubscribePageUrl(input.siteUrl, input.lang, input.unsubscribeToken);
  const earlier = input.earlier ? t('mail.missed.earlier') : '';
  const rating = input.ratingToken ? ratingQuestion(t, input.siteUrl, input.lang, input.ratingToken) : undefined;
  const heading = (message: MissedMessage) =>
    `${isolate(message.senderName || organisation)} · ${when(message.createdAt, { timeStyle: 'short' })}`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...(earlier ? [earlier, ''] : []),
    ...input.messages.flatMap((message) => quotedLines(t, heading(message), message)),
    `${open}: ${input.link}`,
    ...(validUntil ? ['', validUntil] : []),
    ...(rating ? ['', rating.text] : []),
    '',
    '—',
    why,
    `${stop}: ${stopUrl}`,
  ].join('\n');

  const quoted = input.messages
    .map(
      (message) =>
        `<p style="margin: 1rem 0 0.25rem; font-size: 14px; color: #555;">${escapeHtml(heading(message))}</p>
<blockquote dir="auto" style="margin: 0; padding: 0.5rem 0.75rem; border-inline-start: 3px solid #2d5bd7; background: #f4f6fb; white-space: pre-wrap;">${escapeHtml(quotedText(t, message))}</blockquote>`,
    )
    .join('\n');
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${earlier ? `<p style="color: #555;">${escapeHtml(earlier)}</p>\n` : ''}${quoted}
<p style="margin-top: 1.5rem;">${mailButton(input.link, open)}</p>
<p>${escapeHtml(t('mail.linkIntro'))}<br><span dir="ltr" style="word-break: break-all;">${escapeHtml(input.link)}</span></p>
${validUntil ? `<p>${escapeHtml(validUntil)}</p>` : ''}${rating ? `\n${rating.html}` : ''}`,
    footer: `<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(stopUrl)}" style="color: #555;">${escapeHtml(stop)}</a></p>`,
  });
  return {
    idempotencyKey: input.idempotencyKey,
    kind: staffSide ? 'staffMissedMessages' : 'missedMessages',
    to: input.to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(input.siteUrl, input.unsubscribeToken),
  };
}
