/**
 * The code for a conversation a visitor started (contacts/chatStarts.ts): the 8 digits to type where they wrote, and
 * a link that does the same; in their language. It never quotes their message or the name they gave: whoever typed
 * the address chose both, and the first words of the organisation's e-mail are never a stranger's.
 */
import type { Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, expiryTime, mailButton, mailDocument } from './html.ts';
import { serverTranslator } from './messages.ts';
import type { OutgoingMail } from './outbox.ts';

export interface ChatStartMailInput {
  /** One e-mail per start: a retried request never sends a second. */
  idempotencyKey: string;
  to: string;
  lang: Lang;
  code: string;
  link: string;
  expiresAt: Date;
}

export function chatStartMail(input: ChatStartMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  const subject = t('mail.chatStart.subject', { organisation });
  const greeting = t('mail.greetingNoName');
  const intro = t('mail.chatStart.intro', { organisation });
  const orOpen = t('mail.chatStart.orOpen');
  const validUntil = t('mail.chatStart.validUntil', { time: expiryTime(input.lang, input.expiresAt) });
  const why = t('mail.chatStart.why', { organisation });
  const open = t('mail.invitation.open');
  const text = [greeting, '', intro, '', input.code, '', `${orOpen} ${input.link}`, '', validUntil, '', '—', why].join('\n');
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p dir="ltr" style="font-size: 1.75rem; font-weight: bold; letter-spacing: 0.2em; font-family: ui-monospace, monospace;">${escapeHtml(input.code)}</p>
<p>${escapeHtml(orOpen)}</p>
<p>${mailButton(input.link, open)}</p>
<p>${escapeHtml(t('mail.linkIntro'))}<br><span dir="ltr" style="word-break: break-all;">${escapeHtml(input.link)}</span></p>
<p>${escapeHtml(validUntil)}</p>`,
    footer: `<p>${escapeHtml(why)}</p>`,
  });
  return { idempotencyKey: input.idempotencyKey, kind: 'chatStart', to: input.to, subject, text, html };
}
