/**
 * The invitation e-mail: who invited the contact, the link (a button and as text), how long it works; in their language.
 * The new link a contact asks for ("Send me a new link") is the same e-mail with its own subject and words.
 */
import { isolate } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, expiryTime, mailButton, mailDocument } from './html.ts';
import { serverTranslator } from './messages.ts';
import type { OutgoingMail } from './outbox.ts';

export interface InvitationMailInput {
  /** One e-mail per code: a retried request never sends a second. */
  idempotencyKey: string;
  to: string;
  lang: Lang;
  /** The staff member who invited them; none from the command line. */
  inviter?: string | undefined;
  link: string;
  expiresAt: Date;
  /** An invitation, or the new link the contact asked for (their own request: no inviter, other words). */
  kind?: 'invitation' | 'newLink';
}

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  const time = expiryTime(input.lang, input.expiresAt);
  // Not by the name staff typed: the first line of the organisation's e-mail is never words chosen by whoever sent it
  // (a name such as "your account is locked, sign in below"). The inviter is named below, as the one who invites.
  const greeting = t('mail.greetingNoName');
  const newLink = input.kind === 'newLink';
  const subject = t(newLink ? 'mail.newLink.subject' : 'mail.invitation.subject', { organisation });
  const invited = newLink
    ? t('mail.newLink.intro', { organisation })
    : input.inviter
      ? t('mail.invitation.invitedBy', { inviter: isolate(input.inviter), organisation })
      : t('mail.invitation.invited', { organisation });
  const validUntil = t('mail.invitation.validUntil', { time });
  const why = t(newLink ? 'mail.newLink.why' : 'mail.invitation.why', { organisation });
  const text = [greeting, '', invited, '', `${t('mail.invitation.open')}: ${input.link}`, '', validUntil, '', '—', why].join('\n');
  const link = escapeHtml(input.link);
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(invited)}</p>
<p>${mailButton(input.link, t('mail.invitation.open'))}</p>
<p>${escapeHtml(t('mail.linkIntro'))}<br><span dir="ltr" style="word-break: break-all;">${link}</span></p>
<p>${escapeHtml(validUntil)}</p>`,
    footer: `<p>${escapeHtml(why)}</p>`,
  });
  return {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind ?? 'invitation',
    to: input.to,
    subject,
    text,
    html,
  };
}
