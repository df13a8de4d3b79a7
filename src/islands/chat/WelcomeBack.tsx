/**
 * The way back for a contact whose session ended, or whose link was used already: this device (or the link) knows
 * who they are, so one button e-mails them a link that opens this conversation (or all of theirs) — through the
 * "new link" path, with its limits, and saying nothing of the address. The code form stays, folded, for someone
 * with a code at hand or another person on a shared device.
 */
import { useId } from 'react';
import { isolate } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import EmailLinkButton from './EmailLinkButton.tsx';

interface Props {
  t: Translate;
  lang: Lang;
  contactId: string;
  name: string | undefined;
  /** The link was used or expired (else the session ended). */
  linkUsed: boolean;
  /** The conversation of this page; none on the conversations page. */
  chatBoxId: string | undefined;
  /** The code form, folded under "I have a code". */
  children: React.ReactNode;
}

export default function WelcomeBack({ t, lang, contactId, name, linkUsed, chatBoxId, children }: Props) {
  const id = useId();
  return (
    <div className="welcome-back">
      <section className="welcome-back-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{name ? t('session.welcomeBack.named', { name: isolate(name) }) : t('session.welcomeBack.title')}</h2>
        <p>
          {t(linkUsed ? 'session.welcomeBack.linkUsed' : 'session.welcomeBack.ended')}{' '}
          {t(chatBoxId ? 'session.welcomeBack.intro' : 'session.welcomeBack.introPage')}
        </p>
        <EmailLinkButton t={t} lang={lang} contactId={contactId} chatBoxId={chatBoxId} label="session.welcomeBack.send" />
      </section>
      <details className="welcome-back-code">
        <summary>{t('session.welcomeBack.haveCode')}</summary>
        {children}
      </details>
    </div>
  );
}
