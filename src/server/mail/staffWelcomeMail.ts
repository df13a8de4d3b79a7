/**
 * The e-mail to someone an admin has just added to the staff: who added them and as what, how to sign in (with the
 * address it went to), and a button to the sign-in page that lands on the inbox; in the language the admin chose.
 */
import { isolate } from '../../lib/format.ts';
import type { StaffRole } from '../../lib/api/staff.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { escapeHtml, mailButton, mailDocument } from './html.ts';
import { serverTranslator } from './messages.ts';
import type { OutgoingMail } from './outbox.ts';

export interface StaffWelcomeMailInput {
  /** One e-mail per addition: a retried request never sends a second. */
  idempotencyKey: string;
  to: string;
  lang: Lang;
  /** The admin who added them. */
  inviter: string;
  role: StaffRole;
  siteUrl: string;
}

export function staffWelcomeMail(input: StaffWelcomeMailInput): OutgoingMail {
  const t = serverTranslator(input.lang);
  const organisation = t('site.name');
  const subject = t('mail.staffWelcome.subject', { organisation });
  const intro = t('mail.staffWelcome.intro', {
    inviter: isolate(input.inviter),
    organisation,
    role: t(input.role === 'admin' ? 'staffAdmin.role.admin' : 'staffAdmin.role.agent'),
  });
  const howTo = t('mail.staffWelcome.howTo', { email: isolate(input.to) });
  const why = t('mail.staffWelcome.why', { organisation });
  const inbox = `/${input.lang}/chat`;
  const link = `${input.siteUrl.replace(/\/$/, '')}/${input.lang}/login?next=${encodeURIComponent(inbox)}`;
  const greeting = t('mail.greetingNoName');
  const text = [greeting, '', intro, '', howTo, '', `${t('mail.staffWelcome.open')}: ${link}`, '', '—', why].join('\n');
  const html = mailDocument({
    lang: input.lang,
    subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(howTo)}</p>
<p>${mailButton(link, t('mail.staffWelcome.open'))}</p>
<p>${escapeHtml(t('mail.linkIntro'))}<br><span dir="ltr" style="word-break: break-all;">${escapeHtml(link)}</span></p>`,
    footer: `<p>${escapeHtml(why)}</p>`,
  });
  return { idempotencyKey: input.idempotencyKey, kind: 'staffWelcome', to: input.to, subject, text, html };
}
